import { request, type IncomingMessage } from 'node:http';
import { constants, createGunzip, deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { bumpPageGeneration } from './page-cache';
import { closeStand, get, heldCompression, nonceOf, renderPage, stand, type Render } from '../../../test/page-cache-stand';

/** The guest page cache's gzip (ADR 0039, 0049, 0052): renders compressed as written, kept pages from pieces compressed once. */

afterEach(closeStand);

describe('guest page cache, compressed', () => {
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
});
