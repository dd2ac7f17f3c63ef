import 'server-only';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { AppError, defaultKey } from '@/server/errors';
import { apiText } from './locale';

/** Every answer of the API: `{ code, msg, data }` (architecture "HTTP API"); errors add `requestId`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function success<T>(c: Context<AppEnv>, data: T, msg?: string): Response {
  const body: Envelope<T> = { code: 200, msg: msg ?? apiText(c.get('lang') ?? 'zh', 'messages', 'success'), data };
  return c.json(body, 200);
}

export function failure(c: Context<AppEnv>, error: AppError, msgOverride?: string): Response {
  const lang = c.get('lang') ?? 'zh';
  const details = error.details && !Array.isArray(error.details) ? error.details : {};
  const template = msgOverride ?? apiText(lang, 'errors', error.messageKey ?? defaultKey(error.code));
  const body: Envelope<unknown> & { requestId?: string } = {
    code: error.code,
    // `{name}` in a message takes the value of `name` in the details (e.g. `{retryAfter}` seconds).
    msg: template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = (details as Record<string, unknown>)[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
    }),
    // Field messages may be keys under `api.errors` too.
    data: Array.isArray(error.details)
      ? error.details.map((f) => ({ field: f.field, message: apiText(lang, 'errors', f.message) }))
      : (error.details ?? null),
    // The id of the answer's X-Request-Id and of the server's log lines about it.
    requestId: c.get('requestId'),
  };
  const retryAfter = (details as { retryAfter?: unknown }).retryAfter;
  if (typeof retryAfter === 'number') c.header('retry-after', String(retryAfter));
  return c.json(body, error.code as ContentfulStatusCode);
}
