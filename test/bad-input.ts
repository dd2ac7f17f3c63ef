import fc from 'fast-check';
import { fillPath, plausible, toText, type ApiOperation, type JsonSchema } from './openapi-routes';

/**
 * Hostile values for any field: overlong, wrong-typed, Unicode edges, injection. Built for the
 * property-based run over every route of the OpenAPI document (`src/server/api/bad-input.api.test.ts`).
 */

export const injectionStrings = [
  "' OR '1'='1", "1; DROP TABLE users;--", "' UNION SELECT password_hash FROM users--", '1)) OR pg_sleep(5)--',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', 'javascript:alert(1)',
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '${7*7}', '{{7*7}}', '#{7*7}',
  '=cmd|\' /C calc\'!A0', '@SUM(1+1)', '__proto__', 'constructor', 'prototype', '%s%s%s%n', '\\', '%', '%zz', '*', '_',
  '{"$gt":""}', '$where', 'null', 'undefined', 'NaN', 'Infinity', '-1', '0x10', '1e999', '  1  ', ' 1', '1 ', '01', '007', '-0', '١٢٣', '１２３',
  '2026-02-30', '2026-13-01', '2026-04-31', '0000-00-00', '0000-01-01', '9999-12-31',
  '\r\nSet-Cookie: injected=1', 'a\r\n\r\nHTTP/1.1 200 OK',
];

export const unicodeEdges = [
  '\uD800', 'a\uDC00b', '\uDBFF\uDFFF\uD800', '\u202Eevil\u202C', '\u200F\u200E\u061C', 'nul\u0000byte', '\u0000',
  '𠜎𠜱𠝹𠱓', '😀👩‍👩‍👧‍👦🏳️‍🌈', '𝒜𝓑𝔠', '\uFEFFbom', '\u200B\u200C\u200D', 'e\u0301\u0301\u0301\u0301',
  'ﷺ', 'ǀǁǂ', '\u0007\u0008\u001B[31m', '\u2028\u2029', 'İıﬀ', 'Ω≈ç√∫', '乙醇\u0000', 'ＡＢＣ', '\uFFFF\uFFFE',
];

const overlongStrings = [
  'a'.repeat(10_001), '界'.repeat(5_000), '𠜎'.repeat(3_000), `${'9'.repeat(400)}`, `${'-'.repeat(2_000)}7`, ' '.repeat(4_096),
];

/**
 * Structure-sized values for SMILES fields (`format: smiles` in the document): at and past the caps on
 * characters and atoms, shapes slow to lay out (long chains, fused and caged rings), and unreadable.
 */
export const smilesValues = [
  'C'.repeat(1_000), 'c1ccccc1'.repeat(125), 'C'.repeat(250), 'C'.repeat(251), '[13CH2]'.repeat(143), `${'C(C)'.repeat(62)}C`,
  `${'C1CC2CC3CC1CC(C2)C3.'.repeat(18)}C`, `${'c1ccc2ccccc2c1'.repeat(17)}`, `${'C'.repeat(999)}(`, `${'C1'.repeat(499)}C`,
  `${'[C@@H](O)'.repeat(83)}C`, `${'N[C@@H](C)C(=O)'.repeat(16)}O`, '%99'.repeat(333), `${'('.repeat(500)}C${')'.repeat(499)}`,
];

/** Whether a field's schema is a SMILES (tagged `format: smiles`, alone or as a variant). */
export function isSmilesField(schema: JsonSchema): boolean {
  return schema.format === 'smiles' || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isSmilesField);
}

const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    -1, 0, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE,
    true, false, null, [], {}, [null], [[[]]], { a: { b: { c: {} } } }, ['a', 'b'], [1, '1', true],
  ),
  // Never a small positive whole number: that could be a real row's id, and the run must not change real rows.
  fc.oneof(fc.integer({ min: -(2 ** 31), max: 0 }), fc.integer({ min: 10_000_000, max: 2 ** 31 - 1 })),
  fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d) || Math.abs(d) > 1e6),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

/** One hostile value. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...injectionStrings),
  fc.constantFrom(...unicodeEdges),
  fc.constantFrom(...overlongStrings),
  wrongTyped,
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 32 }),
  fc.tuple(fc.constantFrom(...unicodeEdges), fc.constantFrom(...injectionStrings)).map(([a, b]) => `${a}${b}`),
);

/**
 * Money-sized values for fields marked `x-money`: around the old integer limit (21,474,836.47), at and
 * beyond the caps (99,999,999.99 a field, 9,000,000,000.00 a total), beyond bigint and safe integers,
 * in exponent form, negative, with too many decimals, as numbers and as text.
 */
export const moneyValues = [
  '21474836.47', '21474836.48', '99999999.99', '100000000.00', '9999999999.99', '99999999999.99', '1e20', '1e8', '999999999999999999',
  '9223372036854775808', '0.001', '-0.01', '0', '0.00', '00000000000000000001.00', '1,000.00', '¥100', '１００',
  21474836.48, 99999999.99, 100000000, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e20, 1e308, 0.001, -1, 999_999_999, 1_000_000_000, 214_748_364_800,
];

const OMIT = Symbol('omit');
const massAssignmentKeys = ['companyId', 'company_id', 'role', 'roleId', 'price', 'total', 'userId', 'staffId', 'status', 'permissions', 'admin', '__proto__', 'constructor'];

export type Encoding = 'json' | 'form' | 'query';

/** One request: its values by field, and how they travel. */
export interface FuzzCase {
  values: Record<string, unknown>;
  encoding: Encoding;
}

/** Requests to an operation with every field omitted, plausible or hostile, plus a field it does not know. */
export function fuzzCase(op: ApiOperation): fc.Arbitrary<FuzzCase> {
  const fieldArbs: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(op.fields)) {
    fieldArbs[name] = fc.oneof(
      { weight: 1, arbitrary: fc.constant<unknown>(OMIT) },
      { weight: 1, arbitrary: fc.constant(plausible(schema)) },
      { weight: 4, arbitrary: badValue },
      ...(isSmilesField(schema) ? [{ weight: 4, arbitrary: fc.constantFrom<unknown>(...smilesValues) }] : []),
      // A money field gets money-sized values as often as hostile ones.
      ...(schema['x-money'] ? [{ weight: 4, arbitrary: fc.constantFrom<unknown>(...moneyValues) }] : []),
    );
  }
  return fc
    .record({
      fields: fc.record(fieldArbs),
      extra: fc.option(fc.tuple(fc.constantFrom(...massAssignmentKeys), badValue), { nil: undefined }),
      encoding: op.hasBody ? fc.constantFrom<Encoding>('json', 'form') : fc.constant<Encoding>('query'),
    })
    .map(({ fields, extra, encoding }) => {
      const values: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(fields)) if (v !== OMIT) values[k] = v;
      if (extra) values[extra[0]] = extra[1];
      return { values, encoding };
    });
}

/** The fetch arguments of a case: path with its parameters, query or body. */
export function requestOf(op: ApiOperation, c: FuzzCase): { url: string; init: RequestInit & { headers: Record<string, string> } } {
  const pathValues: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.values)) (op.pathParams.includes(k) ? pathValues : rest)[k] = v;
  const path = fillPath(op.path, Object.fromEntries(Object.entries(pathValues).map(([k, v]) => [k, wellFormed(toText(v))])));
  const method = op.method.toUpperCase();
  if (c.encoding === 'query') {
    const query = formOf(rest).toString();
    return { url: query ? `${path}?${query}` : path, init: { method, headers: {} } };
  }
  if (c.encoding === 'form') {
    return { url: path, init: { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formOf(rest).toString() } };
  }
  return { url: path, init: { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(rest) } };
}

/** Arrays travel as repeated fields, other non-strings as JSON text. */
function formOf(values: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const item of v) form.append(k, toText(item));
    else form.append(k, toText(v));
  }
  return form;
}

/** Lone surrogates cannot be percent-encoded (they are not text): U+FFFD, as a browser would send. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A whole request with what the failure message calls it. */
interface LabelledRequest {
  label: string;
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/**
 * A JSON body with every field of the operation (and one it does not know) an object whose `toString` and
 * `valueOf` are not functions, so that turning one into text throws: each field must be refused as the
 * wrong type, never converted. Sent to every operation with a body.
 */
export function untextableBody(op: ApiOperation): LabelledRequest | null {
  if (!op.hasBody) return null;
  const value = { toString: '', valueOf: '' };
  const body = Object.fromEntries([...Object.keys(op.fields).filter((k) => !op.pathParams.includes(k)), 'unknown'].map((k) => [k, value]));
  const path = fillPath(op.path, {});
  return { label: 'json fields whose toString is not a function', url: path, init: { method: op.method.toUpperCase(), headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } };
}

const tooBig = 'x'.repeat(1024 * 1024 + 16);
const deep = `${'{"a":['.repeat(200)}1${']}'.repeat(200)}`;

/**
 * Whole requests that are broken as requests — bodies that are not JSON, not objects, too deep, too
 * large, of a type the API does not read, with bytes that are not UTF-8 — and hostile path segments
 * and query strings. The same for every operation; each must answer 4xx in the envelope.
 */
export function malformedRequests(op: ApiOperation): LabelledRequest[] {
  const method = op.method.toUpperCase();
  const path = fillPath(op.path, {});
  const segments = ['%ED%A0%80', '%00', '%2e%2e%2f%2e%2e%2f', '%FF%FE', '-1', '1e999', '99999999999999999999999', '%F0%9F%98%80', 'a%20b%27'];
  const out: LabelledRequest[] = [];
  for (const segment of op.pathParams.length > 0 ? segments : []) {
    out.push({ label: `path segment ${segment}`, url: op.path.replace(/\{\w+\}/g, segment), init: { method, headers: {} } });
  }
  for (const query of ['%ED%A0%80=%ED%A0%80', 'a=%', 'a=%zz&b=%E0%A4%A', `${'k='.repeat(1)}${'&k=1'.repeat(1_200)}`, '__proto__[x]=1&constructor[prototype][x]=1']) {
    out.push({ label: `query ${query.slice(0, 30)}`, url: `${path}?${query}`, init: { method, headers: {} } });
  }
  if (!op.hasBody) return out;
  const json = { 'content-type': 'application/json' };
  const bodies: [string, Record<string, string>, BodyInit][] = [
    ['json not closed', json, '{"a":'],
    ['json array', json, '[1,2,3]'],
    ['json null', json, 'null'],
    ['json string', json, '"text"'],
    ['json number too large', json, '1e999'],
    ['json nested 200 deep', json, deep],
    ['json with 2,000 keys', json, JSON.stringify(Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])))],
    ['json bytes not UTF-8', json, new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])],
    ['json proto pollution', json, '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'],
    ['form with 1,200 fields', { 'content-type': 'application/x-www-form-urlencoded' }, Array.from({ length: 1_200 }, (_, i) => `f${i}=1`).join('&')],
    ['form bytes not UTF-8', { 'content-type': 'application/x-www-form-urlencoded' }, new Uint8Array([0x61, 0x3d, 0xff, 0xfe, 0x25, 0x00])],
    ['text/plain', { 'content-type': 'text/plain' }, 'a=b'],
    ['xml', { 'content-type': 'application/xml' }, '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ['multipart without boundary', { 'content-type': 'multipart/form-data' }, '--x\r\n\r\n'],
    ['body over the limit', json, tooBig],
  ];
  for (const [label, headers, body] of bodies) out.push({ label, url: path, init: { method, headers: { ...headers }, body } });
  return out;
}
