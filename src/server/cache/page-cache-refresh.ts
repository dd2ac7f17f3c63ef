// Kept pages rendered again in the background once expired (ADR 0111): the server asks itself for the
// page as a guest, with a token only this process knows, and keeps the answer in place of the old one,
// while every visitor gets the old page. At most MAX_BACKGROUND_REFRESHES at once per process: when the
// cores are busy a page stays a little older rather than its renders taking them from the visitors.
// No `import 'server-only'` and no import of other app modules: scripts/serve.mjs loads this file
// outside Next.js (ADR 0023).
import { randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';

/** The header of a background refresh's request, with the process's token (a request without it is a visitor's). */
export const REFRESH_HEADER = 'x-page-refresh';

/** At most this many pages of a process are rendered again in the background at once. */
const MAX_BACKGROUND_REFRESHES = 2;

/** Asks the server for `path` with `headers`, settling when the answer has been written. */
export type RefreshPage = (path: string, headers: Record<string, string>) => Promise<void>;

export interface Refresher {
  /** Whether `req` is this process's own background refresh. */
  isOwn(req: IncomingMessage): boolean;
  /** Starts rendering `req`'s page again, unless as many as allowed are under way; answers whether it started. */
  start(req: IncomingMessage): boolean;
}

export function createRefresher(run: RefreshPage): Refresher {
  const token = randomBytes(16).toString('hex');
  let running = 0;
  return {
    isOwn: (req) => req.headers[REFRESH_HEADER] === token,
    start(req) {
      if (running >= MAX_BACKGROUND_REFRESHES) return false;
      const headers: Record<string, string> = { [REFRESH_HEADER]: token };
      // The page is kept under its host; the scheme and host a proxy passed on shape its absolute links.
      for (const name of ['host', 'x-forwarded-proto', 'x-forwarded-host']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      running += 1;
      // A failed render leaves the kept page until a later visitor starts another.
      run(req.url ?? '/', headers).catch(() => {}).finally(() => {
        running -= 1;
      });
      return true;
    },
  };
}

/**
 * A `RefreshPage` for a server at `host`:`port` (scripts/serve.mjs: its own address): a GET of the page,
 * read to its end and dropped (the server keeps it on the way out). A render that sends nothing for
 * `timeoutMs` is abandoned.
 */
export function refreshOverHttp(host: string, port: number, timeoutMs = 30_000): RefreshPage {
  return (path, headers) => new Promise<void>((resolve, reject) => {
    const req = request({ host, port, path, headers, timeout: timeoutMs }, (res) => {
      res.on('error', reject);
      res.on('end', () => resolve());
      res.resume();
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
