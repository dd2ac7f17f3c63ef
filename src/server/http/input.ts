import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './context';
import { AppError, type FieldError } from './errors';
import { apiText } from './locale';

type Raw = Record<string, unknown>;

function isJson(type: string): boolean {
  return type.includes('application/json') || type.includes('+json');
}

function isForm(type: string): boolean {
  return type.includes('application/x-www-form-urlencoded');
}

/** Parameters of a request: the query, plus a JSON or form-encoded body for methods that carry one. */
export async function readRawInput(c: Context<AppEnv>): Promise<Raw> {
  const query: Raw = { ...c.req.query() };
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return query;
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) {
    const form = await c.req.formData().catch(() => {
      throw new AppError(400, 'malformedBody');
    });
    return { ...query, ...formToObject(form) };
  }
  const text = await c.req.text();
  if (text.trim() === '') return query;
  if (isJson(type) || (type === '' && /^\s*[{[]/.test(text))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError(400, 'malformedJson');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError(400, 'bodyNotObject');
    return { ...query, ...(parsed as Raw) };
  }
  if (isForm(type) || type === '' || type.startsWith('text/plain')) {
    return { ...query, ...formToObject(new URLSearchParams(text)) };
  }
  throw new AppError(415);
}

function formToObject(form: URLSearchParams | FormData): Raw {
  const out: Raw = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** Validates input with a zod schema; messages follow the answer's language. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, lang: 'zh' | 'en'): z.output<S> {
  const locale = lang === 'en' ? z.locales.en() : z.locales.zhCN();
  const result = schema.safeParse(raw, { error: locale.localeError });
  if (result.success) return result.data;
  const fields: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    // A schema may name a message key under `api.errors`; other messages pass through as zod wrote them.
    message: apiText(lang, 'errors', issue.message),
  }));
  throw new AppError(400, 'validation', fields);
}
