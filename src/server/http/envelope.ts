import 'server-only';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { AppError, defaultKey } from './errors';
import { apiText } from './locale';

/** Every answer of the API: `{ code, msg, data }` (architecture "HTTP API"). */
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
  const body: Envelope<unknown> = {
    code: error.code,
    msg: msgOverride ?? apiText(lang, 'errors', error.messageKey ?? defaultKey(error.code)),
    data: error.details ?? null,
  };
  return c.json(body, error.code as ContentfulStatusCode);
}
