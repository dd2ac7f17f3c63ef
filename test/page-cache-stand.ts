import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, deflateRawSync } from 'node:zlib';
import { createPageCache } from '../src/server/cache/page-cache';
import { refreshOverHttp } from '../src/server/cache/page-cache-refresh';

/** The guest page cache of scripts/serve.mjs (ADR 0039), in front of a stand-in for Next.js: what its tests share. */

let server: Server | null = null;

/** Closes the stand of the last test (each test file calls it after each test). */
export function closeStand(): void {
  server?.close();
  server = null;
}

export interface Stand {
  port: number;
  rendered: () => number;
  results: string[];
  clock: { now: number };
  /** Settles once every compression started so far is done. */
  compressed: () => Promise<void>;
  stats: () => { entries: number; bytes: number };
  /** The pages asked for again in the background (with `refresh`), in order. */
  refreshed: string[];
  /** Settles once every background refresh started so far has been answered. */
  refreshesDone: () => Promise<void>;
}

export type Render = (req: IncomingMessage, res: ServerResponse, nonce: string) => void;

/** A page in three writes, its nonce on a script and in the policy, as Next.js answers. */
export const renderPage: Render = (req, res, nonce) => {
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

export type Compress = (parts: Buffer[]) => Promise<Buffer[]>;

/** A compression that waits until released, as zlib's thread pool might take its time. */
export function heldCompression(): { compress: Compress; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const compress: Compress = async (parts) => {
    await gate;
    return parts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_FULL_FLUSH }));
  };
  return { compress, release };
}

export async function stand(render: Render = renderPage, options: { seconds?: number; maxBytes?: number; compress?: Compress; refresh?: boolean } = {}): Promise<Stand> {
  let count = 0;
  const results: string[] = [];
  const clock = { now: 1_000_000 };
  const refreshed: string[] = [];
  const refreshing: Promise<void>[] = [];
  let port = 0;
  const cache = createPageCache({
    seconds: options.seconds ?? 10, maxBytes: options.maxBytes ?? 1024 * 1024, now: () => clock.now, onResult: (r) => results.push(r),
    ...(options.compress ? { compress: options.compress } : {}),
    // As scripts/serve.mjs: the stand asks itself for the page.
    ...(options.refresh ? {
      refresh: (path: string, headers: Record<string, string>) => {
        refreshed.push(path);
        const done = refreshOverHttp('127.0.0.1', port)(path, headers);
        refreshing.push(done.catch(() => {}));
        return done;
      },
    } : {}),
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
  port = (server.address() as AddressInfo).port;
  return {
    port, rendered: () => count, results, clock, compressed: () => cache.compressed(), stats: () => cache.stats(),
    refreshed, refreshesDone: async () => { await Promise.all(refreshing); },
  };
}

export async function get(port: number, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  // fetch undoes the gzip encoding itself.
  const body = await res.text();
  return { status: res.status, body, headers: res.headers };
}

export function nonceOf(policy: string | null): string {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1] ?? '';
}
