import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { createSession } from '@/server/auth/sessions';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness({ products: 20 });
beforeEach(async () => {
  await resetRateLimits();
});
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

const PASSWORD = 'Reagent#2026';
const CART = '/api/app/api/order/shopcart/items';

async function login(loginName: string, password: string, headers: Record<string, string> = {}) {
  return h.call('POST', '/api/web/auth/login', { form: { loginName, password: await sha256Hex(password) }, headers });
}

describe('sessions at sign-in and sign-out', () => {
  it('rotates the session at login: the token the request came with is revoked', async () => {
    const first = await h.loginUser('buyer@demo.example.com', PASSWORD);
    const again = await login('buyer@demo.example.com', PASSWORD, { authorization: first });
    expect(again.status).toBe(200);
    const second = (again.body.data as { user: { token: string } }).user.token;
    expect(second).not.toBe(first);
    expect((await h.call('POST', CART, { token: first })).status).toBe(401);
    expect((await h.call('POST', CART, { token: second })).status).toBe(200);
  });

  it('revokes the session at logout; the old token then answers 401', async () => {
    const token = await h.loginUser('buyer@demo.example.com', PASSWORD);
    expect((await h.call('POST', CART, { token })).status).toBe(200);
    const out = await h.call('POST', '/api/web/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/reagent_session=;/);
    const reuse = await h.call('POST', CART, { token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.msg).toBe('权限不足或登录超时，请重新登录！');
  });

  it('marks the cookie Secure behind TLS', async () => {
    const res = await h.app.request('https://shop.example.com/api/web/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ loginName: 'buyer@demo.example.com', password: await sha256Hex(PASSWORD) }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/i);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
  });

  it('believes X-Forwarded-Proto only from a direct peer that TRUST_PROXY names', async () => {
    // Next.js builds the request URL's scheme from X-Forwarded-Proto whoever sent it; scripts/serve.mjs
    // appends the TCP peer to X-Forwarded-For and tells the connection's own scheme in X-Reagent-Scheme.
    const secure = async (forwardedFor: string, proto: string) => {
      const res = await h.app.request('https://shop.example.com/api/web/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto, 'x-reagent-scheme': 'http' },
        body: new URLSearchParams({ loginName: 'buyer@demo.example.com', password: await sha256Hex(PASSWORD) }).toString(),
      });
      expect(res.status).toBe(200);
      return /;\s*Secure/i.test(res.headers.get('set-cookie') ?? '');
    };
    delete process.env.TRUST_PROXY;
    expect(await secure('203.0.113.9', 'https')).toBe(false);
    expect(await secure('127.0.0.1', 'https')).toBe(false);
    process.env.TRUST_PROXY = '127.0.0.1,::1';
    expect(await secure('203.0.113.9', 'https')).toBe(false);
    expect(await secure('127.0.0.1, 203.0.113.9', 'https')).toBe(false);
    expect(await secure('203.0.113.9, 127.0.0.1', 'https')).toBe(true);
    // The entry the trusted peer wrote (the last) counts, not one a client put before it.
    expect(await secure('203.0.113.9, ::ffff:127.0.0.1', 'http, https')).toBe(true);
    expect(await secure('203.0.113.9, 127.0.0.1', 'https, http')).toBe(false);
    expect(await secure('203.0.113.9, 127.0.0.1', 'http')).toBe(false);
    process.env.TRUST_PROXY = '1';
    expect(await secure('203.0.113.9, 10.0.0.2', 'https')).toBe(true);
  });

  it('asks for a silent renewal (402) in the last day of a session, and renews it', async () => {
    const [buyer] = await h.db.db.query.users.findMany({ where: (u, { eq }) => eq(u.loginName, 'buyer@demo.example.com'), limit: 1 });
    const old = await createSession(h.db.db, { subjectType: 'user', subjectId: buyer!.id, now: new Date(Date.now() - 13.5 * 86_400_000) });
    const res = await h.call('POST', CART, { token: old.token });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe(402);
    const renewed = await h.call('POST', '/api/web/auth/renew', { token: old.token });
    expect(renewed.status).toBe(200);
    const token = (renewed.body.data as { token: string }).token;
    expect(token).not.toBe(old.token);
    expect(renewed.headers.get('set-cookie')).toContain(`reagent_session=${token}`);
    expect((await h.call('POST', CART, { token })).status).toBe(200);
    expect((await h.call('POST', CART, { token: old.token })).status).toBe(401);
  });

  it('refuses cookie-authenticated account writes from another origin', async () => {
    const token = await h.loginUser('buyer@demo.example.com', PASSWORD);
    const body = { oldPassword: await sha256Hex(PASSWORD), password: await sha256Hex('Another#Pass1'), repeatPwd: await sha256Hex('Another#Pass1') };
    for (const path of ['/api/web/auth/changePassword', '/api/web/auth/renew']) {
      const res = await h.call('POST', path, { form: body, headers: { cookie: `reagent_session=${token}`, origin: 'https://evil.example', host: 'localhost' } });
      expect(res.status, path).toBe(403);
      const viaFetchMetadata = await h.call('POST', path, { form: body, headers: { cookie: `reagent_session=${token}`, 'sec-fetch-site': 'cross-site' } });
      expect(viaFetchMetadata.status, path).toBe(403);
    }
    expect((await h.call('POST', CART, { token })).status).toBe(200);
  });

  it('refuses to renew without a live session', async () => {
    expect((await h.call('POST', '/api/web/auth/renew')).status).toBe(401);
    expect((await h.call('POST', '/api/web/auth/renew', { token: 'revoked-or-made-up' })).status).toBe(401);
  });
});

describe('brute force at login', () => {
  it('six bad passwords: five answer 400, the sixth is held back (429) even with the right password', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login('approver@demo.example.com', `wrong-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const sixth = await login('approver@demo.example.com', PASSWORD);
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toMatch(/^尝试次数过多，请 \d+ 秒后再试$/);
    const retryAfter = (sixth.body.data as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect(sixth.headers.get('retry-after')).toBe(String(retryAfter));
    // Another account is not affected.
    expect((await login('buyer@demo.example.com', PASSWORD)).status).toBe(200);
  });

  it('a success clears the account count', async () => {
    for (let i = 0; i < 4; i++) expect((await login('employee@demo.example.com', `wrong-${i}`)).status).toBe(400);
    expect((await login('employee@demo.example.com', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('employee@demo.example.com', `wrong-${i}`)).status).toBe(400);
    expect((await login('employee@demo.example.com', PASSWORD)).status).toBe(200);
  });

  it('answers a known and an unknown account alike, throttling included', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await login('admin@demo.example.com', 'not-the-password');
      const b = await login('nobody-here@demo.example.com', 'not-the-password');
      known.push([a.status, a.body.code, a.body.msg.replace(/\d+/g, 'N')]);
      unknown.push([b.status, b.body.code, b.body.msg.replace(/\d+/g, 'N')]);
    }
    expect(known).toEqual(unknown);
    expect(known.at(-1)).toEqual([429, 429, '尝试次数过多，请 N 秒后再试']);
  });
});

describe('client addresses and forged X-Forwarded-For', () => {
  // The app's server appends the TCP peer as the last entry; everything left of it is what the client sent.
  const fromPeer = (peer: string, forged?: string) => ({ 'x-forwarded-for': forged ? `${forged}, ${peer}` : peer });

  async function failManyAccounts(count: number, headersOf: (i: number) => Record<string, string>) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await login(`probe-${i}@attacker.example`, 'guess', headersOf(i))).status);
    return statuses;
  }

  it('throttles one address across accounts; rotating a forged X-Forwarded-For does not help', async () => {
    const statuses = await failManyAccounts(21, (i) => fromPeer('203.0.113.5', `198.51.100.${i}, 10.0.0.${i}`));
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const another = await login('buyer@demo.example.com', PASSWORD, fromPeer('203.0.113.5', '192.0.2.77'));
    expect(another.status).toBe(429);
    // A different peer is a different client.
    expect((await login('buyer@demo.example.com', PASSWORD, fromPeer('203.0.113.6'))).status).toBe(200);
  });

  it('behind one trusted proxy (TRUST_PROXY=1) uses the address that proxy saw, not the forged ones', async () => {
    process.env.TRUST_PROXY = '1';
    const statuses = await failManyAccounts(21, (i) => fromPeer('127.0.0.1', `6.6.6.${i}, 203.0.113.8`));
    expect(statuses[20]).toBe(429);
    expect((await login('buyer@demo.example.com', PASSWORD, fromPeer('127.0.0.1', '203.0.113.9'))).status).toBe(200);
  });

  it('with a list of trusted proxies skips them, and only them', async () => {
    process.env.TRUST_PROXY = '127.0.0.1,10.0.0.0/8';
    const statuses = await failManyAccounts(21, (i) => fromPeer('127.0.0.1', `6.6.${i}.6, 203.0.113.10, 10.1.1.1`));
    expect(statuses[20]).toBe(429);
    expect((await login('buyer@demo.example.com', PASSWORD, fromPeer('127.0.0.1', '203.0.113.10, 10.9.9.9'))).status).toBe(429);
    expect((await login('buyer@demo.example.com', PASSWORD, fromPeer('127.0.0.1', '203.0.113.11, 10.1.1.1'))).status).toBe(200);
  });
});

describe('the back-office table’s session calls', () => {
  it('signs in and out under /api/app/user like under /api/web/auth', async () => {
    const bad = await h.call('POST', '/api/app/user/login', { form: { loginName: 'buyer@demo.example.com', password: 'short' } });
    expect(bad.status).toBe(400);
    const res = await h.call('POST', '/api/app/user/login', { form: { loginName: 'buyer@demo.example.com', password: await sha256Hex('Reagent#2026') } });
    expect(res.status).toBe(200);
    const token = (res.body.data as { user: { token: string } }).user.token;
    expect((await h.call('POST', '/api/web/cart/summary', { token })).status).toBe(200);
    expect((await h.call('GET', '/api/app/sale/count', { token })).status).toBe(200);
    expect((await h.call('POST', '/api/app/user/logout', { token })).status).toBe(200);
    expect((await h.call('GET', '/api/app/sale/count', { token })).status).toBe(401);
  });
});
