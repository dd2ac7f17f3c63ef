import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import { INVOICE_FILE_MAX_BYTES, INVOICE_FILE_TYPES, invoiceFileParamSchema, invoiceRecordInputSchema, orderInvoicingSchema, staffInvoiceSchema } from '@/contracts/invoices';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { storedDownload } from '@/server/modules/files/routes';
import { getOrderInvoicing, staffInvoiceFile } from './queries';
import { recordInvoice, type InvoiceStaff } from './record';

/** Invoices on the order desk (ADR 0074): read with ORDER.VIEW, recorded with INVOICE.ISSUE; the order desk's scope in every query. */
export const invoicesAdminRouter = createRouter('/api/admin/orders');

const tags = ['admin: invoices'];
const withAudit = (c: Context<AppEnv>): InvoiceStaff => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });
const upload = { maxBytes: INVOICE_FILE_MAX_BYTES, typeRefused: 'invoiceFileRefused', tooLarge: 'invoiceFileTooLarge', fields: true, limit: INVOICE_FILE_MAX_BYTES + 64 * 1024 };

// GET /api/admin/orders/:id/invoices — the order's invoice request, what is left to invoice, its invoices and credit notes
invoicesAdminRouter.endpoint(
  { method: 'get', path: '/:id/invoices', tags, summary: 'An order\'s invoicing', input: idParamSchema, output: orderInvoicingSchema, audience: 'staff', permissions: ['ORDER.VIEW'] },
  async (input, c) => getOrderInvoicing(c.get('db'), staffOf(c), input.id),
);

// POST /api/admin/orders/:id/invoices — multipart: record an invoice issued on the tax platform (blue, or red-letter for a refund)
invoicesAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/invoices', tags, summary: 'Record an issued invoice with its PDF or OFD file', audience: 'staff', permissions: ['ORDER.VIEW', 'INVOICE.ISSUE'],
    description: 'multipart/form-data: `file` — the invoice as a PDF (`%PDF-` … `%%EOF`) or OFD (a ZIP holding `OFD.xml`) as its bytes say (415 `invoiceFileRefused`), '
      + `at most ${INVOICE_FILE_MAX_BYTES / 1024 / 1024} MiB (413 \`invoiceFileTooLarge\`); \`invoiceNo\` (20 digits, unique: 409 \`invoiceNoTaken\`), \`issuedOn\` `
      + '(not after today, not before the order was placed), `invoiceType` (special only when the order asked for it), `amount` with tax and `taxAmount` '
      + '(400 `invoiceAmountTooHigh` above what is left to invoice); red-letter: `kind=red`, `correctsId` (a blue invoice of the order) and `complaintId` '
      + '(a complaint of the order with its credit note): the amount at most what neither has had corrected (400 `invoiceCorrectionTooHigh`). '
      + 'A placed order not held by finance, with an invoice asked for (409 `invoiceOrderNotReady`, `invoiceNotRequested`).',
    input: invoiceRecordInputSchema, upload, output: staffInvoiceSchema,
  },
  async ({ file, ...input }, c) => recordInvoice(c.get('db'), withAudit(c), input, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }),
);

// GET /api/admin/orders/:id/invoices/:invoiceId/file — an invoice's PDF or OFD
invoicesAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/invoices/:invoiceId/file', tags, summary: 'Download an invoice\'s file', audience: 'staff', permissions: ['ORDER.VIEW'],
    input: invoiceFileParamSchema, file: [...INVOICE_FILE_TYPES], notFoundOnInvalid: 'invoiceNotFound',
    description: 'Answers the PDF or OFD itself (attachment), or the JSON envelope with 404 `invoiceNotFound` / `fileNotFound`.',
  },
  async (input, c) => storedDownload(await staffInvoiceFile(c.get('db'), staffOf(c), input.id, input.invoiceId), { cache: 'private, no-store' }),
);
