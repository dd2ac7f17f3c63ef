import createClient, { type MaybeOptionalInit } from 'openapi-fetch';
import { announceFailure, ApiError, failureOf, isUnauthorised, NETWORK_ERROR, outcomeOf, renewSession, type ApiEnvelope } from '@/lib/api-client';
import { getToken } from '@/lib/session-store';
import { requestLoginConfirm } from '@/lib/ui-events';
import type { paths } from './schema';
import type { ApiData, ApiMethod, ApiPathWith } from './types';

/**
 * The account area's and the back-office's client of the API: `openapi-fetch` over the generated
 * document types, JSON in and out with the session cookie, the envelope unwrapped — a call resolves
 * with `data` or rejects with an ApiError (HTTP status, server message in the caller's language,
 * field errors of a 400).
 *
 * Every call renews its session silently on 402 and repeats itself once. Customer calls carry the
 * stored token as the storefront's client does, ask for the login confirmation on 401 and show any other
 * failure for 5 s (`silent` leaves that to the caller). Staff calls (`/api/admin/…`, the session in its
 * cookie) leave failures to the view, but an ended session asks for the same confirmation, silent or not:
 * the back-office's session dialogs sign the member in again over the page, so that nothing typed is lost
 * (ADR 0064).
 */

export { ApiError };
export type { ApiData, ApiMethod, ApiPathWith };

export type ApiInit<M extends ApiMethod, P extends ApiPathWith<M>> = M extends keyof paths[P] ? MaybeOptionalInit<paths[P], M> : never;

export interface ApiCallOptions {
  /** No toast and no login confirmation for a customer call: the caller shows what went wrong. */
  silent?: boolean;
}

const client = createClient<paths>({
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  // The page's fetch at the time of the call.
  fetch: (request) => globalThis.fetch(request),
});

export function isStaffPath(path: string): boolean {
  return path.startsWith('/api/admin/');
}

client.use({
  onRequest({ request, schemaPath }) {
    const token = isStaffPath(schemaPath) ? null : getToken();
    if (token) request.headers.set('authorization', token);
    return request;
  },
});

type Exchange = (method: ApiMethod, path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const exchange = client.request as unknown as Exchange;

/** The call failed because its session is over (401, '00401', or a 402 that could not be renewed). */
export function isSessionOver(error: ApiError): boolean {
  return isUnauthorised(error.code) || error.status === 401;
}

function fail(path: string, error: ApiError, options: ApiCallOptions): never {
  if (isStaffPath(path)) {
    if (isSessionOver(error)) requestLoginConfirm();
  } else if (!options.silent) {
    announceFailure(error);
  }
  throw error;
}

function envelopeOf(value: unknown): ApiEnvelope<unknown> | null {
  return value !== null && typeof value === 'object' && 'code' in value ? (value as ApiEnvelope<unknown>) : null;
}

async function call(method: ApiMethod, path: string, init: unknown, options: ApiCallOptions, mayRenew: boolean): Promise<unknown> {
  let answer: Awaited<ReturnType<Exchange>>;
  try {
    answer = await exchange(method, path, init ?? {});
  } catch (error) {
    // A query the cache no longer needs was cancelled: nothing went wrong.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fail(path, new ApiError(NETWORK_ERROR, 'network'), options);
  }
  const { status } = answer.response;
  const body = envelopeOf(answer.data ?? answer.error ?? null);
  const outcome = outcomeOf(status, body);
  if (outcome === 'success') return body?.data;
  if (outcome === 'renew' && mayRenew && (await renewSession(path))) return call(method, path, init, options, false);
  return fail(path, failureOf(status, body), options);
}

/** Calls one operation of the API: resolves with the envelope's `data`, typed by the document. */
export async function apiRequest<M extends ApiMethod, P extends ApiPathWith<M>>(
  method: M, path: P, init?: ApiInit<M, P>, options: ApiCallOptions = {},
): Promise<ApiData<M, P>> {
  return (await call(method, path, init, options, true)) as ApiData<M, P>;
}

/**
 * Sends a call's body as multipart form data: a `Blob` field (the file) as a file part with its name,
 * other fields that have a value as text: `apiRequest('post', path, { body: { kind, file }, ...multipart })`.
 */
export const multipart = {
  bodySerializer: (body: unknown): FormData => {
    const form = new FormData();
    const fields = body !== null && typeof body === 'object' ? Object.entries(body) : [];
    for (const [name, value] of fields) {
      if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
      else if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
    }
    return form;
  },
};
