// The process's request context and metrics, shared by scripts/serve.mjs (every HTTP request) and
// the app (the API frame, /api/metrics, the log): one instance per process, kept on globalThis,
// because serve.mjs and Next.js's server bundle load their own copies of this module.
// No `import 'server-only'` and no import of other app modules: scripts/serve.mjs loads this file
// outside Next.js, without the react-server condition (ADR 0023).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import client, { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

const KEY = Symbol.for('reagent.observability');

export interface Observability {
  registry: Registry;
  requestContext: AsyncLocalStorage<{ requestId: string }>;
  /** True once the process has been asked to stop: readiness answers 503. */
  state: { draining: boolean };
  httpRequests: Counter<'kind' | 'status'>;
  httpDuration: Histogram<'kind'>;
  inFlight: Gauge;
  pageCache: Counter<'result'>;
  apiRequests: Counter<'method' | 'route' | 'status'>;
  apiDuration: Histogram<'method' | 'route'>;
}

function create(): Observability {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'reagent_' });
  const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    requestContext: new AsyncLocalStorage(),
    state: { draining: false },
    httpRequests: new client.Counter({ name: 'reagent_http_requests_total', help: 'HTTP requests answered, by kind (page, api, asset) and status class', labelNames: ['kind', 'status'], registers: [registry] }),
    httpDuration: new client.Histogram({ name: 'reagent_http_request_duration_seconds', help: 'Time to answer an HTTP request, by kind', labelNames: ['kind'], buckets, registers: [registry] }),
    inFlight: new client.Gauge({ name: 'reagent_http_in_flight_requests', help: 'HTTP requests being answered', registers: [registry] }),
    apiRequests: new client.Counter({ name: 'reagent_api_requests_total', help: 'API requests, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    pageCache: new client.Counter({ name: 'reagent_page_cache_requests_total', help: 'Page requests by what the guest page cache did: hit (answered from it), miss (rendered and kept when it qualifies), bypass (not for the cache: credentials outside the shared storefront pages, navigation, preview)', labelNames: ['result'], registers: [registry] }),
    apiDuration: new client.Histogram({ name: 'reagent_api_request_duration_seconds', help: 'Time to answer an API request, by method and route pattern', labelNames: ['method', 'route'], buckets, registers: [registry] }),
  };
}

/** The process's instance. */
export function observability(): Observability {
  const holder = globalThis as { [KEY]?: Observability };
  holder[KEY] ??= create();
  return holder[KEY];
}

/** A caller's request id when it is a plain token of at most 64 characters, else a new one. */
export function requestIdFrom(header: string | string[] | undefined | null): string {
  return typeof header === 'string' && /^[\w.:-]{1,64}$/.test(header) ? header : randomUUID();
}

/** The request id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return observability().requestContext.getStore()?.requestId;
}
