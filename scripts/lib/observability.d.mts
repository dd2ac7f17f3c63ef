import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

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
export declare function observability(): Observability;
export declare function requestIdFrom(header: string | string[] | undefined | null): string;
export declare function currentRequestId(): string | undefined;
