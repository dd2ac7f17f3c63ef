import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  quotationCreateSchema, quotationDetailSchema, quotationDraftInputSchema, quotationListInputSchema, quotationListSchema, quotationMoveSchema,
} from '@/contracts/quotations';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { searchCatalogue } from './catalogue';
import { exportQuotations } from './export';
import { expireDueQuotations } from './customer';
import { PDF_FILE, pdfInputSchema, pdfReply } from './pdf-routes';
import { quotationPdf } from './pdf';
import { createQuotation, getQuotation, listQuotations, moveQuotation, saveDraft } from './staff';

/** Quotations in the back-office (ADR 0040): QUOTATION.EDIT, scoped by the owner in the query. */
export const quotationsAdminRouter = createRouter('/api/admin/quotations');

const tags = ['admin: quotations'];
const withAudit = (c: Context<AppEnv>) => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });

// GET /api/admin/quotations — search, state and company filters, sort (time or total), keyset pages
quotationsAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Quotations the caller may see', input: quotationListInputSchema, output: quotationListSchema, audience: 'staff', permissions: ['QUOTATION.EDIT'] },
  async (input, c) => {
    await expireDueQuotations(c.get('db'));
    return listQuotations(c.get('db'), staffOf(c), input);
  },
);

const pickSchema = z.object({
  productId: z.number(), itemNo: z.string(), cas: z.string().nullable(), name: z.string(), brandName: z.string(),
  packs: z.array(z.object({ packId: z.number(), size: z.string(), listCents: z.number(), stock: z.number(), leadTimeDays: z.number() })),
});

// GET /api/admin/quotations/catalogue — products and packs for the lines, by the storefront's search
quotationsAdminRouter.endpoint(
  { method: 'get', path: '/catalogue', tags, summary: 'Catalogue search for quotation lines', input: z.object({ key: z.string().trim().min(1).max(50) }), output: z.array(pickSchema), audience: 'staff', permissions: ['QUOTATION.EDIT'] },
  async (input, c) => searchCatalogue(c.get('db'), input.key, c.get('lang')),
);

// GET /api/admin/quotations/export — the list's quotations as a streamed Excel workbook (every row)
xlsxExport(quotationsAdminRouter, {
  tags, audience: 'staff', permissions: ['QUOTATION.EDIT'], input: quotationListInputSchema.omit({ cursor: true, limit: true }), file: 'quotations',
  summary: 'Export the quotation list as an Excel workbook (.xlsx, streamed, every row)',
}, async (input, c) => {
  await expireDueQuotations(c.get('db'));
  return exportQuotations(c.get('db'), staffOf(c), input, c.get('lang'));
});

// GET /api/admin/quotations/:id — the record: request, versions, timeline, moves
quotationsAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One quotation with its versions and timeline', input: idParamSchema, output: quotationDetailSchema, audience: 'staff', permissions: ['QUOTATION.EDIT'] },
  async (input, c) => getQuotation(c.get('db'), staffOf(c), input.id),
);

// POST /api/admin/quotations — a new draft for a customer company, owned by the caller
quotationsAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'New quotation for a customer', input: quotationCreateSchema, output: quotationDetailSchema, audience: 'staff', permissions: ['QUOTATION.EDIT'] },
  async (input, c) => createQuotation(c.get('db'), withAudit(c), input),
);

// PUT /api/admin/quotations/:id/draft — lines, discount, validity of the current draft version (priced by the server)
quotationsAdminRouter.endpoint(
  { method: 'put', path: '/:id/draft', tags, summary: 'Save the draft version', input: quotationDraftInputSchema, output: quotationDetailSchema, audience: 'staff', permissions: ['QUOTATION.EDIT'] },
  async (input, c) => saveDraft(c.get('db'), withAudit(c), input),
);

// PUT /api/admin/quotations/:id/state — move through the transition function (take, ask approval, send, reopen)
quotationsAdminRouter.endpoint(
  { method: 'put', path: '/:id/state', tags, summary: 'Change the state of a quotation', input: quotationMoveSchema, output: quotationDetailSchema, audience: 'staff', permissions: ['QUOTATION.EDIT'] },
  async (input, c) => moveQuotation(c.get('db'), withAudit(c), input.id, input.to, input.comment, { lang: c.get('lang') }),
);

// GET /api/admin/quotations/:id/pdf?version=&lang= — a version as a PDF (Chinese font embedded)
quotationsAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/pdf', tags, audience: 'staff', permissions: ['QUOTATION.EDIT'], input: pdfInputSchema, file: PDF_FILE,
    summary: 'A quotation version as a PDF', description: 'Answers the PDF itself (the latest version without `version`), or the JSON envelope on an error.',
  },
  async (input, c) => pdfReply(await quotationPdf(c.get('db'), { kind: 'staff', actor: staffOf(c) }, input.id, input.version, input.lang ?? c.get('lang'))),
);
