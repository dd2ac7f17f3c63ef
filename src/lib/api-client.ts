import type { ApiBody, ApiData, ApiFieldError, ApiPathWith } from './api/types';
import { clearSession, getToken, setToken } from './session-store';
import { requestLoginConfirm, showToast } from './ui-events';

/**
 * The one client of our HTTP API for client components (docs/requirements/api.md#client, #error-catalogue): form-encoded bodies, the
 * stored token as `Authorization`, and `{code, msg, data}` answers —
 * - 0 or 200: resolves with `data`;
 * - 402: renews the session silently and repeats the call once;
 * - 401 or '00401' (in the body or as the HTTP status): the single "login confirmation" box;
 * - anything else: an error toast of `msg` (or 'error') for 5 s;
 * - no answer at all: the network message for 5 s.
 * Every failure rejects with an ApiError. `silent` leaves toasts and the box to the caller.
 * Paths, bodies and answers are typed by the API's generated document (src/lib/api/types.ts); the
 * account area and the back-office call the same API through src/lib/api/client.ts.
 */

export interface ApiEnvelope<T> {
  code: number | string;
  msg: string;
  data: T;
}

export interface ApiOptions {
  /** No toast and no confirm box: the caller shows what went wrong (the login dialog does). */
  silent?: boolean;
}

export const ERROR_TOAST_MS = 5000;
export const NETWORK_ERROR = 'network';

/** A failed call: the envelope's code and message, its data, and the HTTP status (0 without an answer). */
export class ApiError extends Error {
  constructor(readonly code: number | string, message: string, readonly data: unknown = null, readonly status = 0) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR;
  }

  /** The field errors of a 400 answer. */
  get fields(): ApiFieldError[] {
    if (!Array.isArray(this.data)) return [];
    return (this.data as { field?: unknown; message?: unknown }[])
      .filter((f) => typeof f.field === 'string' && typeof f.message === 'string')
      .map((f) => ({ field: String(f.field), message: String(f.message) }));
  }
}

export function isSuccess(code: number | string): boolean {
  return code === 0 || code === 200 || code === '0' || code === '200';
}

export function isUnauthorised(code: number | string): boolean {
  return code === 401 || code === '401' || code === '00401';
}

function isRenewal(code: number | string): boolean {
  return code === 402 || code === '402';
}

function toForm(data: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => form.append(key, String(v)));
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

async function send(path: string, data: Record<string, unknown>, token = getToken()): Promise<{ status: number; body: ApiEnvelope<unknown> | null }> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      accept: 'application/json',
      ...(token ? { authorization: token } : {}),
    },
    body: toForm(data),
  });
  let body: ApiEnvelope<unknown> | null = null;
  try {
    body = (await res.json()) as ApiEnvelope<unknown>;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

const renewals = new Map<string, Promise<boolean>>();

const STAFF_RENEW = '/api/admin/auth/renew';

/** Where a call's session is renewed: staff calls (`/api/admin/…`) at the staff API, others at the customer one. */
export function renewPathFor(path: string): string {
  return path.startsWith('/api/admin/') ? STAFF_RENEW : '/api/web/auth/renew';
}

/**
 * One renewal at a time, however many calls got a 402 together. A staff session lives in its cookie
 * alone: its renewal sends no stored token (that is a customer's) and keeps none — the answer's cookie
 * replaces the old one.
 */
export function renewSession(path: string): Promise<boolean> {
  const renewPath = renewPathFor(path);
  const pending = renewals.get(renewPath);
  if (pending) return pending;
  const staff = renewPath === STAFF_RENEW;
  const renewal = send(renewPath, {}, staff ? null : getToken())
    .then(({ body }) => {
      const token = (body?.data as { token?: unknown } | null)?.token;
      if (!body || !isSuccess(body.code) || typeof token !== 'string') return false;
      if (!staff && getToken()) setToken(token);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      renewals.delete(renewPath);
    });
  renewals.set(renewPath, renewal);
  return renewal;
}

/** What an answer means: success, a session to renew (402), or a failure. */
export function outcomeOf(status: number, body: ApiEnvelope<unknown> | null): 'success' | 'renew' | 'failure' {
  const code = body?.code ?? status;
  if (body && isSuccess(code) && status < 400) return 'success';
  return isRenewal(code) || status === 402 ? 'renew' : 'failure';
}

/** The error of a failed answer (a 402 that could not be renewed counts as a 401). */
export function failureOf(status: number, body: ApiEnvelope<unknown> | null): ApiError {
  const code = outcomeOf(status, body) === 'renew' ? 401 : (body?.code ?? status);
  return new ApiError(code, body?.msg || 'error', body?.data ?? null, status);
}

/** What the customer sees of a failure: the login confirmation for a 401, else the message (or the network message) for 5 s. */
export function announceFailure(error: ApiError): void {
  if (isUnauthorised(error.code) || error.status === 401) requestLoginConfirm();
  else if (error.isNetwork) showToast({ kind: 'error', messageKey: 'network', durationMs: ERROR_TOAST_MS });
  else showToast(error.message && error.message !== 'error' ? { kind: 'error', text: error.message, durationMs: ERROR_TOAST_MS } : { kind: 'error', messageKey: 'error', durationMs: ERROR_TOAST_MS });
}

async function call<T>(path: string, data: Record<string, unknown>, options: ApiOptions, mayRenew: boolean): Promise<{ data: T; msg: string }> {
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send(path, data);
  } catch {
    const error = new ApiError(NETWORK_ERROR, 'network');
    if (!options.silent) announceFailure(error);
    throw error;
  }
  const { status, body } = answer;
  const outcome = outcomeOf(status, body);
  if (outcome === 'success' && body) return { data: body.data as T, msg: body.msg ?? '' };
  if (outcome === 'renew' && mayRenew && (await renewSession(path))) return call<T>(path, data, options, false);
  const error = failureOf(status, body);
  if (!options.silent) announceFailure(error);
  throw error;
}

type PostPath = ApiPathWith<'post'>;
type PostBody<P extends PostPath> = ApiBody<'post', P> | Record<string, never>;

/** POSTs form-encoded data; resolves with `data` on success, rejects with ApiError otherwise. */
export async function apiPost<P extends PostPath>(path: P, data: PostBody<P> = {}, options: ApiOptions = {}): Promise<ApiData<'post', P>> {
  return (await call<ApiData<'post', P>>(path, data as Record<string, unknown>, options, true)).data;
}

/** Like apiPost, and with the server's `msg` (shown by the login dialog). */
export function apiPostWithMessage<P extends PostPath>(path: P, data: PostBody<P> = {}, options: ApiOptions = {}): Promise<{ data: ApiData<'post', P>; msg: string }> {
  return call<ApiData<'post', P>>(path, data as Record<string, unknown>, options, true);
}

/** Signs out on the server and forgets the browser's copy of the session. Never rejects. */
export async function signOut(): Promise<void> {
  // The stored token goes along, so that a header-only session is revoked too.
  await apiPost('/api/web/auth/logout', {}, { silent: true }).catch(() => undefined);
  clearSession();
}
