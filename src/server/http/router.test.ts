import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { buildOpenApiDocument } from './openapi';
import { apiRegistry, createRouter } from './router';
import { createHttpApp } from './server';

/** The file and upload kinds of `endpoint()`, in the frame, with no database (guests only). */
const router = createRouter('/api/test-files');
const idInput = z.object({ id: z.coerce.number().int().positive() });

router.endpoint(
  { method: 'get', path: '/report/:id', summary: 'A report', tags: ['test'], input: idInput, file: ['text/csv; charset=utf-8'] },
  async (input) => ({ body: `id\r\n${input.id}\r\n`, type: 'text/csv; charset=utf-8', name: `报告-${input.id}.csv` }),
);

router.endpoint(
  { method: 'get', path: '/stream', summary: 'A streamed body', tags: ['test'], file: ['application/octet-stream'] },
  async () => ({
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2]));
        controller.enqueue(new Uint8Array([3]));
        controller.close();
      },
    }),
    type: 'application/octet-stream',
  }),
);

router.endpoint(
  { method: 'get', path: '/image/:id', summary: 'An image', tags: ['test'], input: idInput, file: ['image/png'], notFoundOnInvalid: 'fileNotFound' },
  async (input, c) => ({
    body: new Uint8Array([0x89, 0x50]), type: 'image/png', size: 2, inline: true, name: 'a.png', cache: 'public, max-age=60', csp: "default-src 'none'; sandbox",
    headers: { etag: '"v1"' }, status: c.req.header('if-none-match') === '"v1"' ? 304 : 200,
  }),
);

router.endpoint(
  { method: 'get', path: '/missing', summary: 'Always 404', tags: ['test'], file: ['application/pdf'] },
  async () => {
    throw new AppError(404, 'fileNotFound');
  },
);

router.endpoint(
  { method: 'get', path: '/private', summary: 'Staff only', tags: ['test'], file: ['application/pdf'], audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async () => ({ body: '%PDF-', type: 'application/pdf' }),
);

router.endpoint(
  {
    method: 'post', path: '/upload/:id', summary: 'An upload', tags: ['test'], input: idInput.extend({ note: z.string().max(3).optional() }),
    upload: { maxBytes: 8, typeRefused: 'fileTypeRefused', tooLarge: 'tooLarge' }, output: z.object({ id: z.number(), name: z.string(), size: z.number(), note: z.string().nullable() }),
  },
  async (input) => ({ id: input.id, name: input.file.name, size: input.file.size, note: input.note ?? null }),
);

router.endpoint(
  {
    method: 'post', path: '/form', summary: 'An upload with fields', tags: ['test'], input: z.strictObject({ kind: z.enum(['a', 'b']) }),
    upload: { maxBytes: 8, typeRefused: 'unsupportedMediaType', tooLarge: 'tooLarge', fields: true, limit: 4096 }, output: z.object({ kind: z.string(), size: z.number() }),
  },
  async (input) => ({ kind: input.kind, size: input.file.size }),
);

const app = createHttpApp({ getDb: async () => ({}) as Db }, [router]);

function form(parts: Record<string, string | File>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(parts)) body.append(key, value);
  return body;
}

const file = (bytes: number, name = 'f.bin') => new File([new Uint8Array(bytes)], name);

describe('endpoint() file answers', () => {
  it('answers the file with its type, a UTF-8 disposition, no sniffing and no store', async () => {
    const res = await app.request('/api/test-files/report/7');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="__-7.csv"; filename*=UTF-8''${encodeURIComponent('报告-7.csv')}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.text()).toBe('id\r\n7\r\n');
  });

  it('streams a body as it is read', async () => {
    const res = await app.request('/api/test-files/stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('sets length, inline disposition, cache, policy and further headers; 304 without body or type', async () => {
    const res = await app.request('/api/test-files/image/3');
    expect(res.headers.get('content-length')).toBe('2');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="a\.png"/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('etag')).toBe('"v1"');
    const again = await app.request('/api/test-files/image/3', { headers: { 'if-none-match': '"v1"' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe('"v1"');
    expect(again.headers.get('content-disposition')).toBeNull();
    expect(await again.text()).toBe('');
  });

  it('refuses bad input with the 400 envelope, or 404 where the address names nothing', async () => {
    const bad = await app.request('/api/test-files/report/x', { headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 400, data: [{ field: 'id' }] });
    const unnamed = await app.request('/api/test-files/image/x', { headers: { 'accept-language': 'en' } });
    expect(unnamed.status).toBe(404);
    expect(await unnamed.json()).toMatchObject({ code: 404 });
    expect((await app.request('/api/test-files/missing')).status).toBe(404);
  });

  it('guards a file like any endpoint: a guest gets the 401 envelope before the handler runs', async () => {
    const res = await app.request('/api/test-files/private');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('endpoint() uploads', () => {
  it('hands the file and the address input to the handler, and parses the answer', async () => {
    const res = await app.request('/api/test-files/upload/5?note=abc', { method: 'POST', body: form({ file: file(3, 'x.png') }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, data: { id: 5, name: 'x.png', size: 3, note: 'abc' } });
  });

  it('refuses a bad id before the body, a body that is not multipart (415), a missing, second or oversized file', async () => {
    const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) => app.request(path, { method: 'POST', body, headers: { 'accept-language': 'en', ...headers } });
    expect((await post('/api/test-files/upload/x', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(400);
    const json = await post('/api/test-files/upload/5', '{}', { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { code: number }).code).toBe(415);
    expect((await post('/api/test-files/upload/5', form({ other: 'x' }))).status).toBe(400);
    const two = form({ file: file(1) });
    two.append('file', file(1));
    expect((await post('/api/test-files/upload/5', two)).status).toBe(400);
    expect((await post('/api/test-files/upload/5', form({ file: file(9) }))).status).toBe(413);
  });

  it('reads text fields into the input when the upload takes them, after the body', async () => {
    const ok = await app.request('/api/test-files/form', { method: 'POST', body: form({ kind: 'b', file: file(2) }) });
    expect(await ok.json()).toMatchObject({ code: 200, data: { kind: 'b', size: 2 } });
    expect((await app.request('/api/test-files/form', { method: 'POST', body: form({ kind: 'c', file: file(2) }) })).status).toBe(400);
    expect((await app.request('/api/test-files/form', { method: 'POST', body: form({ kind: 'a' }) })).status).toBe(400);
    expect((await app.request('/api/test-files/form', { method: 'POST', body: form({ kind: 'a', file: new File([new Uint8Array(5000)], 'big') }) })).status).toBe(413);
  });
});

describe('the OpenAPI entries of file and upload endpoints', () => {
  const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const op = (path: string, method: string) => doc.paths[path]?.[method] as {
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>; parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> };
  };

  it('registers each endpoint once', () => {
    expect(apiRegistry.filter((e) => e.fullPath.startsWith('/api/test-files')).map((e) => `${e.method} ${e.fullPath}`)).toHaveLength(7);
  });

  it('describes a file answer by its content types, binary unless text', () => {
    expect(op('/api/test-files/report/{id}', 'get').responses['200']?.content).toEqual({ 'text/csv; charset=utf-8': { schema: { type: 'string' } } });
    expect(op('/api/test-files/image/{id}', 'get').responses['200']?.content).toEqual({ 'image/png': { schema: { type: 'string', format: 'binary' } } });
    expect(op('/api/test-files/private', 'get').responses['401']).toBeDefined();
    expect(op('/api/test-files/private', 'get').responses['403']).toBeDefined();
  });

  it('describes an upload as multipart with a binary `file`, its other input in the address or the form', () => {
    const upload = op('/api/test-files/upload/{id}', 'post');
    expect(upload.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'query note']);
    expect(upload.requestBody?.content['multipart/form-data']?.schema.required).toEqual(['file']);
    expect(upload.requestBody?.content['multipart/form-data']?.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    const withFields = op('/api/test-files/form', 'post');
    expect(withFields.parameters).toBeUndefined();
    expect(withFields.requestBody?.content['multipart/form-data']?.schema.required).toEqual(['file', 'kind']);
    expect(Object.keys(withFields.requestBody?.content['multipart/form-data']?.schema.properties ?? {})).toEqual(['kind', 'file']);
  });
});
