import 'server-only';
import { idParamSchema } from '@/contracts/admin';
import { adminProductListInputSchema } from '@/contracts/catalog-editing-products';
import { errorReportInputSchema, importJobListInputSchema, importJobListSchema, importJobSchema, importTemplateInputSchema } from '@/contracts/catalog-import';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { auditActorOf } from '@/server/modules/audit/record';
import { XLSX_TYPE, xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { exportProducts } from './export';
import { cancelImportJob, createImportJob, getImportJob, IMPORT_MAX_BYTES, importFormatOf, listImportJobs } from './jobs';
import { importErrorReport } from './report';
import { wakeImportRunner } from './runner';
import { importTemplate } from './template';
import { xlsxUploadFault } from './xlsx-rows';

export const catalogImportAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];
const CSV_TYPE = 'text/csv; charset=utf-8';

// POST /api/admin/catalog/imports — multipart `file` (CSV or XLSX): queue an import of products and packs
catalogImportAdminRouter.endpoint(
  {
    method: 'post', path: '/imports', summary: 'Import products and packs from a CSV or Excel file', tags, audience: 'staff', permissions: ['CATALOG.EDIT'],
    description: `multipart/form-data with one part, \`file\`: .csv (UTF-8 or GB 18030 text) or .xlsx (a zip by its bytes), at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB (413 \`importFileTooLarge\`); `
      + 'another type 400 `importFileTypeRefused`, an empty file 400 `importFileEmpty`, a workbook whose parts unpack past the reader\'s limits 400 `importFileOverLimits`. '
      + 'Answers the queued job; it runs in the background (ADR 0034).',
    // This route's own limit (the frame's 1 MiB does not apply to it): the file and the multipart frame.
    upload: { maxBytes: IMPORT_MAX_BYTES, typeRefused: 'importFileTypeRefused', tooLarge: 'importFileTooLarge', limit: IMPORT_MAX_BYTES + 64 * 1024 },
    output: importJobSchema,
  },
  async ({ file }, c) => {
    if (file.size === 0) throw new AppError(400, 'importFileEmpty', [{ field: 'file', message: 'importFileEmpty' }]);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const format = importFormatOf(file.name, bytes.subarray(0, 4096));
    if (!format) throw new AppError(400, 'importFileTypeRefused', [{ field: 'file', message: 'importFileTypeRefused' }]);
    // A workbook whose parts would unpack past the reader's limits is refused now, not queued.
    const overLimits = format === 'xlsx' ? await xlsxUploadFault(bytes) : null;
    if (overLimits) throw new AppError(400, 'importFileOverLimits', [{ field: 'file', message: 'importFileOverLimits' }]);
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(403, 'forbidden');
    const job = await createImportJob(c.get('db'), {
      actor: auditActorOf(actor, clientInfo(c).ip), staffId: actor.staffId, lang: c.get('lang'), fileName: file.name, format, bytes,
    });
    wakeImportRunner(c.get('db'));
    return job;
  },
);

// GET /api/admin/catalog/imports — import jobs, newest first
catalogImportAdminRouter.endpoint(
  { method: 'get', path: '/imports', tags, summary: 'List import jobs', input: importJobListInputSchema, output: importJobListSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => listImportJobs(c.get('db'), input),
);

// GET /api/admin/catalog/imports/template?format=xlsx|csv — the import file's layout with an example row (and a guide in XLSX)
catalogImportAdminRouter.endpoint(
  {
    method: 'get', path: '/imports/template', summary: 'Download the import template', tags, audience: 'staff', permissions: ['CATALOG.EDIT'], input: importTemplateInputSchema, file: [XLSX_TYPE, CSV_TYPE],
    description: 'Answers the file itself (attachment): the header row in the caller\'s language and an example row; the XLSX one explains every column in both languages.',
  },
  async ({ format }, c) => {
    const template = await importTemplate(c.get('db'), format, c.get('lang'));
    return { body: template.body, type: format === 'csv' ? CSV_TYPE : XLSX_TYPE, name: template.fileName };
  },
);

// GET /api/admin/catalog/imports/:id — one job with its progress and counts
catalogImportAdminRouter.endpoint(
  { method: 'get', path: '/imports/:id', tags, summary: 'One import job', input: idParamSchema, output: importJobSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => getImportJob(c.get('db'), input.id),
);

// POST /api/admin/catalog/imports/:id/cancel — cancel a queued or running job (409 once finished)
catalogImportAdminRouter.endpoint(
  { method: 'post', path: '/imports/:id/cancel', tags, summary: 'Cancel an import job', input: idParamSchema, output: importJobSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => cancelImportJob(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id }),
);

// GET /api/admin/catalog/imports/:id/errors — the refused rows as CSV (row, column, reason in the importer's language, value)
catalogImportAdminRouter.endpoint(
  {
    method: 'get', path: '/imports/:id/errors', summary: 'Download an import\'s error report (CSV or Excel)', tags, audience: 'staff', permissions: ['CATALOG.EDIT'], input: idParamSchema.merge(errorReportInputSchema), file: [CSV_TYPE, XLSX_TYPE],
    description: 'Answers the file itself (attachment): `format=csv` (default; UTF-8 with a byte-order mark) or `format=xlsx`; 404 `importJobNotFound`.',
  },
  async ({ id, format }, c) => {
    const report = await importErrorReport(c.get('db'), id, format);
    return { body: report.stream, type: format === 'xlsx' ? XLSX_TYPE : CSV_TYPE, name: report.fileName };
  },
);

// GET /api/admin/catalog/products/export — the product list's filters as a streamed Excel workbook, one row per pack
xlsxExport(catalogImportAdminRouter, {
  path: '/products/export', summary: 'Export the product list\'s filters as an Excel workbook', tags, audience: 'staff', permissions: ['CATALOG.EDIT'],
  description: 'Answers the workbook itself (attachment), streamed; the import\'s columns, one row per pack; text cells escaped against formula injection.',
  input: adminProductListInputSchema.omit({ cursor: true, limit: true }), file: (c) => serverMessages(c.get('lang')).adminImports.exportFile,
}, (input, c) => exportProducts(c.get('db'), input, c.get('lang')));
