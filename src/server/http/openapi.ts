import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { menuRowSchema } from '@/contracts/admin';
import { categoryNodeSchema } from '@/contracts/catalog-browse';
import { menuItemSchema } from '@/contracts/menus';
import { apiRegistry, type RegisteredEndpoint } from './router';

type JsonSchema = Record<string, unknown>;

/** Names under components/schemas of the recursive schemas; others get a name from their content. */
const componentNames = new Map<unknown, string>([
  [menuItemSchema, 'MenuItem'],
  [menuRowSchema, 'MenuRow'],
  [categoryNodeSchema, 'CategoryNode'],
]);

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * The document's `components/schemas`. zod writes a recursive schema as `$defs` of the schema it
 * converts, with `$ref: "#/$defs/…"` — a pointer into the document's root once the schema sits in
 * an OpenAPI document, which validators and client generators rightly refuse. Each such definition
 * moves here, under its name (or one derived from its content), and its references follow it;
 * identical definitions share one entry.
 */
class ComponentSchemas {
  readonly schemas: Record<string, JsonSchema> = {};

  hoist(schema: JsonSchema): JsonSchema {
    const { $defs: found, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
    let defs = found;
    let root: JsonSchema = rest;
    // A schema that is itself recursive refers to itself as "#": it becomes a definition too.
    if (refersTo(rest, '#')) {
      defs = { ...(defs ?? {}), __root: renameRef(rest, '#', '#/$defs/__root') as JsonSchema };
      root = { $ref: '#/$defs/__root' };
    }
    if (!defs) return schema;
    const local = Object.keys(defs);
    const names = new Map(local.map((key) => [key, baseName(key, defs[key] ?? {})]));
    const suffix = new Map(local.map((key) => [key, 1]));
    for (;;) {
      const chosen = new Map(local.map((key) => [key, nameWithSuffix(names.get(key) ?? key, suffix.get(key) ?? 1)]));
      const rewrite = (value: unknown) => rewriteRefs(value, chosen);
      const clash = local.find((key) => {
        const existing = this.schemas[chosen.get(key) ?? key];
        return existing !== undefined && JSON.stringify(existing) !== JSON.stringify(rewrite(defs[key]));
      });
      if (clash !== undefined) {
        suffix.set(clash, (suffix.get(clash) ?? 1) + 1);
        continue;
      }
      for (const key of local) this.schemas[chosen.get(key) ?? key] = rewrite(defs[key]) as JsonSchema;
      return rewrite(root) as JsonSchema;
    }
  }
}

function baseName(key: string, def: JsonSchema): string {
  if (typeof def.title === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(def.title)) return def.title;
  if (!key.startsWith('__')) return key.replace(/[^A-Za-z0-9._-]/g, '_');
  return `Schema_${createHash('sha256').update(JSON.stringify(def)).digest('hex').slice(0, 10)}`;
}

function nameWithSuffix(name: string, n: number): string {
  return n === 1 ? name : `${name}${n}`;
}

function refersTo(value: unknown, ref: string): boolean {
  if (Array.isArray(value)) return value.some((v) => refersTo(v, ref));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => (k === '$ref' ? v === ref : refersTo(v, ref)));
}

function renameRef(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRef(v, from, to));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && v === from ? to : renameRef(v, from, to)]));
}

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      const target = names.get(v.slice('#/$defs/'.length));
      out[k] = target ? `${COMPONENT_PREFIX}${target}` : v;
    } else {
      out[k] = rewriteRefs(v, names);
    }
  }
  return out;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output', components: ComponentSchemas): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const name = componentNames.get(zodSchema);
        if (name) jsonSchema.title = name;
      },
    }) as JsonSchema;
    return components.hoist(rest);
  } catch {
    return {};
  }
}

function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', example: 200 }, msg: { type: 'string' }, data },
  };
}

const errorEnvelope = envelopeOf({ description: 'null, or field errors for 400: [{ field, message }]' });

/** Text types are strings; anything else is binary. */
function fileSchemaOf(type: string): JsonSchema {
  return type.startsWith('text/') || type.startsWith('image/svg') ? { type: 'string' } : { type: 'string', format: 'binary' };
}

/** A multipart upload: the `file` part, and the input's fields (without its path's) when the upload takes them. */
function uploadBody(fields: JsonSchema | null): JsonSchema {
  const required = ['file', ...(Array.isArray(fields?.required) ? (fields.required as string[]) : [])];
  const properties = (fields?.properties ?? {}) as Record<string, JsonSchema>;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required, properties: { ...properties, file: { type: 'string', format: 'binary', description: 'the file (binary part)' } } },
      },
    },
  };
}

/**
 * The body's schema: the input without the fields its address carries — a path parameter is sent in
 * the path alone. Null when nothing is left to send.
 */
function bodySchema(input: JsonSchema, inPath: Set<string | undefined>): JsonSchema | null {
  const properties = input.properties as Record<string, JsonSchema> | undefined;
  if (!properties || inPath.size === 0) return input;
  const kept = Object.entries(properties).filter(([name]) => !inPath.has(name));
  if (kept.length === 0 && input.additionalProperties === false) return null;
  const required = Array.isArray(input.required) ? (input.required as string[]).filter((name) => !inPath.has(name)) : undefined;
  const { required: _required, properties: _properties, ...rest } = input;
  return { ...rest, properties: Object.fromEntries(kept), ...(required && required.length > 0 ? { required } : {}) };
}

function operation(e: RegisteredEndpoint, components: ComponentSchemas): JsonSchema {
  const input = e.input ? toSchema(e.input, 'input', components) : undefined;
  const security = e.audience === 'public' ? [] : [{ bearer: [] }, { xToken: [] }, { cookie: [] }];
  const inPath = new Set([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => m[1]));
  const properties = input && typeof input.properties === 'object' ? (input.properties as Record<string, JsonSchema>) : undefined;
  // An upload's input comes from its address (path and query) unless it takes fields from the form.
  const inAddress = (name: string) => e.method === 'get' || inPath.has(name) || (e.upload !== undefined && !e.upload.fields);
  const parameters = properties
    ? Object.entries(properties)
        .filter(([name]) => inAddress(name))
        .map(([name, schema]) => ({
          name, in: inPath.has(name) ? 'path' : 'query', schema,
          required: inPath.has(name) || (Array.isArray(input?.required) && input.required.includes(name)),
        }))
    : undefined;
  const errors: Record<string, JsonSchema> = {
    '400': { description: 'Validation failed', content: { 'application/json': { schema: errorEnvelope } } },
    '413': { description: 'Body too large', content: { 'application/json': { schema: errorEnvelope } } },
    '500': { description: 'Internal error (request id in msg)', content: { 'application/json': { schema: errorEnvelope } } },
  };
  if (e.audience !== 'public') errors['401'] = { description: 'Not signed in or session expired', content: { 'application/json': { schema: errorEnvelope } } };
  const body = input && e.method !== 'get' && !e.upload ? bodySchema(input, inPath) : null;
  if (e.permissions.length > 0) errors['403'] = { description: `Needs ${e.permissions.join(', ')}`, content: { 'application/json': { schema: errorEnvelope } } };
  return {
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: e.tags,
    security,
    ...(parameters && parameters.length > 0 ? { parameters } : {}),
    ...(e.upload ? { requestBody: uploadBody(e.upload.fields && input ? bodySchema(input, inPath) : null) } : {}),
    ...(body
      ? {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': { schema: body },
              'application/json': { schema: body },
            },
          },
        }
      : {}),
    'x-audience': e.audience,
    'x-permissions': e.permissions,
    responses: {
      '200': e.file
        ? { description: 'The file itself', content: Object.fromEntries(e.file.map((type) => [type, { schema: fileSchemaOf(type) }])) }
        : { description: 'Success', content: { 'application/json': { schema: envelopeOf(e.output ? toSchema(e.output, 'output', components) : {}) } } },
      ...errors,
    },
  };
}

const systemPaths: Record<string, JsonSchema> = {
  '/api/health': { get: { summary: 'Liveness', tags: ['system'], responses: { '200': { description: 'The process answers' } } } },
  '/api/ready': { get: { summary: 'Readiness (database round trip)', tags: ['system'], responses: { '200': { description: 'Ready' }, '503': { description: 'Database unreachable' } } } },
  '/api/openapi.json': { get: { summary: 'This document', tags: ['system'], responses: { '200': { description: 'OpenAPI 3.1' } } } },
  '/api/docs': { get: { summary: 'Human-readable API reference', tags: ['system'], responses: { '200': { description: 'HTML' } } } },
};

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const components = new ComponentSchemas();
  for (const e of [...apiRegistry].sort((a, b) => a.fullPath.localeCompare(b.fullPath) || a.method.localeCompare(b.method))) {
    const key = e.fullPath.replace(/:(\w+)/g, '{$1}');
    paths[key] = { ...(paths[key] ?? {}), [e.method]: operation(e, components) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reagent storefront API',
      version: '1',
      description: 'Every answer is the envelope { code, msg, data }; code equals the HTTP status (200 success). Bodies may be form-encoded or JSON.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: <token> or Authorization: Bearer <token>' },
        xToken: { type: 'apiKey', in: 'header', name: 'x-token' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'reagent_session' },
      },
    },
    paths: { ...systemPaths, ...paths },
  };
}
