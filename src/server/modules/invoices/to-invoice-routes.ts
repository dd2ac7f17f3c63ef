import 'server-only';
import { toInvoiceExportInputSchema, toInvoiceListInputSchema, toInvoiceListSchema } from '@/contracts/invoices';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { exportToInvoice, listToInvoice } from './to-invoice';

/** Finance's report of the orders to invoice (ADR 0074): INVOICE.ISSUE, in the order desk's scope. */
export const toInvoiceAdminRouter = createRouter('/api/admin/invoices');

const tags = ['admin: invoices'];
const permissions = ['INVOICE.ISSUE' as const];

// GET /api/admin/invoices/pending — orders shipped or delivered whose invoice was asked for and not issued: search, filters, sort, keyset pages
toInvoiceAdminRouter.endpoint(
  { method: 'get', path: '/pending', tags, summary: 'Orders to invoice', input: toInvoiceListInputSchema, output: toInvoiceListSchema, audience: 'staff', permissions },
  async (input, c) => listToInvoice(c.get('db'), staffOf(c), input),
);

// GET /api/admin/invoices/pending/export — the report as a streamed Excel workbook (every row)
xlsxExport(toInvoiceAdminRouter, {
  path: '/pending/export', tags, audience: 'staff', permissions, input: toInvoiceExportInputSchema, file: 'to-invoice',
  summary: 'Export the orders to invoice as an Excel workbook (.xlsx, streamed, every row)',
  description: 'Answers the workbook itself (Content-Disposition attachment), or the JSON envelope on an error.',
}, async (input, c) => exportToInvoice(c.get('db'), staffOf(c), input, c.get('lang')));
