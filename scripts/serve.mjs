// The HTTP server of `npm start` and `npm run dev`: Next.js behind a plain Node server whose jobs are
// the ones a proxy in front cannot do for the app:
// - append the TCP peer's address to X-Forwarded-For, as a proxy would. The app then knows the real
//   peer (the header's last entry) and believes entries left of it only as far as TRUST_PROXY says,
//   so a client cannot pick its own address by sending the header itself (`next start` keeps a
//   client-sent X-Forwarded-For unchanged); and tell the connection's own scheme in X-Reagent-Scheme,
//   so that X-Forwarded-Proto counts only when a trusted proxy sent it;
// - security headers on every answer, and never a dot-file or a source map (ADR 0028);
// - a request id per request (X-Request-Id), one JSON access line per request, request metrics;
// - the API's requests go straight to its route's handlers in the build, past Next.js's router (ADR 0098);
// - graceful shutdown: on SIGTERM or SIGINT, readiness answers 503, no new connection is accepted,
//   requests in flight finish (SHUTDOWN_TIMEOUT_MS at most), then the process exits.
// It runs without the react-server condition that scripts/start.ts is started with, and with tsx
// (`node --import tsx scripts/serve.mjs`, as start.ts starts it) for the page cache and the metrics,
// which live in src/server and fence themselves without `server-only` (ADR 0023).
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import next from 'next';
import { createPageCache } from '../src/server/cache/page-cache.ts';
import { refreshOverHttp } from '../src/server/cache/page-cache-refresh.ts';
import { followStorefrontChanges } from '../src/server/cache/storefront-changes.ts';
import { pageCacheSettings, renderSharedPageAsGuest } from '../src/server/cache/page-cache-request.ts';
import { observability, requestIdFrom } from '../src/server/observability/observability.ts';
import { answerApi, loadApiHandlers } from './lib/api-direct.mjs';
import { graceful } from './lib/graceful.mjs';
import { baselineHeaders, isForbiddenPath, permissionsPolicyFor } from './lib/security-headers.mjs';

const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000);
const quiet = process.env.LOG_LEVEL === 'silent' || process.env.LOG_LEVEL === 'warn';

const app = next({ dev: values.dev, port, hostname: hostname ?? 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

// The built API route's handlers (ADR 0098); development compiles the route on demand through Next.js.
const apiHandlers = values.dev ? null : await loadApiHandlers(path.resolve('.next'));

const headers = baselineHeaders({ https: process.env.COOKIE_SECURE === '1' });
const obs = observability();
// Whole storefront pages kept for guests a few seconds (ADR 0039); never in development.
const pages = createPageCache({
  ...(values.dev ? { seconds: 0, maxBytes: 0 } : pageCacheSettings()),
  onResult: (result) => obs.pageCache.inc({ result }),
  // An expired page is rendered again by a request of this server to itself, while visitors get the kept one.
  refresh: refreshOverHttp(!hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname, port),
});

function kindOf(path) {
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/_next/')) return 'asset';
  return 'page';
}

const instance = process.env.INSTANCE_ID || undefined;
function writeLine(fields) {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), instance, ...fields })}\n`);
}

// The other instances' saves reach this one's shared data and kept pages at once (ADR 0096).
const changes = process.env.REDIS_URL
  ? followStorefrontChanges({ redisUrl: process.env.REDIS_URL, log: (level, event, fields) => { if (level !== 'info' || !quiet) writeLine({ level, event, ...fields }); } })
  : null;

const server = createServer((req, res) => {
  const started = performance.now();
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const requestId = requestIdFrom(req.headers['x-request-id']);
  req.headers['x-request-id'] = requestId;
  res.setHeader('X-Request-Id', requestId);
  // Security headers on every answer; pages get their nonce policy from the proxy, and the API sets
  // its own policy (a header set here would win over a route handler's).
  const kind = kindOf(path);
  for (const [name, value] of headers) if (kind !== 'api' || name !== 'Content-Security-Policy') res.setHeader(name, value);
  // The camera for the inventory's scan page only (ADR 0090).
  if (kind === 'page') res.setHeader('Permissions-Policy', permissionsPolicyFor(path));
  obs.inFlight.inc();
  res.on('close', () => {
    const seconds = (performance.now() - started) / 1000;
    obs.inFlight.dec();
    obs.httpRequests.inc({ kind, status: `${Math.floor(res.statusCode / 100)}xx` });
    obs.httpDuration.observe({ kind }, seconds);
    if (!quiet || res.statusCode >= 500) {
      writeLine({ level: res.statusCode >= 500 ? 'error' : 'info', event: 'http.request', requestId, method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10 });
    }
  });
  if (isForbiddenPath(path)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
    return;
  }
  const peer = req.socket.remoteAddress ?? '';
  const sent = req.headers['x-forwarded-for'];
  const chain = Array.isArray(sent) ? sent.join(', ') : sent;
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
  // The scheme of this connection, never a client's word (the app believes X-Forwarded-Proto only from
  // a proxy TRUST_PROXY names; Next.js takes it from anyone for the request URL).
  req.headers['x-reagent-scheme'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (kind === 'page') {
    // A shared storefront page is rendered as a guest's whoever asks, cache or not (ADR 0076): what
    // depends on the visitor comes from /api/web/islands/visitor into the page's islands.
    renderSharedPageAsGuest(req);
    if (pages.serve(req, res)) return;
    pages.keep(req, res);
  }
  obs.requestContext.run({ requestId }, () => {
    if (kind === 'api' && apiHandlers && answerApi(apiHandlers, req, res, (error) => writeLine({ level: 'error', event: 'server.request_failed', requestId, error: String(error) }))) return;
    handle(req, res).catch((error) => {
      writeLine({ level: 'error', event: 'server.request_failed', requestId, error: String(error) });
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
});
// Longer than a proxy's idle keep-alive towards the app (nginx: 50 s in deploy/nginx.conf.template), so
// that the proxy, not the app, closes idle connections and never sends a request on a closing one.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const drain = graceful(server, { timeoutMs: shutdownTimeoutMs, onDrain: () => { obs.state.draining = true; } });
if (values.dev) server.on('upgrade', app.getUpgradeHandler());
server.listen(port, hostname, () => {
  process.stdout.write(`Ready on http://localhost:${port}${values.dev ? ' (development)' : ''}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    writeLine({ level: 'info', event: 'server.draining', signal, inFlight: drain.inFlight });
    const finished = await drain.shutdown();
    await changes?.close();
    writeLine({ level: finished ? 'info' : 'warn', event: 'server.stopped', finished, inFlight: drain.inFlight });
    process.exit(0);
  });
}
