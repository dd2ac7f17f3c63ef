import 'server-only';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '@/server/http/context';
import { renderApiDocs } from '@/server/http/api-docs-page';
import { failure } from '@/server/http/envelope';
import { AppError } from '@/server/errors';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { metricsText, metricsTokenMatches } from '@/server/observability/metrics';
import { observability } from '@/server/observability/observability';

const app = new Hono<AppEnv>();

// GET /api/health — the process answers
app.get('/health', (c) => c.json({ code: 200, msg: 'ok', data: { status: 'ok' } }));

// GET /api/ready — a database round trip; 503 once the process is shutting down
app.get('/ready', async (c) => {
  if (observability().state.draining) return failure(c, new AppError(503));
  try {
    await c.get('db').execute(sql`select 1`);
    return c.json({ code: 200, msg: 'ok', data: { status: 'ready' } });
  } catch {
    return failure(c, new AppError(503));
  }
});

// GET /api/metrics — Prometheus text format; needs `Authorization: Bearer <METRICS_TOKEN>`, absent without it
app.get('/metrics', async (c) => {
  const token = process.env.METRICS_TOKEN;
  if (!token) return failure(c, new AppError(404, 'routeNotFound'));
  if (!metricsTokenMatches(c.req.header('authorization'), token)) return failure(c, new AppError(401));
  const { contentType, text } = await metricsText(c.get('db'));
  return c.body(text, 200, { 'content-type': contentType });
});

// GET /api/openapi.json — the OpenAPI document
app.get('/openapi.json', (c) => c.json(buildOpenApiDocument()));

// GET /api/docs — human-readable reference
app.get('/docs', (c) => c.html(renderApiDocs(buildOpenApiDocument())));

/** Mounted at /api itself. */
export const operationsRouter = { base: '/api', app };
