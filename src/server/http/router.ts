import 'server-only';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Permission } from '@/server/auth/permissions';
import type { AppEnv } from './context';
import { success } from './envelope';
import { parseInput, readRawInput } from './input';
import { requireAuth, type Audience } from './middleware/authorise';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface EndpointSpec<I extends z.ZodType, O extends z.ZodType> {
  method: Method;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  input?: I;
  output: O;
  /** Who may call it; 'public' by default. */
  audience?: Audience;
  permissions?: Permission[];
}

export interface RegisteredEndpoint {
  method: Method;
  fullPath: string;
  summary: string;
  description?: string;
  tags: string[];
  input?: z.ZodType;
  output: z.ZodType;
  audience: Audience;
  permissions: Permission[];
}

/** A handler's answer: plain data, or data with a message of its own. */
export class Reply<T> {
  constructor(readonly data: T, readonly msg?: string) {}
}

type Handler<I extends z.ZodType, O extends z.ZodType> = (
  input: z.output<I>,
  c: Context<AppEnv>,
) => Promise<z.input<O> | Reply<z.input<O>>>;

/** Every endpoint of every router, for the OpenAPI document. */
export const apiRegistry: RegisteredEndpoint[] = [];

/**
 * One Hono sub-app per resource. Each endpoint declares its input and output schemas once:
 * they validate the request, shape the answer (outputs are parsed, so no column leaks), and
 * describe it in /api/openapi.json.
 */
export function createRouter(base: string) {
  const app = new Hono<AppEnv>();

  function endpoint<I extends z.ZodType, O extends z.ZodType>(spec: EndpointSpec<I, O>, handler: Handler<I, O>): void {
    const audience = spec.audience ?? 'public';
    const permissions = spec.permissions ?? [];
    apiRegistry.push({
      method: spec.method,
      fullPath: `${base}${spec.path}`,
      summary: spec.summary,
      description: spec.description,
      tags: spec.tags,
      input: spec.input,
      output: spec.output,
      audience,
      permissions,
    });
    const guard: MiddlewareHandler<AppEnv> = requireAuth(audience, permissions);
    app.on(spec.method.toUpperCase(), spec.path, guard, async (c) => {
      // Path parameters (`/roles/:id`) join the query and body, and win over them.
      const raw = { ...(await readRawInput(c)), ...c.req.param() };
      const input = spec.input ? parseInput(spec.input, raw, c.get('lang')) : (undefined as z.output<I>);
      const result = await handler(input, c);
      const reply = result instanceof Reply ? result : new Reply(result);
      return success(c, spec.output.parse(reply.data), reply.msg);
    });
  }

  return { base, app, endpoint };
}
