import 'server-only';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import type { z } from 'zod';
import type { Permission } from '@/server/auth/permissions';
import { AppError } from '@/server/errors';
import type { AppEnv } from './context';
import { failure, success } from './envelope';
import { sendFileReply, type FileReply } from './file-reply';
import { parseInput, readQueryInput, readRawInput } from './input';
import { requireAuth, type Audience } from './middleware/authorise';
import { checkedFile, readUploadParts, type UploadRules } from './single-file';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface SpecBase<I extends z.ZodType> {
  method: Method;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  input?: I;
  /** Who may call it; 'public' by default. */
  audience?: Audience;
  permissions?: Permission[];
  /**
   * An input the schema refuses answers 404 with this message instead of 400: for addresses that
   * name a thing (`/files/document/abc` names no document).
   */
  notFoundOnInvalid?: string;
}

/** An endpoint answering the JSON envelope; with `upload`, its body is a multipart upload. */
export interface EndpointSpec<I extends z.ZodType, O extends z.ZodType> extends SpecBase<I> {
  output: O;
  upload?: UploadRules;
}

/** An endpoint answering a file or a stream (a download, a PDF, an image, a workbook) of the listed types. */
export interface FileEndpointSpec<I extends z.ZodType> extends SpecBase<I> {
  file: readonly [string, ...string[]];
}

export interface RegisteredEndpoint {
  method: Method;
  fullPath: string;
  summary: string;
  description?: string;
  tags: string[];
  input?: z.ZodType;
  /** The envelope's data; absent for a file endpoint. */
  output?: z.ZodType;
  /** A file endpoint's content types. */
  file?: readonly string[];
  /** An upload's body: its `file` part and, when it takes them, the input's fields. */
  upload?: { fields: boolean };
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

type UploadHandler<I extends z.ZodType, O extends z.ZodType> = (
  input: z.output<I> & { file: File },
  c: Context<AppEnv>,
) => Promise<z.input<O> | Reply<z.input<O>>>;

type FileHandler<I extends z.ZodType> = (input: z.output<I>, c: Context<AppEnv>) => Promise<FileReply>;

/** Every endpoint of every router, for the OpenAPI document. */
export const apiRegistry: RegisteredEndpoint[] = [];

export type Router = ReturnType<typeof createRouter>;

/**
 * One Hono sub-app per resource. Each endpoint declares its guard, input and answer once: they
 * authorise and validate the request, shape the answer (outputs are parsed, so no column leaks; a
 * file endpoint answers the file with its headers), and describe it in /api/openapi.json.
 */
export function createRouter(base: string) {
  const app = new Hono<AppEnv>();

  function parse<I extends z.ZodType>(spec: SpecBase<I>, raw: Record<string, unknown>, c: Context<AppEnv>): z.output<I> {
    if (!spec.input) return undefined as z.output<I>;
    try {
      return parseInput(spec.input, raw, c.get('lang'));
    } catch (error) {
      if (spec.notFoundOnInvalid && error instanceof AppError && error.code === 400) throw new AppError(404, spec.notFoundOnInvalid);
      throw error;
    }
  }

  /** Path parameters (`/roles/:id`) join the query and body, and win over them. */
  async function readInput<I extends z.ZodType>(spec: SpecBase<I>, c: Context<AppEnv>): Promise<z.output<I>> {
    return parse(spec, { ...(await readRawInput(c)), ...c.req.param() }, c);
  }

  /**
   * An upload's input: the path and query, read before the body (a bad id is refused first), then
   * the file; or, when the upload takes fields, the form's text parts and the path.
   */
  async function readUpload<I extends z.ZodType>(spec: SpecBase<I>, rules: UploadRules, c: Context<AppEnv>): Promise<z.output<I> & { file: File }> {
    if (rules.fields) {
      const { file, fields } = await readUploadParts(c, rules);
      const input = parse(spec, { ...fields, ...c.req.param() }, c);
      return Object.assign({}, input, { file: checkedFile(file, rules) });
    }
    const input = parse(spec, { ...readQueryInput(c), ...c.req.param() }, c);
    const { file } = await readUploadParts(c, rules);
    return Object.assign({}, input, { file: checkedFile(file, rules) });
  }

  function register(spec: SpecBase<z.ZodType>, answer: Pick<RegisteredEndpoint, 'output' | 'file' | 'upload'>): MiddlewareHandler<AppEnv> {
    const audience = spec.audience ?? 'public';
    const permissions = spec.permissions ?? [];
    apiRegistry.push({
      method: spec.method, fullPath: `${base}${spec.path}`, summary: spec.summary, description: spec.description, tags: spec.tags,
      input: spec.input, audience, permissions, ...answer,
    });
    return requireAuth(audience, permissions);
  }

  function endpoint<I extends z.ZodType, O extends z.ZodType>(spec: EndpointSpec<I, O> & { upload: UploadRules }, handler: UploadHandler<I, O>): void;
  function endpoint<I extends z.ZodType, O extends z.ZodType>(spec: EndpointSpec<I, O>, handler: Handler<I, O>): void;
  function endpoint<I extends z.ZodType>(spec: FileEndpointSpec<I>, handler: FileHandler<I>): void;
  function endpoint<I extends z.ZodType, O extends z.ZodType>(
    spec: EndpointSpec<I, O> | FileEndpointSpec<I>,
    handler: Handler<I, O> | UploadHandler<I, O> | FileHandler<I>,
  ): void {
    const method = spec.method.toUpperCase();
    if ('file' in spec) {
      const reply = handler as FileHandler<I>;
      const guard = register(spec, { file: spec.file });
      app.on(method, spec.path, guard, async (c) => sendFileReply(c, await reply(await readInput(spec, c), c)));
      return;
    }
    const { output, upload } = spec;
    const guard = register(spec, { output, ...(upload ? { upload: { fields: upload.fields ?? false } } : {}) });
    // An upload with its own limit: checked right after the guard, so anonymous callers never send the body.
    const limit = upload?.limit;
    const limited: MiddlewareHandler<AppEnv> = limit
      ? every(guard, bodyLimit({ maxSize: limit, onError: (c) => failure(c, new AppError(413, upload.tooLarge)) }))
      : guard;
    app.on(method, spec.path, limited, async (c) => {
      const result = upload
        ? await (handler as UploadHandler<I, O>)(await readUpload(spec, upload, c), c)
        : await (handler as Handler<I, O>)(await readInput(spec, c), c);
      const reply = result instanceof Reply ? result : new Reply(result);
      return success(c, output.parse(reply.data), reply.msg);
    });
  }

  return { base, app, endpoint };
}
