'use client';

/** A field error of a 400 answer. */
export interface FieldError {
  field: string;
  message: string;
}

export class AdminApiError extends Error {
  constructor(readonly status: number, message: string, readonly fields: FieldError[] = []) {
    super(message);
    this.name = 'AdminApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** Query string of the defined values only. */
export function toQuery(params: Query): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The back-office's client of `/api/admin`: JSON in and out with the session cookie; answers `data`,
 * or throws an AdminApiError carrying the server's message (in the caller's language) and field
 * errors. A 401 sends the browser to the staff sign-in.
 */
export async function adminApi<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let envelope: { code: number; msg: string; data: unknown } | null = null;
  try {
    envelope = (await res.json()) as { code: number; msg: string; data: unknown };
  } catch {
    envelope = null;
  }
  if (res.status === 401) {
    const prefix = window.location.pathname.match(/^\/(zh|en)\//)?.[0] ?? '/';
    window.location.replace(new URL(`${prefix}admin/login`, window.location.origin).href);
  }
  if (!res.ok || !envelope || envelope.code !== 200) {
    const fields = Array.isArray(envelope?.data) ? (envelope.data as FieldError[]) : [];
    throw new AdminApiError(res.status, envelope?.msg ?? res.statusText, fields);
  }
  return envelope.data as T;
}

/** Sends one file as the multipart `file` part; answers `data` or throws an AdminApiError with the server's message. */
export async function adminUpload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body: form });
  let envelope: { code: number; msg: string; data: unknown } | null = null;
  try {
    envelope = (await res.json()) as { code: number; msg: string; data: unknown };
  } catch {
    envelope = null;
  }
  if (!res.ok || !envelope || envelope.code !== 200) {
    throw new AdminApiError(res.status, envelope?.msg ?? res.statusText, Array.isArray(envelope?.data) ? (envelope.data as FieldError[]) : []);
  }
  return envelope.data as T;
}
