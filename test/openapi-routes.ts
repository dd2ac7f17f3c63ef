/**
 * Every API operation, read from the published OpenAPI document (`/api/openapi.json`) — the one
 * list the harness tests (bad input, cross-site writes, authorisation) walk, so that a route added
 * tomorrow is covered without touching them.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  /** A money input (`MONEY_META` in src/contracts/numbers.ts). */
  'x-money'?: boolean;
};

export type Audience = 'public' | 'user' | 'staff';

export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path as the document writes it: `/api/admin/roles/{id}`. */
  path: string;
  audience: Audience;
  permissions: string[];
  pathParams: string[];
  /** Every named input (query, path, body) with its schema, references resolved one level deep. */
  fields: Record<string, JsonSchema>;
  required: string[];
  /** Whether the operation takes a body (anything but GET). */
  hasBody: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-audience'?: Audience;
  'x-permissions'?: string[];
  tags?: string[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Anything that answers `request(path)` the way a Hono app or `fetch` against a server does. */
export interface Requester {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

export async function loadOpenApiDocument(app: Requester): Promise<OpenApiDocument> {
  const res = await app.request('/api/openapi.json');
  if (res.status !== 200) throw new Error(`/api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** The API's operations (system routes without an audience — health, readiness, the document — left out). */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    const name = schema?.$ref?.replace('#/components/schemas/', '');
    return (name ? doc.components?.schemas?.[name] : schema) ?? {};
  };
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method) || !op['x-audience']) continue;
      const body = resolve(op.requestBody?.content?.['application/json']?.schema);
      const fields: Record<string, JsonSchema> = {};
      const required = new Set<string>(body.required ?? []);
      for (const [name, schema] of Object.entries(body.properties ?? {})) fields[name] = resolve(schema);
      for (const p of op.parameters ?? []) {
        fields[p.name] = resolve(p.schema);
        if (p.required) required.add(p.name);
      }
      out.push({
        method: method as ApiOperation['method'],
        path,
        audience: op['x-audience'],
        permissions: op['x-permissions'] ?? [],
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        fields,
        required: [...required],
        hasBody: method !== 'get',
      });
    }
  }
  return out;
}

/** The path with its parameters filled in (percent-encoded). */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(toText(values[name] ?? '0')));
}

/** How a value travels in a query string or form: strings as they are, anything else as JSON. */
export function toText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

/** A plausible value of a schema (not a real id: ids are far beyond the seed's). */
export function plausible(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants[0]) return plausible(variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 987_654_321, 987_654_321));
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => schema.required?.includes(k)).map(([k, v]) => [k, plausible(v)]));
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.org';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}
