// The API's requests handed straight to the handlers of its one route (src/app/api/[[...route]]/route.ts,
// the Hono app) by scripts/serve.mjs, without Next.js's router and route layer (ADR 0098). That layer
// did nothing the API needs (no middleware runs under /api, no page, no Next.js cache) and cost a third
// to a half of the CPU of a small call such as the islands or the cart badge.
//
// The handlers are those of the production build, loaded once from the module Next.js itself would load
// (the same file, so the same instance: one database pool, one set of caches). Development keeps Next.js's
// own handling, which compiles the route on demand.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';

const requireHere = createRequire(import.meta.url);

/** The HTTP methods the route exports (src/app/api/[[...route]]/route.ts). */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/**
 * The built API route's handlers by method, from the build in `distDir` (`.next`); null when the build
 * has no such route (the caller then leaves the API to Next.js).
 */
export async function loadApiHandlers(distDir) {
  const file = path.join(distDir, 'server', 'app', 'api', '[[...route]]', 'route.js');
  if (!existsSync(file)) return null;
  const { routeModule } = requireHere(file);
  if (!routeModule) return null;
  await routeModule.ensureUserland?.();
  const userland = routeModule.userland ?? {};
  const handlers = new Map();
  for (const method of METHODS) if (typeof userland[method] === 'function') handlers.set(method, userland[method]);
  return handlers.size > 0 ? handlers : null;
}

/**
 * The web Request of a Node request: its method, its path and query on this host (a request target in
 * absolute form counts for its path only), its headers as they are now (serve.mjs has added to them), its
 * body as a stream, and a signal that aborts when the client goes away before the answer is complete.
 */
export function webRequestOf(req, res) {
  const scheme = req.headers['x-reagent-scheme'] === 'https' ? 'https' : 'http';
  const sent = req.url ?? '/';
  const absolute = sent.startsWith('/') ? null : new URL(sent);
  const target = absolute ? absolute.pathname + absolute.search : sent;
  const url = new URL(target, `${scheme}://${req.headers.host || 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
  });
}

/** Resolves when a response that refused a write can take more, or has closed. */
function writable(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes a web Response to a Node response: status, headers (each Set-Cookie apart), then the body, streamed. */
export async function sendWebResponse(response, req, res) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let gone = false;
  const onClose = () => {
    if (res.writableFinished) return;
    gone = true;
    reader.cancel().catch(() => {});
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone) break;
      // What the client cannot take yet waits in the stream, not in memory.
      if (!res.write(value)) await writable(res);
    }
  } finally {
    res.off('close', onClose);
  }
  if (!gone) res.end();
}

/**
 * Answers an API request with the built route's handler; false when the route has no handler for the
 * method (Next.js answers it, as before). A handler that throws (the app answers its own errors in the
 * envelope, so this is a fault) ends the answer with a 500, or cuts it when it had begun.
 */
export function answerApi(handlers, req, res, onError) {
  const handler = handlers.get(req.method ?? 'GET');
  if (!handler) return false;
  (async () => {
    let request;
    try {
      request = webRequestOf(req, res);
    } catch {
      // A Host header that makes no URL.
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    await sendWebResponse(await handler(request), req, res);
  })().catch((error) => {
    onError(error);
    if (res.headersSent) res.destroy();
    else {
      res.statusCode = 500;
      res.end();
    }
  });
  return true;
}
