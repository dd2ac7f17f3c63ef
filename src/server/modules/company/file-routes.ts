import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { companyFileListSchema, companyFileSchema, fileListInputSchema, uploadFieldsSchema } from '@/contracts/company';
import { idSchema } from '@/contracts/numbers';
import type { AppEnv } from '@/server/http/context';
import { success } from '@/server/http/envelope';
import { MULTIPART, mediaTypeOf, parseInput } from '@/server/http/input';
import { requireAuth } from '@/server/http/middleware/authorise';
import { AppError } from '@/server/errors';
import { apiRegistry, createRouter } from '@/server/http/router';
import { contentDisposition } from '@/server/modules/files/routes';
import { getFileStore } from '@/server/modules/files/store';
import { companyActorOf } from './routes';
import { UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { findCompanyFile, listCompanyDocuments, storeCompanyFile } from './uploads';

export const companyFilesRouter = createRouter('/api/app/file');

/** The multipart body: text fields through the input schema, the `file` part as bytes. */
async function readUpload(c: Context<AppEnv>) {
  if (mediaTypeOf(c.req.header('content-type')) !== MULTIPART) throw new AppError(415);
  const form = await c.req.formData().catch(() => {
    throw new AppError(400, 'malformedBody');
  });
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'file' && !file) file = value;
    else throw new AppError(400, 'validation', [{ field: key, message: 'badRequest' }]);
  }
  const input = parseInput(uploadFieldsSchema, fields, c.get('lang'));
  if (!file) throw new AppError(400, 'validation', [{ field: 'file', message: 'fieldRequired' }]);
  if (file.size > UPLOAD_MAX_BYTES) throw new AppError(413);
  return { input, file };
}

// POST /api/app/file/upload — multipart `file` + `kind` (avatar|licence|permit) [+ `validUntil`]; documents need USER.EDIT
companyFilesRouter.app.post('/upload', requireAuth('user'), async (c) => {
  const { input, file } = await readUpload(c);
  const actor = c.get('actor');
  if (input.kind !== 'avatar' && !(actor.kind === 'user' && actor.permissions.includes('USER.EDIT'))) throw new AppError(403, 'forbidden', { missing: ['USER.EDIT'] });
  const stored = await storeCompanyFile(c.get('db'), companyActorOf(c), {
    kind: input.kind, validUntil: input.validUntil, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()),
  });
  return success(c, companyFileSchema.parse(stored));
});

// GET /api/app/file/list — the company's business licences and permits with validity
companyFilesRouter.endpoint(
  { method: 'get', path: '/list', tags: ['company'], summary: 'The company documents (licences, permits)', input: fileListInputSchema, output: companyFileListSchema, audience: 'user' },
  async (input, c) => ({ list: await listCompanyDocuments(c.get('db'), companyActorOf(c).companyId, input.kind) }),
);

// GET /api/app/file/:id — download a file of one's own company (another company's: 404)
companyFilesRouter.app.get('/:id{[^/]+}', requireAuth('user'), async (c) => {
  const parsed = idSchema.safeParse(c.req.param('id'));
  if (!parsed.success) throw new AppError(404, 'fileNotFound');
  const file = await findCompanyFile(c.get('db'), companyActorOf(c).companyId, parsed.data);
  const stored = file ? await getFileStore().open(file.storageKey) : null;
  if (!file || !stored) throw new AppError(404, 'fileNotFound');
  const inline = c.req.query('inline') === '1' && file.mime.startsWith('image/');
  return new Response(stored.stream(), {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(stored.size),
      'content-disposition': inline ? contentDisposition(file.fileName).replace(/^attachment/, 'inline') : contentDisposition(file.fileName),
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-request-id': c.get('requestId'),
    },
  });
});

apiRegistry.push(
  {
    method: 'post', fullPath: '/api/app/file/upload', summary: 'Upload an avatar, business licence or permit', tags: ['company'], audience: 'user', permissions: [],
    description: 'multipart/form-data: `file`, `kind` (avatar | licence | permit; documents need USER.EDIT), `validUntil` (YYYY-MM-DD, permits). '
      + 'PNG, JPEG, WebP or PDF by the file\'s bytes (avatars: images); images are re-encoded; too large: 413; other types: 415.',
    input: uploadFieldsSchema, output: companyFileSchema,
  },
  {
    method: 'get', fullPath: '/api/app/file/:id', summary: 'Download a file of one\'s own company', tags: ['company'], audience: 'user', permissions: [],
    description: 'The file itself with Content-Disposition (attachment; `inline=1` shows an image), nosniff and Cache-Control private; another company\'s file: 404.',
    output: z.string().describe('file bytes'),
  },
);
