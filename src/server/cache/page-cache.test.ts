import { request, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { routing } from '@/i18n/routing';
import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locales';
import { bumpPageGeneration } from './page-cache';
import { splitBuffer } from './page-cache-gzip';
import { isGuestPageRequest, isSharedPagePath, LOCALE_COOKIE, localeOfPath, PAGE_LOCALES, pageCacheSettings, renderSharedPageAsGuest } from './page-cache-request';
import { closeStand, get, nonceOf, renderPage, stand, type Render } from '../../../test/page-cache-stand';

/** The guest page cache that scripts/serve.mjs puts in front of Next.js (ADR 0039): what it keeps, for whom, how long. Compression: page-cache-gzip.test.ts. */

afterEach(closeStand);

/** The page cache's answer header for a GET sent with this Host header (fetch sends the address's own). */
function fetchWithHost(port: number, host: string, path: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve((res.headers['x-page-cache'] as string | undefined) ?? null));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A stand with background refreshes whose renders wait, while `held.on`, until `releaseAll()`. */
async function heldRenders(seconds: number) {
  const releases: (() => void)[] = [];
  const held = { on: false };
  const s = await stand((req, res, nonce) => {
    if (!held.on) return renderPage(req, res, nonce);
    void new Promise<void>((r) => releases.push(r)).then(() => renderPage(req, res, nonce));
  }, { seconds, refresh: true });
  return { s, held, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe('guest page cache', () => {
  it('answers a guest from the cache after the first render, with a fresh nonce in the policy and on every script', async () => {
    const s = await stand();
    const first = await get(s.port, '/product/list?type=1');
    const second = await get(s.port, '/product/list?type=1');
    const third = await get(s.port, '/product/list?type=1');
    expect(s.rendered()).toBe(1);
    expect(s.results).toEqual(['miss', 'hit', 'hit']);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(first.headers.get('x-page-cache')).toBeNull();
    const nonces = [first, second, third].map((r) => nonceOf(r.headers.get('content-security-policy')));
    expect(new Set(nonces).size).toBe(3);
    for (const [i, r] of [first, second, third].entries()) {
      expect(r.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonces[i]}"`, `nonce="${nonces[i]}"`]);
      expect(r.body).toContain('/product/list?type=1 你好');
    }
    // The kept page's own nonce never leaves the server again.
    expect(second.body).not.toContain(nonces[0]);
    expect(second.headers.get('vary')).toBe('rsc, Accept-Encoding');
    expect(second.headers.get('x-request-id')).toBe('r1');
  });

  it('never serves or keeps a signed-in request outside the shared pages, nor a token, navigation, preview or back-office request', async () => {
    const s = await stand();
    const cases: [string, Record<string, string>][] = [
      ['/p', { cookie: 'reagent_session=abc' }],
      ['/order/shoppingcart', { cookie: 'reagent_session=abc' }],
      ['/en/account/quotations', { cookie: 'reagent_session=abc' }],
      ['/sys/profile', { cookie: 'reagent_session=abc' }],
      ['/product/list?type=1', { cookie: 'reagent_session=abc; other=1' }],
      ['/product/list?type=1', { cookie: 'reagent_session=abc', authorization: 'x' }],
      ['/product/list?type=1', { cookie: 'reagent_session=abc', rsc: '1' }],
      ['/news/detail?id=1&preview=1', { cookie: 'reagent_session=abc' }],
      ['/p', { cookie: 'reagent_vid=x; other=1' }],
      ['/p', { authorization: 'Bearer x' }],
      ['/p', { 'x-token': 'x' }],
      ['/p', { rsc: '1' }],
      ['/p', { 'next-router-prefetch': '1' }],
      ['/p?_rsc=abc', {}],
      ['/news/detail?id=1&preview=1', {}],
      ['/admin/dashboard', {}],
      ['/en/admin', {}],
    ];
    for (const [path, headers] of cases) {
      await get(s.port, path, headers);
      await get(s.port, path, headers);
    }
    expect(s.rendered()).toBe(cases.length * 2);
    expect(s.results.every((r) => r === 'bypass')).toBe(true);
    // The visitor id and the language cookie change nothing on a page.
    await get(s.port, '/p', { cookie: 'reagent_vid=abc; NEXT_LOCALE=en' });
    await get(s.port, '/p');
    expect(s.rendered()).toBe(cases.length * 2 + 1);
  });

  it('answers signed-in visitors of a shared storefront page from the same kept page, rendered without their session (ADR 0076)', async () => {
    const seen: (string | undefined)[] = [];
    const s = await stand((req, res, nonce) => {
      seen.push(req.headers.cookie);
      renderPage(req, res, nonce);
    });
    const path = '/product/detail?id=1';
    const a = await get(s.port, path, { cookie: 'reagent_session=buyer-a; NEXT_LOCALE=zh-CN' });
    const b = await get(s.port, path, { cookie: 'reagent_session=buyer-b' });
    const guest = await get(s.port, path);
    expect(s.results).toEqual(['miss', 'hit', 'hit']);
    expect(s.rendered()).toBe(1);
    // The render never saw the session: what is kept cannot hold anything of the buyer.
    expect(seen).toEqual(['NEXT_LOCALE=zh-CN']);
    const strip = (body: string, nonce: string) => body.split(nonce).join('NONCE');
    const bodies = [a, b, guest].map((r) => strip(r.body, nonceOf(r.headers.get('content-security-policy'))));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toContain('buyer-');
    // The kept page sets no cookie but the language; the session cookie is left alone in the browser.
    expect(b.headers.get('set-cookie') ?? '').not.toContain('reagent_session');
  });

  it('takes the session cookie off shared storefront pages only, and knows which pages those are', () => {
    const req = (url: string, cookie?: string, method = 'GET') => ({ method, url, headers: cookie ? { cookie } : {} }) as unknown as IncomingMessage;
    for (const path of ['/', '/en', '/zh', '/en/', '/product/index/hot', '/en/product/detail', '/product/list', '/brand/detail', '/news/index', '/support/list', '/resources/index/msds', '/about/index/about', '/contact/contact', '/promotion/hot', '/privacy', '/citations', '/applications/list']) {
      expect(isSharedPagePath(path), path).toBe(true);
    }
    for (const path of ['/order', '/order/shoppingcart', '/en/order/checkout', '/account/quotations', '/sys/profile', '/admin', '/en/admin/dashboard', '/401', '/redirect', '/subscription/confirm', '/productx', '/english']) {
      expect(isSharedPagePath(path), path).toBe(false);
    }
    const shared = req('/product/list?type=1', 'reagent_vid=v; reagent_session=t; NEXT_LOCALE=en');
    renderSharedPageAsGuest(shared);
    expect(shared.headers.cookie).toBe('reagent_vid=v; NEXT_LOCALE=en');
    const only = req('/', 'reagent_session=t');
    renderSharedPageAsGuest(only);
    expect(only.headers.cookie).toBeUndefined();
    for (const untouched of [req('/order/shoppingcart', 'reagent_session=t'), req('/news/detail?id=1&preview=1', 'reagent_session=t'), req('/product/list', 'reagent_session=t', 'POST')]) {
      renderSharedPageAsGuest(untouched);
      expect(untouched.headers.cookie).toBe('reagent_session=t');
    }
  });

  it('keeps only a 200 HTML answer that carries a nonce and sets no cookie but the language of its address', async () => {
    const answers: Record<string, Render> = {
      '/missing': (_q, res, nonce) => { res.statusCode = 404; res.setHeader('content-type', 'text/html'); res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`); res.end('no'); },
      '/cookie': (req, res, nonce) => { res.setHeader('set-cookie', ['NEXT_LOCALE=zh-CN; Path=/', 'a=1']); res.setHeader('content-type', 'text/html'); res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`); res.end('<p>x</p>'); },
      '/other-locale': (_q, res, nonce) => { res.setHeader('set-cookie', 'NEXT_LOCALE=en; Path=/'); res.setHeader('content-type', 'text/html'); res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`); res.end('<p>x</p>'); },
      '/json': (_q, res, nonce) => { res.setHeader('content-type', 'application/json'); res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`); res.end('{}'); },
      '/plain-policy': (_q, res) => { res.setHeader('content-type', 'text/html'); res.setHeader('content-security-policy', "script-src 'self'"); res.end('<p>x</p>'); },
    };
    const s = await stand((req, res, nonce) => (answers[req.url ?? ''] ?? renderPage)(req, res, nonce));
    for (const path of Object.keys(answers)) {
      await get(s.port, path);
      await get(s.port, path);
    }
    expect(s.rendered()).toBe(10);
  });

  it('sets the language cookie on a kept page as next-intl would: when the browser does not have it', async () => {
    const s = await stand();
    const first = await get(s.port, '/en/product/list');
    expect(first.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=en;/);
    const bare = await get(s.port, '/en/product/list');
    expect(bare.headers.get('x-page-cache')).toBe('hit');
    expect(bare.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=en; Path=\/; Expires=.+; Max-Age=31536000; SameSite=lax$/);
    const other = await get(s.port, '/en/product/list', { cookie: 'NEXT_LOCALE=zh-CN' });
    expect(other.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=en;/);
    const same = await get(s.port, '/en/product/list', { cookie: 'NEXT_LOCALE=en' });
    expect(same.headers.get('x-page-cache')).toBe('hit');
    expect(same.headers.get('set-cookie')).toBeNull();
    expect(s.rendered()).toBe(1);
    // A page first rendered for a browser that had the cookie is kept with the language of its address.
    await get(s.port, '/x', { cookie: 'NEXT_LOCALE=zh-CN' });
    expect((await get(s.port, '/x')).headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=zh-CN;/);
    expect(s.rendered()).toBe(2);
    // Never on a background request.
    expect((await get(s.port, '/x', { 'sec-fetch-dest': 'empty' })).headers.get('set-cookie')).toBeNull();
    expect((await get(s.port, '/x', { 'sec-fetch-dest': 'document' })).headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=zh-CN;/);
  });

  it("keeps a page rendered for a browser whose Accept-Language is the page's language (next-intl sets no cookie then)", async () => {
    const s = await stand();
    const first = await get(s.port, '/product/detail?id=2', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(first.headers.get('set-cookie')).toBeNull();
    const again = await get(s.port, '/product/detail?id=2', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(again.body).toContain('/product/detail?id=2');
    const en = await get(s.port, '/en/product/detail?id=2', { 'accept-language': 'en-US' });
    expect(en.headers.get('set-cookie')).toBeNull();
    expect((await get(s.port, '/en/product/detail?id=2', { 'accept-language': 'en-US' })).headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(2);
  });

  it("reads a page's language from its address as the site routing does", () => {
    expect([PAGE_LOCALES.default, ...PAGE_LOCALES.prefixed].sort()).toEqual([...LOCALES].sort());
    expect(PAGE_LOCALES.default).toBe(DEFAULT_LOCALE);
    expect(routing.localePrefix).toBe('as-needed');
    expect(routing.localeDetection).toBe(false);
    expect(localeOfPath('/')).toBe('zh-CN');
    expect(localeOfPath('/product/list')).toBe('zh-CN');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/product/list')).toBe('en');
    expect(localeOfPath('/zh/news')).toBe('zh');
    expect(localeOfPath('/english')).toBe('zh-CN');
  });

  it('writes the language cookie with the attributes of the site routing', () => {
    const cookie = routing.localeCookie;
    expect(cookie && typeof cookie === 'object' ? { name: cookie.name, maxAgeSeconds: cookie.maxAge, sameSite: cookie.sameSite } : null).toEqual(LOCALE_COOKIE);
  });

  it('forgets pages after their lifetime and at once when the storefront is revalidated', async () => {
    const s = await stand(renderPage, { seconds: 5 });
    await get(s.port, '/x');
    s.clock.now += 4_000;
    await get(s.port, '/x');
    expect(s.rendered()).toBe(1);
    // Expired: the next request renders it again; while it does, other guests get the kept page.
    s.clock.now += 1_001;
    await get(s.port, '/x');
    expect(s.rendered()).toBe(2);
    s.clock.now += 10_001;
    await get(s.port, '/x');
    expect(s.rendered()).toBe(3);
    bumpPageGeneration();
    await get(s.port, '/x');
    expect(s.rendered()).toBe(4);
    await get(s.port, '/x');
    expect(s.rendered()).toBe(4);
  });

  it('while one request renders an expired page again, other guests get the kept page', async () => {
    let release = () => {};
    let hold = false;
    const s = await stand((req, res, nonce) => {
      if (!hold) return renderPage(req, res, nonce);
      void new Promise<void>((r) => (release = r)).then(() => renderPage(req, res, nonce));
    }, { seconds: 5 });
    await get(s.port, '/z');
    s.clock.now += 5_001;
    hold = true;
    const refreshing = get(s.port, '/z');
    await new Promise((r) => setTimeout(r, 50));
    const meanwhile = await get(s.port, '/z');
    expect(meanwhile.headers.get('x-page-cache')).toBe('stale');
    expect(s.rendered()).toBe(2);
    release();
    expect((await refreshing).headers.get('x-page-cache')).toBeNull();
    hold = false;
    expect((await get(s.port, '/z')).headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(2);
  });

  it('with a background refresh, the visitor who finds a page expired gets the kept page and nobody waits for its render', async () => {
    const { s, held, releaseAll } = await heldRenders(5);
    const first = await get(s.port, '/r?id=1');
    s.clock.now += 5_001;
    held.on = true;
    // The expired page goes out at once, marked stale; its render runs meanwhile, once.
    const stale = await get(s.port, '/r?id=1');
    expect(stale.headers.get('x-page-cache')).toBe('stale');
    expect(stale.body.split(nonceOf(stale.headers.get('content-security-policy'))).join('N')).toBe(first.body.split(nonceOf(first.headers.get('content-security-policy'))).join('N'));
    expect((await get(s.port, '/r?id=1')).headers.get('x-page-cache')).toBe('stale');
    expect(s.refreshed).toEqual(['/r?id=1']);
    expect(s.rendered()).toBe(2);
    releaseAll();
    await s.refreshesDone();
    // The refreshed page is kept fresh in its place, under the same address and host.
    const fresh = await get(s.port, '/r?id=1');
    expect(fresh.headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(2);
    expect(s.stats().entries).toBe(1);
  });

  it('renders no more than two pages in the background at once; a later visitor starts the next', async () => {
    const { s, held, releaseAll } = await heldRenders(5);
    for (const path of ['/a', '/b', '/c']) await get(s.port, path);
    s.clock.now += 5_001;
    held.on = true;
    for (const path of ['/a', '/b', '/c']) expect((await get(s.port, path)).headers.get('x-page-cache')).toBe('stale');
    expect(s.refreshed).toEqual(['/a', '/b']);
    held.on = false;
    releaseAll();
    await s.refreshesDone();
    expect((await get(s.port, '/c')).headers.get('x-page-cache')).toBe('stale');
    await s.refreshesDone();
    expect(s.refreshed).toEqual(['/a', '/b', '/c']);
    for (const path of ['/a', '/b', '/c']) expect((await get(s.port, path)).headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(6);
  });

  it('answers a refresh header without this process\'s token from the cache, and renders a page past a second lifetime for its visitor', async () => {
    const s = await stand(renderPage, { seconds: 5, refresh: true });
    await get(s.port, '/f');
    expect((await get(s.port, '/f', { 'x-page-refresh': 'guessed' })).headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(1);
    // Older than two lifetimes: not served; the visitor's own request renders it, no background render.
    s.clock.now += 10_001;
    expect((await get(s.port, '/f')).headers.get('x-page-cache')).toBeNull();
    expect(s.refreshed).toEqual([]);
    expect(s.rendered()).toBe(2);
  });

  it('leaves the kept page when its background render fails, until a later visitor tries again', async () => {
    let fail = false;
    const s = await stand((req, res, nonce) => {
      if (!fail) return renderPage(req, res, nonce);
      res.statusCode = 500;
      res.end('failed');
    }, { seconds: 10, refresh: true });
    await get(s.port, '/e');
    s.clock.now += 10_001;
    fail = true;
    expect((await get(s.port, '/e')).headers.get('x-page-cache')).toBe('stale');
    await s.refreshesDone();
    expect((await get(s.port, '/e')).status).toBe(200);
    expect(s.refreshed).toEqual(['/e']);
    // After the refresh's wait a visitor starts another.
    fail = false;
    s.clock.now += 5_000;
    expect((await get(s.port, '/e')).headers.get('x-page-cache')).toBe('stale');
    await s.refreshesDone();
    expect(s.refreshed).toEqual(['/e', '/e']);
    expect((await get(s.port, '/e')).headers.get('x-page-cache')).toBe('hit');
  });

  it('does not keep a page whose data changed while it was being written', async () => {
    const s = await stand((req, res, nonce) => {
      bumpPageGeneration();
      renderPage(req, res, nonce);
    });
    await get(s.port, '/y');
    await get(s.port, '/y');
    expect(s.rendered()).toBe(2);
  });

  it('drops the least recently used pages beyond its size, counting compressed pieces once they are made', async () => {
    // Each page is 144 bytes as kept (plain, without its nonces), 298 once compressed (154 more): room for three plain ones.
    const s = await stand(renderPage, { maxBytes: 450 });
    for (const path of ['/1', '/2', '/3']) await get(s.port, path);
    expect(s.stats().bytes).toBe(3 * 144);
    await get(s.port, '/1', { 'accept-encoding': 'gzip' });
    await s.compressed();
    // /1 was used last and grew: the least recently used, /2, made room.
    expect(s.stats()).toEqual({ entries: 2, bytes: 144 + 298 });
    await get(s.port, '/4');
    expect(s.rendered()).toBe(4);
    await get(s.port, '/1');
    expect(s.rendered()).toBe(4);
    await get(s.port, '/2');
    expect(s.rendered()).toBe(5);
  });

  it('keeps a page under its host, whatever its case, and its whole address, query included', async () => {
    const s = await stand();
    const at = (host: string, path: string) => fetchWithHost(s.port, host, path);
    await at('shop.example', '/list?page=2');
    expect(await at('SHOP.Example', '/list?page=2')).toBe('hit');
    expect(await at('shop.example', '/list?page=3')).toBeNull();
    expect(await at('other.example', '/list?page=2')).toBeNull();
    expect(await at('shop.example', '/list')).toBeNull();
    expect(s.rendered()).toBe(4);
    expect(s.stats().entries).toBe(4);
  });

  it('serves and keeps nothing when it has no lifetime or no room', async () => {
    for (const options of [{ seconds: 0 }, { maxBytes: 0 }]) {
      const s = await stand(renderPage, options);
      await get(s.port, '/p');
      expect((await get(s.port, '/p')).headers.get('x-page-cache')).toBeNull();
      expect(s.rendered()).toBe(2);
      expect(s.results).toEqual(['bypass', 'bypass']);
      expect(s.stats()).toEqual({ entries: 0, bytes: 0 });
      closeStand();
    }
  });

  it('splits a page on its nonce as bytes, as String#split would', () => {
    const page = Buffer.from('a试N剂bNNcN');
    expect(splitBuffer(page, Buffer.from('N')).map(String)).toEqual('a试N剂bNNcN'.split('N'));
    expect(splitBuffer(Buffer.from('plain'), Buffer.from('N')).map(String)).toEqual(['plain']);
  });

  it('is off when told so, and refuses a setting that is not a whole number', () => {
    expect(pageCacheSettings({})).toEqual({ seconds: 60, maxBytes: 256 * 1024 * 1024 });
    expect(pageCacheSettings({ PAGE_CACHE_SECONDS: '0' }).seconds).toBe(0);
    expect(pageCacheSettings({ STOREFRONT_CACHE_SECONDS: '0' }).seconds).toBe(0);
    expect(() => pageCacheSettings({ PAGE_CACHE_SECONDS: '1.5' })).toThrow(/PAGE_CACHE_SECONDS/);
    expect(() => pageCacheSettings({ PAGE_CACHE_MAX_MB: '-1' })).toThrow(/PAGE_CACHE_MAX_MB/);
    const req = { method: 'POST', headers: {}, url: '/' } as unknown as IncomingMessage;
    expect(isGuestPageRequest(req)).toBe(false);
  });
});
