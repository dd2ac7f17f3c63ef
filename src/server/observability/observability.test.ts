import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentRequestId, observability, requestIdFrom } from './observability';

/** The process's request context and metrics, shared by scripts/serve.mjs and the app. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.resetModules();
});

describe('the process instance', () => {
  it('is one per process, also for a second copy of the module (serve.mjs and the Next.js bundle load their own)', async () => {
    const first = observability();
    expect(observability()).toBe(first);
    vi.resetModules();
    const copy = await import('./observability');
    expect(copy.observability()).toBe(first);
    expect(copy.observability().requestContext).toBe(first.requestContext);
  });

  it('registers the HTTP, API and page cache metrics with the process metrics, under the reagent_ prefix', async () => {
    const obs = observability();
    obs.pageCache.inc({ result: 'hit' });
    obs.httpRequests.inc({ kind: 'page', status: '2xx' });
    const text = await obs.registry.metrics();
    for (const name of [
      'reagent_http_requests_total', 'reagent_http_request_duration_seconds', 'reagent_http_in_flight_requests',
      'reagent_api_requests_total', 'reagent_api_request_duration_seconds', 'reagent_page_cache_requests_total',
      'reagent_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^reagent_page_cache_requests_total\{result="hit"\} [1-9]\d*$/m);
    expect(text).toMatch(/^reagent_http_requests_total\{kind="page",status="2xx"\} [1-9]\d*$/m);
  });

  it('starts serving: not draining', () => {
    expect(observability().state).toEqual({ draining: false });
  });
});

describe('request ids', () => {
  it("keep a caller's plain token of at most 64 characters", () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('a.b:c_d-e')).toBe('a.b:c_d-e');
    expect(requestIdFrom('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('are made afresh for anything else, each time another', () => {
    for (const sent of ['x'.repeat(65), '', 'a b', 'a/b', '<script>', 'ü', ['a', 'b'], undefined, null]) {
      expect(requestIdFrom(sent)).toMatch(UUID);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });

  it('are known inside the request context, across awaits, and not outside it', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await observability().requestContext.run({ requestId: 'r-1' }, async () => {
      const before = currentRequestId();
      await new Promise((resolve) => setImmediate(resolve));
      return [before, currentRequestId()];
    });
    expect(seen).toEqual(['r-1', 'r-1']);
    expect(currentRequestId()).toBeUndefined();
  });
});
