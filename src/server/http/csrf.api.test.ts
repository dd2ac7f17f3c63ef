import { beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../test/api';

const h = fileApiHarness();
beforeEach(async () => {
  await resetRateLimits();
});

const PASSWORD = 'Reagent#2026';
const BUYER = 'buyer@demo.example.com';
const SITE = { host: 'localhost' };
const EVIL = { ...SITE, origin: 'http://evil.example' };
const CART = '/api/app/api/order/shopcart/items';

async function loginForm() {
  return { loginName: BUYER, password: await sha256Hex(PASSWORD) };
}

describe('sign-in, registration and codes from another site (login CSRF)', () => {
  it('refuses a cross-origin sign-in without a session cookie, and sets no cookie', async () => {
    const res = await h.call('POST', '/api/web/auth/login', { form: await loginForm(), headers: EVIL });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, data: null });
    expect(res.headers.get('set-cookie')).toBeNull();
    for (const headers of [{ ...SITE, origin: 'null' }, { ...SITE, 'sec-fetch-site': 'cross-site' }, { ...SITE, referer: 'http://evil.example/x' }]) {
      expect((await h.call('POST', '/api/web/auth/login', { form: await loginForm(), headers })).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await h.call('POST', '/api/admin/auth/login', { form: { loginName: 'admin', password: await sha256Hex('Admin#2026') }, headers: EVIL })).status).toBe(403);
  });

  it('refuses cross-origin registration, code requests and code sign-in', async () => {
    const sendCode = await h.call('POST', '/api/web/auth/sendCode', { form: { loginName: 'new-lab@example.org', purpose: 'register' }, headers: EVIL });
    expect(sendCode.status).toBe(403);
    const register = await h.call('POST', '/api/web/auth/register', {
      form: { loginName: 'new-lab@example.org', password: await sha256Hex('Long#Pass2026'), repeatPwd: await sha256Hex('Long#Pass2026'), verifyCode: '123456' },
      headers: EVIL,
    });
    expect(register.status).toBe(403);
    const byCode = await h.call('POST', '/api/web/register/loginByCode', { json: { data: { loginName: BUYER, verifyCode: '123456' } }, headers: EVIL });
    expect(byCode.status).toBe(403);
  });

  it('signs in from this site, and from clients that send no browser headers', async () => {
    const same = await h.call('POST', '/api/web/auth/login', { form: await loginForm(), headers: { ...SITE, origin: 'http://localhost' } });
    expect(same.status).toBe(200);
    expect(same.headers.get('set-cookie')).toContain('reagent_session=');
    expect((await h.call('POST', '/api/web/auth/login', { form: await loginForm() })).status).toBe(200);
  });
});

describe('cookie-authenticated writes', () => {
  async function cookieOf(): Promise<string> {
    return `reagent_session=${await h.loginUser(BUYER, PASSWORD)}`;
  }

  it('need a same-origin Origin, Sec-Fetch-Site or Referer', async () => {
    const cookie = await cookieOf();
    const refused = [
      { cookie, ...SITE },
      { cookie, ...SITE, referer: 'http://evil.example/page' },
      { cookie, ...SITE, origin: 'https://localhost' },
      { cookie, ...SITE, origin: 'http://localhost:3901' },
      { cookie, ...SITE, 'sec-fetch-site': 'none' },
    ];
    for (const headers of refused) {
      const res = await h.call('POST', CART, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.msg).toBe('拒绝来自其他站点的请求');
    }
    for (const headers of [{ cookie, ...SITE, origin: 'http://localhost' }, { cookie, ...SITE, 'sec-fetch-site': 'same-origin' }, { cookie, ...SITE, referer: 'http://localhost/order/shoppingcart' }]) {
      expect((await h.call('POST', CART, { headers })).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('change nothing when refused', async () => {
    const cookie = await cookieOf();
    const [pack] = await h.db.db.query.productPacks.findMany({ limit: 1 });
    const before = (await h.call('POST', CART, { headers: { cookie, ...SITE, origin: 'http://localhost' } })).body.data as { count: number };
    const res = await h.call('POST', '/api/app/api/order/shopcart/item/add', { form: { packId: String(pack!.id), num: '2' }, headers: { cookie, ...SITE } });
    expect(res.status).toBe(403);
    const after = (await h.call('POST', CART, { headers: { cookie, ...SITE, origin: 'http://localhost' } })).body.data as { count: number };
    expect(after.count).toBe(before.count);
  });

  it('compare the scheme: https is this site only when TLS is known to end in front of it', async () => {
    const cookie = await cookieOf();
    const before = process.env.COOKIE_SECURE;
    process.env.COOKIE_SECURE = '1';
    try {
      expect((await h.call('POST', CART, { headers: { cookie, ...SITE, origin: 'https://localhost' } })).status).toBe(200);
      expect((await h.call('POST', CART, { headers: { cookie, ...SITE, origin: 'http://localhost' } })).status).toBe(403);
    } finally {
      if (before === undefined) delete process.env.COOKIE_SECURE;
      else process.env.COOKIE_SECURE = before;
    }
  });

  it('do not concern token clients', async () => {
    const token = await h.loginUser(BUYER, PASSWORD);
    expect((await h.call('POST', CART, { token })).status).toBe(200);
    expect((await h.call('POST', CART, { headers: { 'x-token': token } })).status).toBe(200);
    expect((await h.call('POST', CART, { token, headers: { ...SITE, origin: 'http://elsewhere.example' } })).status).toBe(200);
  });
});
