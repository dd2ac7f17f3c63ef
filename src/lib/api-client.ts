/** The one client of our HTTP API for client components: form-encoded bodies, `{code, msg, data}` answers. */

export interface ApiEnvelope<T> {
  code: number | string;
  msg: string;
  data: T;
}

export class ApiError extends Error {
  constructor(readonly code: number | string, message: string, readonly data: unknown = null) {
    super(message);
    this.name = 'ApiError';
  }
}

function isSuccess(code: number | string): boolean {
  return code === 0 || code === 200 || code === '0' || code === '200';
}

function toForm(data: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => form.append(key, String(v)));
    else form.append(key, String(value));
  }
  return form;
}

/** POSTs form-encoded data and resolves with `data` on success; rejects with ApiError otherwise. */
export async function apiPost<T>(path: string, data: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
    body: toForm(data),
  });
  let body: ApiEnvelope<T>;
  try {
    body = (await res.json()) as ApiEnvelope<T>;
  } catch {
    throw new ApiError(res.status, 'error');
  }
  if (!isSuccess(body.code)) throw new ApiError(body.code, body.msg || 'error', body.data);
  return body.data;
}
