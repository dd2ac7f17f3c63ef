import 'server-only';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  supplierBrandOptionsSchema, supplierFileKeySchema, supplierInputSchema, supplierListInputSchema, supplierListSchema, supplierRowSchema,
} from '@/contracts/customers';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { STORED_TYPES, storedDownload } from '@/server/modules/files/routes';
import {
  addSupplierFile, createSupplier, deleteSupplier, deleteSupplierFile, getSupplier, listSuppliers, supplierBrandOptions, supplierFile, updateSupplier,
} from './suppliers';
import { exportSuppliers } from './supplier-export';

/** Staff: the shop's suppliers (SUPPLIER.EDIT, ADR 0038). */
export const suppliersAdminRouter = createRouter('/api/admin/suppliers');

const tags = ['admin: suppliers'];
const EDIT = ['SUPPLIER.EDIT'] as const;

// GET /api/admin/suppliers — search, brand filter, sort, keyset pages
suppliersAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'List suppliers', input: supplierListInputSchema, output: supplierListSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => listSuppliers(c.get('db'), input),
);

// GET /api/admin/suppliers/export — the list's suppliers as a streamed Excel workbook (every row)
xlsxExport(suppliersAdminRouter, {
  tags, audience: 'staff', permissions: [...EDIT], input: supplierListInputSchema.omit({ cursor: true, limit: true }), file: 'suppliers',
  summary: 'Export the supplier list as an Excel workbook (.xlsx, streamed, every row)',
}, (input, c) => exportSuppliers(c.get('db'), input, c.get('lang')));

// GET /api/admin/suppliers/brands — the brands a supplier may supply (for the form)
suppliersAdminRouter.endpoint(
  { method: 'get', path: '/brands', tags, summary: 'Brands for the supplier form', input: z.object({}), output: supplierBrandOptionsSchema, audience: 'staff', permissions: [...EDIT] },
  async (_input, c) => supplierBrandOptions(c.get('db')),
);

// POST /api/admin/suppliers — add a supplier with brands and contacts
suppliersAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Add a supplier', input: supplierInputSchema, output: supplierRowSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => createSupplier(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input),
);

// GET /api/admin/suppliers/:id — one supplier
suppliersAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One supplier', input: idParamSchema, output: supplierRowSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => getSupplier(c.get('db'), input.id),
);

// PUT /api/admin/suppliers/:id — replace a supplier's fields, brands and contacts
suppliersAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Change a supplier', input: supplierInputSchema.extend(idParamSchema.shape), output: supplierRowSchema, audience: 'staff', permissions: [...EDIT] },
  async ({ id, ...input }, c) => updateSupplier(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), id, input),
);

// DELETE /api/admin/suppliers/:id — delete a supplier
suppliersAdminRouter.endpoint(
  { method: 'delete', path: '/:id', tags, summary: 'Delete a supplier', input: idParamSchema, output: z.object({ ok: z.boolean() }), audience: 'staff', permissions: [...EDIT] },
  async (input, c) => {
    await deleteSupplier(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input.id);
    return { ok: true };
  },
);

// DELETE /api/admin/suppliers/:id/files/:fileId — remove an attachment
suppliersAdminRouter.endpoint(
  { method: 'delete', path: '/:id/files/:fileId', tags, summary: 'Remove a supplier attachment', input: supplierFileKeySchema, output: supplierRowSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => deleteSupplierFile(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input.id, input.fileId),
);

// POST /api/admin/suppliers/:id/files — multipart `file`: an attachment (PNG, JPEG, WebP or PDF by its bytes)
suppliersAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/files', tags, audience: 'staff', permissions: [...EDIT], summary: 'Attach a file to a supplier',
    description: 'multipart/form-data with one part, `file`: PNG, JPEG, WebP or PDF as the bytes say (else 415), at most the upload limit (413). Answers the supplier.',
    input: idParamSchema, upload: { maxBytes: UPLOAD_MAX_BYTES, typeRefused: 'fileTypeRefused', tooLarge: 'tooLarge' }, output: supplierRowSchema,
  },
  async ({ id, file }, c) => addSupplierFile(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
);

// GET /api/admin/suppliers/:id/files/:fileId — download an attachment
suppliersAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/files/:fileId', tags, audience: 'staff', permissions: [...EDIT], summary: 'Download a supplier attachment',
    description: 'Answers the file itself, or the JSON envelope on an error.', input: supplierFileKeySchema, file: STORED_TYPES, notFoundOnInvalid: 'fileNotFound',
  },
  async (input, c) => {
    const file = await supplierFile(c.get('db'), input.id, input.fileId);
    return storedDownload(file && { key: file.storageKey, name: file.fileName, type: file.mime }, { cache: 'private, max-age=300' });
  },
);
