import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '@/server/api/app';
import { fileApiHarness } from '../../../test/api';
import { observability } from './observability';

/** Structured logs with the request id, the id in error envelopes, /api/metrics, readiness while draining. */

const h = fileApiHarness();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  observability().state.draining = false;
});

function captureLog(): string[] {
  vi.stubEnv('LOG_LEVEL', 'info');
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

describe('request ids', () => {
  it('are in every error envelope, equal to the X-Request-Id of the answer', async () => {
    for (const [method, path] of [['GET', '/api/no/such/route'], ['POST', '/api/web/resourceManage/getCOAs'], ['GET', '/api/app/sale/list']] as const) {
      const res = await h.call(method, path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect((res.body as unknown as { requestId: string }).requestId, path).toBe(res.headers.get('x-request-id'));
    }
    const ok = await h.call('GET', '/api/health');
    expect(ok.body).not.toHaveProperty('requestId');
  });

  it('are on every log line written while a request is answered, as JSON', async () => {
    const broken = createApp({
      getDb: async () => {
        throw new Error('database gone');
      },
    });
    const lines = captureLog();
    const res = await broken.request('/api/web/settingCon/getPage', { method: 'POST', headers: { 'x-request-id': 'trace-42' } });
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    expect(((await res.json()) as { requestId: string }).requestId).toBe('trace-42');
    const events = lines.map((l) => JSON.parse(l) as { event: string; requestId?: string; level: string; time: string });
    const unhandled = events.find((e) => e.event === 'api.unhandled');
    expect(unhandled).toMatchObject({ level: 'error', requestId: 'trace-42' });
    expect(events.every((e) => e.requestId === 'trace-42' && typeof e.time === 'string')).toBe(true);
  });

  it('are made afresh when the caller sends one that is not a plain token', async () => {
    const res = await h.call('GET', '/api/no/such/route', { headers: { 'x-request-id': 'a b;<x>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    vi.stubEnv('METRICS_TOKEN', '');
    expect((await h.call('GET', '/api/metrics')).status).toBe(404);
  });

  it('needs the token, and counts API requests by route pattern, status and time', async () => {
    vi.stubEnv('METRICS_TOKEN', 'scrape-secret');
    await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 2 } });
    await h.call('GET', '/api/admin/roles/12345');
    await h.call('GET', '/api/no/such/route');
    expect((await h.call('GET', '/api/metrics')).status).toBe(401);
    expect((await h.call('GET', '/api/metrics', { headers: { authorization: 'Bearer scrape-secreT' } })).status).toBe(401);
    const res = await h.app.request('/api/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/reagent_api_requests_total\{method="POST",route="\/api\/web\/settingCon\/getPage",status="200"\} [1-9]/);
    expect(text).toMatch(/reagent_api_requests_total\{method="GET",route="\/api\/admin\/roles\/:id",status="401"\} [1-9]/);
    expect(text).toMatch(/reagent_api_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).toMatch(/reagent_api_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/web\/settingCon\/getPage"\}/);
    expect(text).toContain('reagent_db_up 1');
    expect(text).toContain('reagent_db_pool_max_connections');
    // The seeded approvals wait for decisions; the demo import has finished.
    expect(text).toMatch(/reagent_queue_depth\{queue="approval_steps"\} [1-9]/);
    expect(text).toMatch(/reagent_queue_depth\{queue="catalogue_import"\} 0/);
    expect(text).toMatch(/reagent_queue_oldest_seconds\{queue="approval_steps"\} [0-9.e+]+/);
    expect(text).toContain('reagent_process_resident_memory_bytes');
    expect(text).not.toContain('/api/admin/roles/12345');
  });
});

describe('readiness while shutting down', () => {
  it('answers 503 once the process drains, so the balancer stops sending requests', async () => {
    expect((await h.call('GET', '/api/ready')).status).toBe(200);
    observability().state.draining = true;
    expect((await h.call('GET', '/api/ready')).status).toBe(503);
    expect((await h.call('GET', '/api/health')).status).toBe(200);
  });
});
