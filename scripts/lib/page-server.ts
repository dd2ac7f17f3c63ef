/**
 * The storefront server of `npm run bench:pages`: started from the production build on a database, waited for,
 * signed into as the demo buyer, and timed to the first byte of each answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';

export function startServer(url: string, port: number, extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'], {
    env: {
      // localhost: the loopback interface only (with 127.0.0.1 as HOSTNAME, next-intl's rewrite of `/` to
      // http://localhost/zh-CN comes back as a redirect to `/` for ever).
      ...process.env, PORT: String(port), HOSTNAME: 'localhost', DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn',
      // A production start needs the site's public address; the generated catalogue marks its database as a demo.
      SITE_URL: `http://localhost:${port}`,
      // Migrations at start may rewrite every product row (0010); the pages themselves keep the usual limit.
      STATEMENT_TIMEOUT_MS: process.env.STATEMENT_TIMEOUT_MS ?? '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitReady(server: ChildProcess, base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try { if ((await fetch(`${base}/api/ready`)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not become ready');
}

/** With `--signed-in`: the demo buyer's session cookie, sent with every page request. */
let sessionCookie: string | null = null;

/** Sends `cookie` (a signed-in buyer's session) with every request `timeToFirstByte` makes from now on. */
export function sendSessionCookie(cookie: string): void {
  sessionCookie = cookie;
}

/** Signs the demo buyer in through the API and keeps the session cookie it sets. */
export async function signIn(base: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const res = await fetch(`${base}/api/web/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ loginName: 'buyer@demo.example.com', password: createHash('sha256').update('Reagent#2026').digest('hex') }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!res.ok || !cookie.startsWith('reagent_session=')) throw new Error(`--signed-in: the demo buyer could not sign in (${res.status}); is the catalogue's database a demo?`);
  return cookie;
}

/** Milliseconds to the response's first byte (status line and headers), and the status; the body is read to the end. */
export function timeToFirstByte(url: string, body?: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cookie: Record<string, string> = sessionCookie ? { cookie: sessionCookie } : {};
    const req = request(url, {
      method: body ? 'POST' : 'GET',
      // A POST carries its origin, as a browser's does: with a session cookie and no origin the API refuses it
      // (cross-site request forgery), in a few milliseconds that would pass for the engine's time.
      headers: body ? { 'content-type': 'application/json', 'accept-language': 'zh-CN', origin: new URL(url).origin, ...cookie } : { 'accept-language': 'zh-CN', ...cookie },
    }, (res) => {
      const ms = performance.now() - started;
      res.resume();
      res.on('end', () => resolve({ ms, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Keys no row measures, each read by a structure search as a SMILES and by the other searches as text. */
const WARM_UP_KEYS = ['CCO', 'CC(C)=O', 'c1ccccc1', 'Cc1ccccc1', 'Oc1ccccc1', 'CC(=O)O', 'CCN', 'ClCCl'];

/**
 * Pages (`pagePath` with another `sk`) and API calls (`apiBody` with another key) of keys outside the measured ones,
 * so that a search row does not time the server's first uses of its code: loading the route's modules, the structure
 * workers starting, and V8 optimising the row's components, which takes a few renders (a fresh server's first five
 * exact structure pages took 56–546 ms, the rest 15–35 ms).
 */
export async function warmUpSearchRow(base: string, pagePath: string, apiBody: Record<string, unknown>): Promise<void> {
  for (const key of WARM_UP_KEYS) {
    const page = new URL(pagePath, base);
    page.searchParams.set('sk', key);
    await timeToFirstByte(page.href);
    await timeToFirstByte(`${base}/api/web/product/getPage`, JSON.stringify({ ...apiBody, key, limit: 20 }));
  }
}
