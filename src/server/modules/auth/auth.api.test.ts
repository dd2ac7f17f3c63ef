import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword } from '@/server/auth/passwords';
import { staff } from '@/server/db/schema';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness, sameAnswer } from '../../../../test/api';

const h = fileApiHarness();
beforeEach(async () => {
  await resetRateLimits();
});

const PASSWORD = 'Reagent#2026';

describe('POST /api/web/auth/login', () => {
  it('signs a customer in with a SHA-256 digest and sets an HttpOnly cookie', async () => {
    const res = await h.call('POST', '/api/web/auth/login', { form: { loginName: 'buyer@demo.example.com', password: await sha256Hex(PASSWORD) } });
    expect(res.status).toBe(200);
    const user = (res.body.data as { user: { token: string; id: number; username: string; companyName: string } }).user;
    expect(user.token.length).toBeGreaterThan(30);
    expect(user.companyName).toBe('上海示例生物科技有限公司');
    expect(res.body.msg).toBe('登录成功');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('reagent_session=');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(Object.keys(res.body.data as object)).toEqual(['user']);
    expect(Object.keys(user).sort()).toEqual(['branch', 'companyName', 'fileName', 'id', 'job', 'token', 'userinfoNo', 'username']);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
  });

  it('answers in English with the English message', async () => {
    const res = await h.call('POST', '/api/web/auth/login', { form: { loginName: 'BUYER@demo.example.com', password: await sha256Hex(PASSWORD) }, headers: { cookie: 'NEXT_LOCALE=en' } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Logged in');
  });

  it('gives one answer for a wrong password and an unknown account', async () => {
    const wrong = await h.call('POST', '/api/web/auth/login', { json: { loginName: 'buyer@demo.example.com', password: await sha256Hex('nope-nope') } });
    const unknown = await h.call('POST', '/api/web/auth/login', { json: { loginName: 'nobody@demo.example.com', password: await sha256Hex('nope-nope') } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(sameAnswer(wrong.body)).toEqual(sameAnswer(unknown.body));
  });

  it('refuses a plain password (not a digest) with a field error', async () => {
    const res = await h.call('POST', '/api/web/auth/login', { form: { loginName: 'buyer@demo.example.com', password: PASSWORD } });
    expect(res.status).toBe(400);
    expect((res.body.data as { field: string }[]).map((f) => f.field)).toContain('password');
  });

  it('refuses a missing login name', async () => {
    const res = await h.call('POST', '/api/web/auth/login', { form: { password: await sha256Hex(PASSWORD) } });
    expect(res.status).toBe(400);
    expect((res.body.data as { field: string }[]).map((f) => f.field)).toContain('loginName');
  });
});

describe('tokens and sessions', () => {
  it('accepts the token bare, as Bearer, as x-token and as the cookie', async () => {
    const token = await h.loginStaff('admin', 'Admin#2026');
    const variants: Record<string, string>[] = [
      { authorization: token },
      { authorization: `Bearer ${token}` },
      { 'x-token': token },
      { cookie: `reagent_session=${token}` },
    ];
    for (const headers of variants) {
      const res = await h.call('GET', '/api/admin/me', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect((res.body.data as { loginName: string }).loginName).toBe('admin');
    }
  });

  it('revokes the session at logout so the old token no longer works', async () => {
    const token = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(200);
    expect((await h.call('POST', '/api/admin/auth/logout', { token })).status).toBe(200);
    const after = await h.call('GET', '/api/admin/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('rejects garbage tokens as 401', async () => {
    expect((await h.call('GET', '/api/admin/me', { token: 'not-a-token' })).status).toBe(401);
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const token = await h.loginUser('buyer@demo.example.com', PASSWORD);
    const res = await h.call('POST', '/api/web/auth/logout', { headers: { cookie: `reagent_session=${token}`, origin: 'https://evil.example', host: 'localhost' } });
    expect(res.status).toBe(403);
    const same = await h.call('POST', '/api/web/auth/logout', { headers: { cookie: `reagent_session=${token}`, origin: 'http://localhost', host: 'localhost' } });
    expect(same.status).toBe(200);
  });

  it('refuses back-office sign-in to staff without ADMIN.ACCESS', async () => {
    await h.db.db.insert(staff).values({ loginName: 'norole', passwordHash: await hashPassword(await sha256Hex('Norole#2026')), name: '无角色' });
    const res = await h.call('POST', '/api/admin/auth/login', { form: { loginName: 'norole', password: await sha256Hex('Norole#2026') } });
    expect(res.status).toBe(403);
    await h.db.db.delete(staff).where(eq(staff.loginName, 'norole'));
  });
});

describe('GET /api/admin/menus', () => {
  it('gives the administrator the system-setting menu', async () => {
    const token = await h.loginStaff('admin', 'Admin#2026');
    const res = await h.call('GET', '/api/admin/menus', { token });
    expect(res.status).toBe(200);
    const paths = JSON.stringify(res.body.data);
    expect(paths).toContain('/system-setting');
    expect(paths).toContain('stafflist');
  });

  it('hides what a sales member may not see', async () => {
    const token = await h.loginStaff('sales', 'Sales#2026');
    const res = await h.call('GET', '/api/admin/menus', { token });
    expect(res.status).toBe(200);
    const paths = JSON.stringify(res.body.data);
    expect(paths).not.toContain('stafflist');
    expect(paths).not.toContain('/system-setting');
  });

  it('answers 401 to guests and to customer tokens', async () => {
    expect((await h.call('GET', '/api/admin/menus')).status).toBe(401);
    const customer = await h.loginUser('buyer@demo.example.com', PASSWORD);
    expect((await h.call('GET', '/api/admin/menus', { token: customer })).status).toBe(401);
  });
});
