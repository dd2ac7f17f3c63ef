import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, createGunzip, deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { routing } from '../../src/i18n/routing';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales';
import { bumpPageGeneration, createPageCache, isGuestPageRequest, LOCALE_COOKIE, localeOfPath, PAGE_LOCALES, pageCacheSettings, splitBuffer } from './page-cache.mjs';

/** The guest page cache of scripts/serve.mjs (ADR 0039), in front of a stand-in for Next.js. */

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

interface Stand {
  port: number;
  rendered: () => number;
  results: string[];
  clock: { now: number };
  /** Settles once every compression started so far is done. */
  compressed: () => Promise<void>;
  stats: () => { entries: number; bytes: number };
}

type Render = (req: IncomingMessage, res: ServerResponse, nonce: string) => void;

/** A page in three writes, its nonce on a script and in the policy, as Next.js answers. */
const renderPage: Render = (req, res, nonce) => {
  res.statusCode = 200;
  // As next-intl does: the language cookie when the browser's names another language or, without one,
  // when its Accept-Language does (none for a browser whose Accept-Language is the page's language).
  const locale = (req.url ?? '').startsWith('/en') ? 'en' : 'zh-CN';
  const cookie = /NEXT_LOCALE=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const accept = req.headers['accept-language'];
  const acceptLocale = accept === undefined ? undefined : accept.startsWith('en') ? 'en' : 'zh-CN';
  if (cookie ? cookie !== locale : acceptLocale !== locale) res.setHeader('set-cookie', `NEXT_LOCALE=${locale}; Path=/; Max-Age=31536000; SameSite=lax`);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-security-policy', `default-src 'self'; script-src 'self' 'nonce-${nonce}'`);
  res.setHeader('vary', 'rsc, Accept-Encoding');
  res.write('<!DOCTYPE html><html><head>');
  res.write(Buffer.from(`<script nonce="${nonce}">self.__next_f=[]</script></head>`));
  res.end(`<body>${req.url} 你好 <script nonce="${nonce}" src="/a.js"></script></body></html>`);
};

type Compress = (parts: Buffer[]) => Promise<Buffer[]>;

/** A compression that waits until released, as zlib's thread pool might take its time. */
function heldCompression(): { compress: Compress; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const compress: Compress = async (parts) => {
    await gate;
    return parts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_FULL_FLUSH }));
  };
  return { compress, release };
}

async function stand(render: Render = renderPage, options: { seconds?: number; maxBytes?: number; compress?: Compress } = {}): Promise<Stand> {
  let count = 0;
  const results: string[] = [];
  const clock = { now: 1_000_000 };
  const cache = createPageCache({
    seconds: options.seconds ?? 10, maxBytes: options.maxBytes ?? 1024 * 1024, now: () => clock.now, onResult: (r) => results.push(r),
    ...(options.compress ? { compress: options.compress } : {}),
  });
  server = createServer((req, res) => {
    res.setHeader('x-request-id', 'r1');
    if (cache.serve(req, res)) return;
    cache.keep(req, res);
    count += 1;
    // A fresh nonce per render, as src/proxy.ts makes one.
    render(req, res, `n${count}AbC+/0=`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, rendered: () => count, results, clock, compressed: () => cache.compressed(), stats: () => cache.stats() };
}

async function get(port: number, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  // fetch undoes the gzip encoding itself.
  const body = await res.text();
  return { status: res.status, body, headers: res.headers };
}

function nonceOf(policy: string | null): string {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1] ?? '';
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

  it('keeps one page per address and host, and compresses a hit for a client that accepts gzip', async () => {
    const s = await stand();
    await get(s.port, '/a');
    await get(s.port, '/b');
    await get(s.port, '/a?x=1');
    expect(s.rendered()).toBe(3);
    // The first hit compresses the page's pieces and goes out gzipped, as do the next ones.
    const first = await get(s.port, '/b', { 'accept-encoding': 'gzip, br' });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.body).toContain('/b 你好');
    const zipped = await get(s.port, '/b', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.body).toContain('/b 你好');
    expect(s.rendered()).toBe(3);
  });

  it('answers a large page compressed, byte for byte the page with its fresh nonce', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<li data-i="${i}">试剂 ${i * 7919 % 1000}</li>`).join('');
    const s = await stand((req, res, nonce) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
      res.setHeader('set-cookie', 'NEXT_LOCALE=zh-CN; Path=/');
      res.write(`<script nonce="${nonce}"></script><ul>${rows}`);
      res.end(`</ul><script nonce="${nonce}"></script>`);
    });
    await get(s.port, '/big');
    await get(s.port, '/big', { 'accept-encoding': 'gzip' });
    await s.compressed();
    const zipped = await get(s.port, '/big', { 'accept-encoding': 'gzip' });
    const plain = await get(s.port, '/big');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(plain.body.length / 3);
    const normal = (r: { body: string; headers: Headers }) => r.body.replaceAll(nonceOf(r.headers.get('content-security-policy')), 'N');
    expect(normal(zipped)).toBe(normal(plain));
    expect(normal(zipped)).toContain('<li data-i="2999">');
    expect(s.rendered()).toBe(1);
  });

  it("compresses a kept page once, on its first hit from a client that accepts gzip: that hit waits for the pieces, a client without gzip does not", async () => {
    const { compress, release } = heldCompression();
    let jobs = 0;
    const s = await stand(renderPage, { compress: (parts) => { jobs += 1; return compress(parts); } });
    await get(s.port, '/slow');
    const waiting = get(s.port, '/slow', { 'accept-encoding': 'gzip' });
    const alsoWaiting = get(s.port, '/slow', { 'accept-encoding': 'gzip' });
    const plain = await get(s.port, '/slow');
    expect(plain.headers.get('x-page-cache')).toBe('hit');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toContain('/slow 你好');
    release();
    for (const early of await Promise.all([waiting, alsoWaiting])) {
      expect(early.headers.get('x-page-cache')).toBe('hit');
      expect(early.headers.get('content-encoding')).toBe('gzip');
      expect(early.body).toContain('/slow 你好');
    }
    const later = await get(s.port, '/slow', { 'accept-encoding': 'gzip' });
    expect(later.headers.get('content-encoding')).toBe('gzip');
    expect(later.body).toContain('/slow 你好');
    expect(jobs).toBe(1);
    expect(s.rendered()).toBe(1);
  });

  it('drops the compressed pieces of a page that was dropped while they were being made', async () => {
    const { compress, release } = heldCompression();
    const s = await stand(renderPage, { compress });
    await get(s.port, '/gone');
    const plain = s.stats();
    const waiting = get(s.port, '/gone', { 'accept-encoding': 'gzip' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    bumpPageGeneration();
    release();
    // The hit that came before the change is answered with the page it asked for.
    expect((await waiting).body).toContain('/gone 你好');
    await s.compressed();
    const again = await get(s.port, '/gone', { 'accept-encoding': 'gzip' });
    expect(again.headers.get('x-page-cache')).toBeNull();
    expect(s.rendered()).toBe(2);
    // Only the new render is kept, plain: the old page's pieces went with it.
    expect(s.stats()).toEqual(plain);
  });

  it('gzips a render for a client that accepts it as it is written, streamed, and keeps the plain page', async () => {
    const s = await stand((req, res, nonce) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
      res.write(`<html><head><script nonce="${nonce}"></script></head>`);
      // The rest a while later, as a page streams its slower parts.
      setTimeout(() => res.end(`<body>${'试剂 '.repeat(2000)}</body></html>`), 300);
    });
    const started = Date.now();
    const raw = await new Promise<{ headers: IncomingMessage['headers']; firstAt: number; endAt: number; body: Buffer }>((resolve, reject) => {
      const req = request({ port: s.port, host: '127.0.0.1', path: '/stream', headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        let firstAt = 0;
        const gunzip = res.pipe(createGunzip());
        gunzip.on('data', (c: Buffer) => { if (!firstAt) firstAt = Date.now(); chunks.push(c); });
        gunzip.on('end', () => resolve({ headers: res.headers, firstAt, endAt: Date.now(), body: Buffer.concat(chunks) }));
        gunzip.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-length']).toBeUndefined();
    expect(raw.headers.vary).toBe('Accept-Encoding');
    // The head arrived before the render ended.
    expect(raw.firstAt - started).toBeLessThan(raw.endAt - started - 150);
    const body = raw.body.toString();
    expect(body).toMatch(/^<html><head><script nonce="[^"]+"><\/script><\/head><body>试剂 /);
    expect(body.endsWith('</body></html>')).toBe(true);
    // Kept as written before compression: a plain hit is the same page with another nonce.
    const hit = await get(s.port, '/stream');
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(hit.body.replace(/nonce="[^"]+"/, '')).toBe(body.replace(/nonce="[^"]+"/, ''));
    expect(s.rendered()).toBe(1);
  });

  it('sends plain what is not an HTML page, what the app encoded itself and a head request; keeps none of them compressed', async () => {
    const answers: Record<string, Render> = {
      '/json': (_q, res) => { res.setHeader('content-type', 'application/json'); res.end('{"a":1}'); },
      '/encoded': (_q, res, nonce) => { res.setHeader('content-type', 'text/html'); res.setHeader('content-encoding', 'identity'); res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`); res.end('<p>own</p>'); },
      '/head': (_q, res, nonce) => { res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': `script-src 'nonce-${nonce}'` }); res.end('<p>explicit</p>'); },
    };
    const s = await stand((req, res, nonce) => (answers[req.url ?? ''] ?? renderPage)(req, res, nonce));
    const json = await get(s.port, '/json', { 'accept-encoding': 'gzip' });
    expect(json.headers.get('content-encoding')).toBeNull();
    expect(json.body).toBe('{"a":1}');
    const own = await get(s.port, '/encoded', { 'accept-encoding': 'gzip' });
    expect(own.headers.get('content-encoding')).toBe('identity');
    expect(own.body).toBe('<p>own</p>');
    const explicit = await get(s.port, '/head', { 'accept-encoding': 'gzip' });
    expect(explicit.headers.get('content-encoding')).toBeNull();
    expect(explicit.body).toBe('<p>explicit</p>');
    await get(s.port, '/encoded', { 'accept-encoding': 'gzip' });
    expect(s.rendered()).toBe(4);
    const head = await fetch(`http://127.0.0.1:${s.port}/h`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('never serves or keeps a signed-in, token, navigation, preview or back-office request', async () => {
    const s = await stand();
    const cases: [string, Record<string, string>][] = [
      ['/p', { cookie: 'reagent_session=abc' }],
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
    expect(meanwhile.headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(2);
    release();
    expect((await refreshing).headers.get('x-page-cache')).toBeNull();
    hold = false;
    expect((await get(s.port, '/z')).headers.get('x-page-cache')).toBe('hit');
    expect(s.rendered()).toBe(2);
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

  it('never compresses a page that nobody asks for again', async () => {
    const parts: number[] = [];
    const s = await stand(renderPage, { compress: async (pieces) => { parts.push(pieces.length); return pieces.map((p) => deflateRawSync(p, { finishFlush: constants.Z_FULL_FLUSH })); } });
    // Renders are gzipped as they are written; their pieces are not compressed.
    for (const path of ['/x', '/y', '/z']) expect((await get(s.port, path, { 'accept-encoding': 'gzip' })).headers.get('content-encoding')).toBe('gzip');
    await s.compressed();
    expect(parts).toEqual([]);
    // A hit that does not take gzip does not compress either; the first that does, once.
    await get(s.port, '/y');
    await get(s.port, '/y', { 'accept-encoding': 'gzip' });
    await get(s.port, '/y', { 'accept-encoding': 'gzip' });
    await s.compressed();
    expect(parts).toEqual([3]);
  });

  it('splits a page on its nonce as bytes, as String#split would', () => {
    const page = Buffer.from('a试N剂bNNcN');
    expect(splitBuffer(page, Buffer.from('N')).map(String)).toEqual('a试N剂bNNcN'.split('N'));
    expect(splitBuffer(Buffer.from('plain'), Buffer.from('N')).map(String)).toEqual(['plain']);
  });

  it('is off when told so, and refuses a setting that is not a whole number', () => {
    expect(pageCacheSettings({})).toEqual({ seconds: 10, maxBytes: 64 * 1024 * 1024 });
    expect(pageCacheSettings({ PAGE_CACHE_SECONDS: '0' }).seconds).toBe(0);
    expect(pageCacheSettings({ STOREFRONT_CACHE_SECONDS: '0' }).seconds).toBe(0);
    expect(() => pageCacheSettings({ PAGE_CACHE_SECONDS: '1.5' })).toThrow(/PAGE_CACHE_SECONDS/);
    expect(() => pageCacheSettings({ PAGE_CACHE_MAX_MB: '-1' })).toThrow(/PAGE_CACHE_MAX_MB/);
    const req = { method: 'POST', headers: {}, url: '/' } as unknown as IncomingMessage;
    expect(isGuestPageRequest(req)).toBe(false);
  });
});
