import 'server-only';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { idSchema } from '@/contracts/numbers';
import {
  adminDocumentParamSchema, adminDocumentReplaceSchema, adminDocumentUploadSchema, adminProductDocumentSchema, adminProductDocumentsSchema,
  documentFileCheckSchema, missingDocumentsInputSchema, missingDocumentsPageSchema, PRODUCT_DOCUMENT_MAX_BYTES,
} from '@/contracts/product-documents';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { storedDownload } from '@/server/modules/files/routes';
import { getFileStore } from '@/server/modules/files/store';
import {
  adminDocumentFile, checkDocumentFiles, listAdminDocuments, listMissingDocuments, replaceDocument, setDocumentWithdrawn, uploadDocument,
} from './admin-documents';

export const documentsAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];
const permissions = ['CATALOG.EDIT' as const];
const MIB = PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024;
const upload = { maxBytes: PRODUCT_DOCUMENT_MAX_BYTES, typeRefused: 'catalogDocumentTypeRefused', tooLarge: 'catalogDocumentTooLarge', fields: true, limit: PRODUCT_DOCUMENT_MAX_BYTES + 64 * 1024 };
const pdfRule = `\`file\`: a PDF as its bytes say (\`%PDF-\` … \`%%EOF\`, no markup; anything else 415 \`catalogDocumentTypeRefused\`), at most ${MIB} MiB (413 \`catalogDocumentTooLarge\`)`;

// GET /api/admin/catalog/products/:id/documents — every document of a product, in every state
documentsAdminRouter.endpoint(
  { method: 'get', path: '/products/:id/documents', tags, summary: 'A product\'s documents, with older versions and withdrawn ones', input: idParamSchema, output: adminProductDocumentsSchema, audience: 'staff', permissions },
  async (input, c) => listAdminDocuments(c.get('db'), { productId: input.id }),
);

// POST /api/admin/catalog/products/:id/documents — multipart: a new SDS, data sheet, protocol or handbook
documentsAdminRouter.endpoint(
  {
    method: 'post', path: '/products/:id/documents', tags, summary: 'Upload a product document (PDF)', audience: 'staff', permissions,
    description: `multipart/form-data: ${pdfRule}; \`kind\` (msds, tds, protocol, handbook; a COA is uploaded on its lot), \`lang\` (zh, en), \`title\`, `
      + '`version` as printed on the document, `issuedOn` (YYYY-MM-DD, not after today). It becomes the shown version of its kind and language '
      + 'when its date is the newest; the older one is kept as superseded. Drops the product page\'s cache.',
    input: adminDocumentUploadSchema, upload, output: adminProductDocumentSchema,
  },
  async ({ file, ...input }, c) => {
    const doc = await uploadDocument(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), input, file: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name } });
    revalidateStorefront({ product: input.id }, 'content');
    return doc;
  },
);

// POST /api/admin/catalog/products/:id/documents/:docId/replace — multipart: a new version of the document
documentsAdminRouter.endpoint(
  {
    method: 'post', path: '/products/:id/documents/:docId/replace', tags, summary: 'Upload a new version of a product document (PDF)', audience: 'staff', permissions,
    description: `multipart/form-data: ${pdfRule}; \`version\`, \`issuedOn\` (YYYY-MM-DD, not after today), and \`title\` when it changes. `
      + 'A new document of the same kind and language; the one replaced is kept as superseded. A COA is replaced on its lot (409 `catalogDocumentCoaOnLot`).',
    input: adminDocumentReplaceSchema, upload, output: adminProductDocumentSchema,
  },
  async ({ file, ...input }, c) => {
    const doc = await replaceDocument(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), input, file: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name } });
    revalidateStorefront({ product: input.id }, 'content');
    return doc;
  },
);

for (const [action, withdrawn] of [['withdraw', true], ['restore', false]] as const) {
  // POST /api/admin/catalog/products/:id/documents/:docId/withdraw|restore — take a document off the site, or put it back
  documentsAdminRouter.endpoint(
    {
      method: 'post', path: `/products/:id/documents/:docId/${action}`, tags, audience: 'staff', permissions, input: adminDocumentParamSchema, output: adminProductDocumentSchema,
      summary: withdrawn ? 'Withdraw a product document from the site' : 'Put a withdrawn product document back',
      description: withdrawn
        ? 'The document is no longer shown or served; the previous version of its kind and language, if any, is shown again. 409 `catalogDocumentWithdrawn` when it already is.'
        : 'The document rejoins its kind and language, and is shown when it is the newest. 409 `catalogDocumentNotWithdrawn` when it is not withdrawn.',
    },
    async (input, c) => {
      const doc = await setDocumentWithdrawn(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input, withdrawn });
      revalidateStorefront({ product: input.id }, 'content');
      return doc;
    },
  );
}

// GET /api/admin/catalog/products/:id/documents/:docId/file — the document's PDF for staff, in any state
documentsAdminRouter.endpoint(
  {
    method: 'get', path: '/products/:id/documents/:docId/file', tags, summary: 'A product document\'s file, for staff', audience: 'staff', permissions,
    input: z.object({ id: idSchema, docId: idSchema }), file: ['application/pdf'], notFoundOnInvalid: 'fileNotFound',
    description: 'Answers the PDF itself (inline), or the JSON envelope with 404 `fileNotFound` when there is no such document or its file is missing.',
  },
  async (input, c) => {
    const file = await adminDocumentFile(c.get('db'), input);
    return storedDownload(file && { key: file.filePath, name: file.fileName, type: 'application/pdf' }, { cache: 'private, no-store', inline: true });
  },
);

// GET /api/admin/catalog/documents/missing — documents whose uploaded file is gone from the store
documentsAdminRouter.endpoint(
  { method: 'get', path: '/documents/missing', tags, summary: 'Documents whose uploaded file is missing', input: missingDocumentsInputSchema, output: missingDocumentsPageSchema, audience: 'staff', permissions },
  async (input, c) => listMissingDocuments(c.get('db'), { ...input, lang: c.get('lang') }),
);

// POST /api/admin/catalog/documents/check — look for every uploaded document's file now
documentsAdminRouter.endpoint(
  {
    method: 'post', path: '/documents/check', tags, summary: 'Look for every uploaded document\'s file', audience: 'staff', permissions, input: z.object({}), output: documentFileCheckSchema,
    description: 'Marks the documents whose file is gone as missing and clears the mark of those found again. Writes no file: the demo\'s generated PDFs are not looked at.',
  },
  async (_input, c) => {
    const result = await checkDocumentFiles(c.get('db'), getFileStore());
    if (result.found > 0 || result.missing > 0) revalidateStorefront('catalogue', 'content');
    return result;
  },
);
