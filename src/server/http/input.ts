import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './context';
import { AppError, type FieldError } from '@/server/errors';
import { apiText } from './locale';
import { byLang, type Lang } from '@/lib/lang';

type Raw = Record<string, unknown>;

/**
 * More parameters, repeats of one parameter, array items or object keys than any endpoint takes.
 * A request past it answers 400 `tooManyFields` before its fields are read into objects.
 */
export const MAX_INPUT_FIELDS = 1000;
/** JSON bodies nest no deeper than this. */
export const MAX_JSON_DEPTH = 16;

/**
 * The media type of a Content-Type header: `type/subtype` before any parameter, trimmed and
 * lower-cased (`Application/JSON; charset=utf-8` → `application/json`); '' when there is none.
 * Parameters never decide what a body is.
 */
export function mediaTypeOf(header: string | undefined | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** `application/json`, or a structured `application/<name>+json` (RFC 6839). */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || /^application\/[a-z0-9][a-z0-9!#$&^_.-]*\+json$/.test(mediaType);
}

const URL_ENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';

const tooManyFields = () => new AppError(400, 'tooManyFields', { max: MAX_INPUT_FIELDS });

/**
 * Parameters of a request: the query, plus a JSON or form-encoded body for methods that carry one.
 * Every step is linear in the size of the request, and the field count is checked before the
 * fields become objects.
 */
export async function readRawInput(c: Context<AppEnv>): Promise<Raw> {
  const query = readQuery(c.req.url);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return query;
  const header = c.req.header('content-type') ?? '';
  const mediaType = mediaTypeOf(header);
  if (mediaType === MULTIPART) return { ...query, ...(await readMultipart(c, header)) };
  const text = await c.req.text();
  if (text.trim() === '') return query;
  if (isJsonMediaType(mediaType)) return { ...query, ...readJson(text) };
  if (mediaType === URL_ENCODED) return { ...query, ...readUrlEncoded(text) };
  throw new AppError(415);
}

/** The query string's parameters alone, whatever the body. */
export function readQueryInput(c: Context<AppEnv>): Raw {
  return readQuery(c.req.url);
}

function readQuery(url: string): Raw {
  const at = url.indexOf('?');
  if (at < 0) return {};
  const end = url.indexOf('#', at);
  return readUrlEncoded(url.slice(at + 1, end < 0 ? undefined : end));
}

/** `a=1&b=2`: counted by its separators first, then parsed once. */
function readUrlEncoded(text: string): Raw {
  if (text === '') return {};
  if (countOf(text, '&') + 1 > MAX_INPUT_FIELDS) throw tooManyFields();
  return collect(new URLSearchParams(text).entries());
}

async function readMultipart(c: Context<AppEnv>, type: string): Promise<Raw> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new AppError(400, 'malformedBody');
  const body = await c.req.arrayBuffer();
  // Each part starts with the boundary; the closing boundary adds one more.
  if (countOf(Buffer.from(body).toString('latin1'), `--${marker}`) - 1 > MAX_INPUT_FIELDS) throw tooManyFields();
  const form = await new Response(body, { headers: { 'content-type': type } }).formData().catch(() => {
    throw new AppError(400, 'malformedBody');
  });
  return collect(form.entries());
}

function readJson(text: string): Raw {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'malformedJson');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError(400, 'bodyNotObject');
  checkJsonShape(parsed, 0);
  return parsed as Raw;
}

/** No array or object in a body is wider than MAX_INPUT_FIELDS or deeper than MAX_JSON_DEPTH. */
function checkJsonShape(value: unknown, depth: number): void {
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) throw new AppError(400, 'bodyTooDeep', { max: MAX_JSON_DEPTH });
  const children = Array.isArray(value) ? value : Object.values(value);
  if (children.length > MAX_INPUT_FIELDS) throw tooManyFields();
  for (const child of children) checkJsonShape(child, depth + 1);
}

function countOf(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Form fields as an object; a repeated field becomes an array of its values. Files are skipped. */
function collect(entries: Iterable<[string, FormDataEntryValue]>): Raw {
  const values = new Map<string, string[]>();
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue;
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }
  const out: Raw = {};
  for (const [key, list] of values) out[key] = list.length === 1 ? list[0] : list;
  return out;
}

/** A UTF-16 half of a pair without its other half: no UTF-8 text (and no PostgreSQL text) can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored as it is, if it cannot. */
function textFault(text: string): 'nulCharacter' | 'malformedText' | null {
  if (text.includes('\u0000')) return 'nulCharacter';
  if (LONE_SURROGATE.test(text)) return 'malformedText';
  return null;
}

/**
 * The fields holding a NUL character or a lone surrogate (JSON's `"\ud800"`), which no PostgreSQL
 * text can store (the query would fail with a 500): such a request is refused whole, naming the
 * fields, whatever its schema.
 */
function unstorableFields(value: unknown, path: string, out: FieldError[], lang: Lang): FieldError[] {
  if (typeof value === 'string') {
    const fault = textFault(value);
    if (fault) out.push({ field: path || '(body)', message: apiText(lang, 'errors', fault) });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const fault = textFault(key);
      if (fault) out.push({ field: path || '(body)', message: apiText(lang, 'errors', fault) });
      unstorableFields(child, path ? `${path}.${key}` : key, out, lang);
    }
  }
  return out;
}

/** Validates input with a zod schema; messages follow the answer's language. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, lang: Lang): z.output<S> {
  const unstorable = unstorableFields(raw, '', [], lang);
  if (unstorable.length > 0) {
    throw new AppError(400, 'validation', unstorable.slice(0, 20));
  }
  const locale = byLang(lang, { zh: z.locales.zhCN, en: z.locales.en })();
  const result = schema.safeParse(raw, { error: locale.localeError });
  if (result.success) return result.data;
  const fields: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    // A schema may name a message key under `api.errors`; other messages pass through as zod wrote them.
    message: apiText(lang, 'errors', issue.message),
  }));
  throw new AppError(400, 'validation', fields);
}
