// Whole storefront pages kept for every visitor (ADR 0039, 0076): a page rendered for a request that
// carries no credentials is the same for every guest, and the storefront's shared pages (home, lists,
// searches, products, brands, content) are rendered without the session for signed-in visitors too —
// what depends on the visitor comes from one call of its own into islands. So serve.mjs keeps the HTML
// for a few seconds and answers the next visitor without rendering it again.
// - Only GET and HEAD of page paths, without any cookie but the harmless ones below (and, on a shared
//   storefront page, the session cookie, which is taken off before the app renders it), without an
//   Authorization or X-Token header, and never a React Server Components request (client
//   navigation, prefetch, server action) or a staff preview.
// - Only a 200 text/html answer is kept, and only when the one cookie it sets, if any, is the
//   language cookie of the page's own language. That language follows from the address alone (no
//   locale detection), so a page is kept whether or not its render set the cookie: next-intl sets it
//   only when the browser's cookie or, without one, its Accept-Language names another language, and a
//   browser whose Accept-Language is the page's gets none. A kept page sets the cookie whenever the
//   browser has none or another one (so such a browser gets it from a kept page, naming the language
//   it reads anyway), never for a background request (Sec-Fetch-Dest other than document).
// - Each answer gets a fresh CSP nonce: the kept page's nonce, which never leaves the server, is
//   replaced in the body and in the policy (ADR 0028).
// - Kept for PAGE_CACHE_SECONDS (default 60; 0: off; off too when STOREFRONT_CACHE_SECONDS is 0; once
//   expired, it is rendered again in the background, one page at a time or two, while every visitor gets
//   the old page, for at most as long; then a visitor's request renders it), at
//   most PAGE_CACHE_MAX_MB in all (default 256, the oldest go first); dropped at once in this process
//   when `revalidateStorefront` runs (it bumps the generation below), and on the other processes when
//   its announcement reaches them over Redis (./storefront-changes.ts, ADR 0096); without Redis within
//   PAGE_CACHE_SECONDS.
// - A guest that accepts gzip gets every answer gzipped: a render as it is written (its plain bytes are
//   what is kept), a kept page from pieces compressed once (ADR 0052).
// The request rules are page-cache-request.ts, the gzip of kept pages page-cache-gzip.ts.
// No `import 'server-only'` and no import of other app modules but those two: scripts/serve.mjs loads
// these files outside Next.js, without the react-server condition (ADR 0023).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { deflatePieces, gzipAnswer, splitBuffer } from './page-cache-gzip';
import { createRefresher, type RefreshPage } from './page-cache-refresh';
import {
  acceptsGzip, cookieValue, isGuestPageRequest, LOCALE_COOKIE, localeCookieHeader, localeFromSetCookie, localeOfPath, renderSharedPageAsGuest,
} from './page-cache-request';

/** Bumped by `revalidateStorefront` (src/server/cache/storefront.ts) in the same process. */
export const GENERATION_KEY = Symbol.for('reagent.storefront.pageGeneration');

/** The process's generation of kept pages, on `globalThis`: the app's bundle and serve.mjs load their own copies of this module. */
const generationHolder = globalThis as { [GENERATION_KEY]?: number };

function currentGeneration(): number {
  return generationHolder[GENERATION_KEY] ?? 0;
}

/** Headers of a kept answer that belong to one response only. */
const PER_RESPONSE_HEADERS = new Set([
  'set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date',
  'x-request-id', 'content-security-policy', 'etag',
]);

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/** How long the other guests get an expired page while one request renders it again. */
const REFRESH_WAIT_MS = 5_000;

function freshNonce(): string {
  return randomBytes(16).toString('base64');
}

/** What the cache did with a request: answered it, will keep its answer when it qualifies, or left it alone. */
export type PageCacheResult = 'hit' | 'miss' | 'bypass';

export interface PageCacheOptions {
  seconds: number;
  maxBytes: number;
  now?: () => number;
  onResult?: (result: PageCacheResult) => void;
  /** Makes a kept page's gzip pieces (default: zlib's deflate in its thread pool, each piece ending with a full flush). */
  compress?: (parts: Buffer[]) => Promise<Buffer[]>;
  /**
   * Renders an expired page again in the background: asks the server for `path` with `headers` (they
   * carry the page's host and the refresh token), settling when the answer has been written. With it,
   * the visitor who finds a page expired gets the kept page at once, as the others do, and nobody waits
   * for the render. Without it (tests, or no way back to the server), that visitor's request renders it.
   */
  refresh?: RefreshPage;
}

export interface PageCache {
  /** Answers a kept page and says whether it did. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Watches an answer being written and keeps it when it qualifies. */
  keep(req: IncomingMessage, res: ServerResponse): void;
  /** Settles once every compression started so far (a kept page's first hit from a gzip client) is done. */
  compressed(): Promise<void>;
  stats(): { entries: number; bytes: number };
}

/**
 * A kept page: the body as UTF-8 pieces around its nonce (an answer puts a fresh nonce between them),
 * the policy likewise. The compressed pieces follow once zlib has made them, on the page's first hit
 * from a client that accepts gzip (null until then).
 */
interface Entry {
  parts: Buffer[];
  gzipParts: Buffer[] | null;
  compressing?: Promise<Buffer[]>;
  refreshingSince?: number;
  policy: string[];
  locale: string;
  headers: [string, string | string[]][];
  bytes: number;
  expires: number;
}

type Write = ServerResponse['write'];
type End = ServerResponse['end'];
type Encoding = BufferEncoding | ((error?: Error | null) => void) | undefined;
type Callback = ((error?: Error | null) => void) | undefined;

/**
 * The cache of one process. `serve(req, res)` answers a kept page and says whether it did;
 * `keep(req, res)` watches an answer being written and keeps it when it qualifies. `compress` makes a
 * kept page's gzip pieces (zlib's thread pool by default; tests hold it back).
 */
export function createPageCache({ seconds, maxBytes, now = () => Date.now(), onResult = () => {}, compress = deflatePieces, refresh }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const refresher = refresh ? createRefresher(refresh) : null;
  let generation = currentGeneration();
  /** Compressions under way, for `compressed()`. */
  const compressing = new Set<Promise<void>>();

  const enabled = seconds > 0 && maxBytes > 0;
  const keyOf = (req: IncomingMessage): string => `${String(req.headers.host ?? '').toLowerCase()} ${req.url ?? '/'}`;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  function syncGeneration(): void {
    const current = currentGeneration();
    if (current !== generation) {
      entries.clear();
      bytes = 0;
      generation = current;
    }
  }

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!enabled || !isGuestPageRequest(req)) {
      onResult('bypass');
      return false;
    }
    syncGeneration();
    // This process's background refresh: rendered, and kept in place of the expired page (keep below).
    if (refresher?.isOwn(req)) {
      onResult('miss');
      return false;
    }
    const key = keyOf(req);
    const entry = entries.get(key);
    if (!entry) {
      onResult('miss');
      return false;
    }
    const t = now();
    let stale = false;
    if (entry.expires <= t) {
      // Expired: the page is rendered again once, while every visitor gets the kept one, for at most
      // another lifetime (a burst of guests does not render the same page at once). With `refresh` the
      // render runs in the background and nobody waits for it; without, the first visitor's request renders it.
      const refreshing = entry.refreshingSince !== undefined && t - entry.refreshingSince < REFRESH_WAIT_MS;
      const tooOld = entry.expires + seconds * 1000 <= t;
      if (tooOld || (!refreshing && !refresher)) {
        entry.refreshingSince = t;
        if (tooOld) drop(key);
        onResult('miss');
        return false;
      }
      // At the limit of background renders, a later visitor starts this one.
      if (!refreshing && refresher?.start(req)) entry.refreshingSince = t;
      stale = true;
    }
    // Most recently used last: the oldest are dropped first when the cache is full.
    entries.delete(key);
    entries.set(key, entry);
    onResult('hit');
    if (!acceptsGzip(req)) {
      answer(req, res, entry, null, stale);
    } else if (entry.gzipParts !== null) {
      answer(req, res, entry, entry.gzipParts, stale);
    } else {
      // The page's first hit from a client that accepts gzip: its pieces are compressed now (zlib's
      // thread pool, a few milliseconds), and this hit waits for them rather than going out whole.
      compressOnce(key, entry).then(
        (gzipParts) => answer(req, res, entry, gzipParts, stale),
        () => answer(req, res, entry, null, stale),
      );
    }
    return true;
  }

  /** Writes a kept page with a fresh nonce: gzipped from `gzipParts`, or whole when they are null. */
  function answer(req: IncomingMessage, res: ServerResponse, entry: Entry, gzipParts: Buffer[] | null, stale: boolean): void {
    if (res.destroyed) return;
    const nonce = freshNonce();
    const nonceBytes = Buffer.from(nonce);
    let body: Buffer;
    if (gzipParts) {
      body = gzipAnswer(entry.parts, gzipParts, nonceBytes);
    } else {
      const pieces: Buffer[] = [];
      for (const [i, part] of entry.parts.entries()) {
        if (i > 0) pieces.push(nonceBytes);
        pieces.push(part);
      }
      body = Buffer.concat(pieces);
    }
    res.statusCode = 200;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('content-security-policy', entry.policy.join(nonce));
    // `stale`: expired, and being rendered again (in the background, or for another visitor).
    res.setHeader('x-page-cache', stale ? 'stale' : 'hit');
    const dest = req.headers['sec-fetch-dest'];
    const background = dest !== undefined && dest !== 'document';
    if (!background && cookieValue(req.headers.cookie, LOCALE_COOKIE.name) !== entry.locale) res.setHeader('set-cookie', localeCookieHeader(entry.locale, now()));
    if (gzipParts) res.setHeader('content-encoding', 'gzip');
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function keep(req: IncomingMessage, res: ServerResponse): void {
    if (!enabled || !isGuestPageRequest(req)) return;
    // What is kept was rendered without the session, whoever asked (serve.mjs has taken it off already).
    renderSharedPageAsGuest(req);
    const key = keyOf(req);
    const startedIn = currentGeneration();
    // Next.js writes the answer plain: that is what is kept (its nonce is replaced per answer). A client
    // that accepts gzip gets it compressed here as it is written.
    const wantsGzip = acceptsGzip(req) && req.method === 'GET';
    delete req.headers['accept-encoding'];
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const collect = (chunk: unknown, encoding: unknown): void => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buffer.length;
      // A page that cannot fit is not collected.
      if (size > maxBytes) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };
    const write = res.write as (this: ServerResponse, chunk: unknown, encoding?: Encoding, callback?: Callback) => boolean;
    const end = res.end as (this: ServerResponse, chunk?: unknown, encoding?: Encoding, callback?: Callback) => ServerResponse;
    const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    /** The answer's gzip stream: undefined until its headers go out, null when it goes out plain. */
    let zip: Gzip | null | undefined;
    /** The app set its own Content-Encoding: the answer is neither compressed here nor kept. */
    let encodedByApp = false;
    let flushing = false;
    const decide = (explicitHeaders: boolean): void => {
      if (zip !== undefined) return;
      zip = null;
      encodedByApp = res.getHeader('content-encoding') !== undefined;
      if (!wantsGzip || explicitHeaders || encodedByApp || res.statusCode === 204 || res.statusCode === 304) return;
      if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return;
      res.setHeader('content-encoding', 'gzip');
      res.removeHeader('content-length');
      const vary = String(res.getHeader('vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      const gzip = createGzip({ level: 6 });
      zip = gzip;
      gzip.on('data', (data: Buffer) => write.call(res, data));
      gzip.on('end', () => end.call(res));
      gzip.on('error', () => res.destroy());
      res.once('close', () => gzip.destroy());
    };
    // Headers go out through writeHead, whether Next.js calls it, flushes them or writes its first chunk.
    res.writeHead = function patchedWriteHead(this: ServerResponse, ...args: unknown[]) {
      decide(args.some((arg) => typeof arg === 'object' && arg !== null));
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    res.write = function patchedWrite(this: ServerResponse, chunk: unknown, encoding?: Encoding, callback?: Callback) {
      collect(chunk, encoding);
      if (!this.headersSent) decide(false);
      const gzip = zip;
      if (!gzip) return write.call(this, chunk, encoding, callback);
      const text = typeof encoding === 'string' ? encoding : undefined;
      const done = typeof encoding === 'function' ? encoding : callback;
      if (text) gzip.write(chunk, text, done);
      else gzip.write(chunk, done);
      // What was written in one turn of the event loop goes out together, so a streamed page still streams.
      if (!flushing) {
        flushing = true;
        setImmediate(() => {
          flushing = false;
          if (!gzip.writableEnded && !gzip.destroyed) gzip.flush(constants.Z_SYNC_FLUSH);
        });
      }
      return true;
    } as Write;
    res.end = function patchedEnd(this: ServerResponse, chunk?: unknown, encoding?: Encoding, callback?: Callback) {
      collect(chunk, encoding);
      if (!this.headersSent) decide(false);
      const gzip = zip;
      if (!gzip) return end.call(this, chunk, encoding, callback);
      const done = [chunk, encoding, callback].find((arg): arg is () => void => typeof arg === 'function');
      if (done) this.once('finish', done);
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        if (typeof encoding === 'string') gzip.end(chunk, encoding);
        else gzip.end(chunk);
      } else gzip.end();
      return this;
    } as End;
    res.once('finish', () => {
      if (tooBig || req.method !== 'GET' || res.statusCode !== 200) return;
      const type = String(res.getHeader('content-type') ?? '');
      if (!type.startsWith('text/html')) return;
      if (encodedByApp) return;
      const setLocale = localeFromSetCookie(res.getHeader('set-cookie'));
      if (setLocale === null) return;
      const locale = localeOfPath((req.url ?? '/').split('?')[0] ?? '/');
      // A render that named another language than its address: not a page of the routing above.
      if (setLocale !== undefined && setLocale !== locale) return;
      const policy = String(res.getHeader('content-security-policy') ?? '');
      const nonce = NONCE.exec(policy)?.[1];
      if (!nonce) return;
      // Written while the data behind it changed: not kept.
      if (currentGeneration() !== startedIn) return;
      syncGeneration();
      const parts = splitBuffer(Buffer.concat(chunks), Buffer.from(nonce));
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !PER_RESPONSE_HEADERS.has(name))
        .map(([name, value]): [string, string | string[]] => [name, Array.isArray(value) ? value.map(String) : String(value)]);
      const entry: Entry = { parts, gzipParts: null, policy: policy.split(nonce), locale, headers, bytes: parts.reduce((sum, part) => sum + part.length, 0), expires: now() + seconds * 1000 };
      drop(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      trim();
    });
  }

  /**
   * Compresses a kept page's pieces once, on its first hit from a client that accepts gzip: most pages
   * of a search are never asked for again, and compressing them all would take the cores that render
   * the next ones. Hits that come meanwhile share the same job. The pieces are kept only while this
   * entry still is.
   */
  function compressOnce(key: string, entry: Entry): Promise<Buffer[]> {
    if (entry.compressing) return entry.compressing;
    const job = compress(entry.parts).then((gzipParts) => {
      if (entries.get(key) === entry) {
        entry.gzipParts = gzipParts;
        const gzipBytes = gzipParts.reduce((sum, part) => sum + part.length, 0);
        entry.bytes += gzipBytes;
        bytes += gzipBytes;
        trim();
      }
      return gzipParts;
    });
    entry.compressing = job;
    const settled = job.then(() => {}, () => {}).finally(() => compressing.delete(settled));
    compressing.add(settled);
    return job;
  }

  /** Drops the least recently used pages until the rest fit. */
  function trim(): void {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** Settles once every compression started so far is done (its page may have been dropped meanwhile). */
  async function compressed(): Promise<void> {
    while (compressing.size > 0) await Promise.all([...compressing]);
  }

  return { serve, keep, compressed, stats: () => ({ entries: entries.size, bytes }) };
}

/** Drops every kept page of this process (called by `revalidateStorefront`). */
export function bumpPageGeneration(): void {
  generationHolder[GENERATION_KEY] = currentGeneration() + 1;
}
