import 'server-only';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { ZodError } from 'zod';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import type { AppEnv } from './context';
import { failure } from './envelope';
import { apiLang, apiText } from './locale';
import { authenticate } from './middleware/authenticate';
import type { Lang } from '@/lib/lang';
import { observability, requestIdFrom } from '@/server/observability/observability';

export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const MAX_BODY_BYTES = Number(process.env.API_MAX_BODY_BYTES ?? 1024 * 1024);

/**
 * Routes that take a larger body and set their own limit (a lot's COA PDF, up to 10 MiB, ADR 0032):
 * the route's `bodyLimit` comes right after its authorisation, so anonymous callers never send it.
 */
const OWN_BODY_LIMIT: readonly RegExp[] = [
  /^\/api\/admin\/catalog\/products\/[^/]+\/lots\/[^/]+\/coa\/?$/,
  // A resource's PDF, up to 10 MiB (ADR 0035).
  /^\/api\/admin\/content\/resources\/[^/]+\/file\/?$/,
  // A catalogue import file, up to IMPORT_MAX_BYTES (100 MiB, ADR 0034).
  /^\/api\/admin\/catalog\/imports\/?$/,
  // A product's document or a new version of one, up to 20 MiB (ADR 0063).
  /^\/api\/admin\/catalog\/products\/[^/]+\/documents(\/[^/]+\/replace)?\/?$/,
  // An issued invoice's PDF or OFD, up to 5 MiB (ADR 0074).
  /^\/api\/admin\/orders\/[^/]+\/invoices\/?$/,
];

export interface HttpAppOptions {
  getDb: () => Promise<Db>;
}

/** A sub-app to mount: a router of `createRouter`, or any Hono app with its base under /api. */
export interface Mountable {
  base: string;
  app: Hono<AppEnv>;
}

/**
 * The HTTP frame of the API under /api: request id and language, body limit, database, session,
 * the routers it is given, and the envelope for unknown routes and every error. Which routers
 * there are is decided by the composition root (`src/server/api/app.ts`), not here.
 */
export function createHttpApp(options: HttpAppOptions, routers: readonly Mountable[]) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use('*', async (c, next) => {
    // scripts/serve.mjs gave the request its id (the caller's, when it is a plain token); the log
    // lines written while it is answered carry it.
    const obs = observability();
    c.set('requestId', obs.requestContext.getStore()?.requestId ?? requestIdFrom(c.req.header('x-request-id')));
    c.set('lang', apiLang(getCookie(c, 'NEXT_LOCALE'), c.req.header('accept-language')));
    c.header('x-request-id', c.get('requestId'));
    c.header('cache-control', 'no-store');
    // JSON (and the docs page's inline styles) only: nothing to run, nothing to frame (ADR 0028).
    c.header('content-security-policy', API_CSP);
    c.header('x-content-type-options', 'nosniff');
    const started = performance.now();
    await obs.requestContext.run({ requestId: c.get('requestId') }, next);
    const matched = routePath(c, -1);
    const route = matched.endsWith('*') ? 'unmatched' : matched;
    obs.apiRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
    obs.apiDuration.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
  });
  const frameLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => failure(c, new AppError(413)) });
  app.use('*', async (c, next) => (OWN_BODY_LIMIT.some((path) => path.test(c.req.path)) ? next() : frameLimit(c, next)));
  app.use('*', async (c, next) => {
    c.set('db', await options.getDb());
    await next();
  });
  app.use('*', authenticate());

  for (const router of routers) app.route(router.base.replace(/^\/api/, '') || '/', router.app);

  app.notFound((c) => failure(c, new AppError(404, 'routeNotFound')));
  app.onError((err, c) => {
    if (err instanceof AppError) return failure(c, err);
    if (err instanceof ZodError) {
      // An output that does not match its schema is our bug, not the caller's.
      log('error', 'api.output_invalid', { requestId: c.get('requestId'), path: c.req.path, issues: err.issues.slice(0, 5) });
      return failure(c, new AppError(500), internalMessage(c.get('requestId'), c.get('lang')));
    }
    if (err instanceof HTTPException && err.status < 500) {
      return failure(c, new AppError(err.status === 413 ? 413 : 400));
    }
    log('error', 'api.unhandled', { requestId: c.get('requestId'), path: c.req.path, error: String(err), stack: err instanceof Error ? err.stack : undefined });
    return failure(c, new AppError(500), internalMessage(c.get('requestId'), c.get('lang')));
  });
  return app;
}

function internalMessage(requestId: string, lang: Lang): string {
  return apiText(lang, 'errors', 'internal').replace('{requestId}', requestId);
}

export type HttpApp = ReturnType<typeof createHttpApp>;
