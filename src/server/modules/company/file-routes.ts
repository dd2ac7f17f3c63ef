import 'server-only';
import { z } from 'zod';
import { companyFileListSchema, companyFileSchema, fileListInputSchema, uploadFieldsSchema } from '@/contracts/company';
import { idSchema } from '@/contracts/numbers';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { STORED_TYPES, storedDownload } from '@/server/modules/files/routes';
import { companyActorOf } from './routes';
import { UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { findCompanyFile, listCompanyDocuments, storeCompanyFile } from './uploads';

export const companyFilesRouter = createRouter('/api/app/file');

// POST /api/app/file/upload — multipart `file` + `kind` (avatar|licence|permit) [+ `validUntil`, `permitNo`]; documents need USER.EDIT
companyFilesRouter.endpoint(
  {
    method: 'post', path: '/upload', summary: 'Upload an avatar, business licence or permit', tags: ['company'], audience: 'user',
    description: 'multipart/form-data: `file`, `kind` (avatar | licence | permit; documents need USER.EDIT), `validUntil` (YYYY-MM-DD, permits), `permitNo` (the permit\'s or filing\'s number, required for permits). '
      + 'PNG, JPEG, WebP or PDF by the file\'s bytes (avatars: images); images are re-encoded; too large: 413; other types: 415.',
    input: uploadFieldsSchema, upload: { maxBytes: UPLOAD_MAX_BYTES, typeRefused: 'unsupportedMediaType', tooLarge: 'tooLarge', fields: true }, output: companyFileSchema,
  },
  async ({ file, ...input }, c) => {
    const actor = c.get('actor');
    if (input.kind !== 'avatar' && !(actor.kind === 'user' && actor.permissions.includes('USER.EDIT'))) throw new AppError(403, 'forbidden', { missing: ['USER.EDIT'] });
    return storeCompanyFile(c.get('db'), companyActorOf(c), {
      kind: input.kind, validUntil: input.validUntil, permitNo: input.permitNo, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()),
    });
  },
);

// GET /api/app/file/list — the company's business licences and permits with validity
companyFilesRouter.endpoint(
  { method: 'get', path: '/list', tags: ['company'], summary: 'The company documents (licences, permits)', input: fileListInputSchema, output: companyFileListSchema, audience: 'user' },
  async (input, c) => ({ list: await listCompanyDocuments(c.get('db'), companyActorOf(c).companyId, input.kind) }),
);

// GET /api/app/file/:id — download a file of one's own company (another company's: 404)
companyFilesRouter.endpoint(
  {
    method: 'get', path: '/:id', summary: 'Download a file of one\'s own company', tags: ['company'], audience: 'user',
    description: 'The file itself with Content-Disposition (attachment; `inline=1` shows an image), nosniff and Cache-Control private; another company\'s file: 404.',
    input: z.object({ id: idSchema, inline: z.string().optional() }), file: STORED_TYPES, notFoundOnInvalid: 'fileNotFound',
  },
  async (input, c) => {
    const file = await findCompanyFile(c.get('db'), companyActorOf(c).companyId, input.id);
    const inline = input.inline === '1' && file?.mime.startsWith('image/') === true;
    return storedDownload(file && { key: file.storageKey, name: file.fileName, type: file.mime }, { cache: 'private, max-age=300', inline });
  },
);
