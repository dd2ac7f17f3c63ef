import 'server-only';
import { z } from 'zod';
import { apiRegistry, type RegisteredEndpoint } from './router';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    return rest;
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

function operation(e: RegisteredEndpoint): JsonSchema {
  const input = e.input ? toSchema(e.input, 'input') : undefined;
  const security = e.audience === 'public' ? [] : [{ bearer: [] }, { xToken: [] }, { cookie: [] }];
  const inPath = new Set([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => m[1]));
  const properties = input && typeof input.properties === 'object' ? (input.properties as Record<string, JsonSchema>) : undefined;
  const parameters = properties
    ? Object.entries(properties)
        .filter(([name]) => e.method === 'get' || inPath.has(name))
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
  if (e.permissions.length > 0) errors['403'] = { description: `Needs ${e.permissions.join(', ')}`, content: { 'application/json': { schema: errorEnvelope } } };
  return {
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: e.tags,
    security,
    ...(parameters && parameters.length > 0 ? { parameters } : {}),
    ...(input && e.method !== 'get'
      ? {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': { schema: input },
              'application/json': { schema: input },
            },
          },
        }
      : {}),
    'x-audience': e.audience,
    'x-permissions': e.permissions,
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: envelopeOf(toSchema(e.output, 'output')) } } },
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
  for (const e of [...apiRegistry].sort((a, b) => a.fullPath.localeCompare(b.fullPath))) {
    const key = e.fullPath.replace(/:(\w+)/g, '{$1}');
    paths[key] = { ...(paths[key] ?? {}), [e.method]: operation(e) };
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
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: <token> or Authorization: Bearer <token>' },
        xToken: { type: 'apiKey', in: 'header', name: 'x-token' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'reagent_session' },
      },
    },
    paths: { ...systemPaths, ...paths },
  };
}
