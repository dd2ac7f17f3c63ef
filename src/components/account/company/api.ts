'use client';

import type { FormInstance } from 'antd';
import { ApiError, apiPost, isSuccess, isUnauthorised } from '@/lib/api-client';
import { getToken } from '@/lib/session-store';
import { requestLoginConfirm, showToast } from '@/lib/ui-events';

/**
 * Runs a company-administration call through the API client (which shows the server's message on
 * failure); a 400's field errors are put on the form's fields. Resolves with the data, or null.
 */
export async function runCall<T>(path: string, data: Record<string, unknown>, form?: FormInstance): Promise<T | null> {
  try {
    return await apiPost<T>(path, data);
  } catch (error) {
    if (form && error instanceof ApiError && Array.isArray(error.data)) {
      const fields = (error.data as { field?: unknown; message?: unknown }[])
        .filter((f) => typeof f.field === 'string' && typeof f.message === 'string')
        .map((f) => ({ name: String(f.field).split('.')[0] ?? '', errors: [String(f.message)] }));
      if (fields.length > 0) form.setFields(fields);
    }
    return null;
  }
}

/** Uploads one file (multipart) to /api/app/file/upload; errors shown as the API client shows them. */
export async function uploadFile<T>(fields: Record<string, string>, file: File): Promise<T | null> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== '') body.append(k, v);
  body.append('file', file, file.name);
  const token = getToken();
  try {
    const res = await fetch('/api/app/file/upload', {
      method: 'POST', credentials: 'same-origin', body, headers: { accept: 'application/json', ...(token ? { authorization: token } : {}) },
    });
    const envelope = (await res.json().catch(() => null)) as { code: number; msg: string; data: T } | null;
    if (envelope && isSuccess(envelope.code) && res.ok) return envelope.data;
    if (isUnauthorised(envelope?.code ?? res.status) || res.status === 401) requestLoginConfirm();
    else showToast(envelope?.msg ? { kind: 'error', text: envelope.msg, durationMs: 5000 } : { kind: 'error', messageKey: 'error', durationMs: 5000 });
  } catch {
    showToast({ kind: 'error', messageKey: 'network', durationMs: 5000 });
  }
  return null;
}

/** The id list of a form value: repeated form fields, or '' for "none" (so that an empty list clears). */
export function idsParam(ids: readonly number[] | undefined): number[] | string {
  return ids && ids.length > 0 ? [...ids] : '';
}
