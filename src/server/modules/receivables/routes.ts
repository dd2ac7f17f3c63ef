import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import { idSchema } from '@/contracts/numbers';
import {
  customerReceivablesSchema, invoicePaymentsSchema, paymentInputSchema, paymentReversalSchema, receivablesExportInputSchema,
  receivablesListInputSchema, receivablesListSchema,
} from '@/contracts/receivables';
import type { AppEnv } from '@/server/http/context';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { getCustomerReceivables, listReceivables } from './ageing';
import { exportReceivables } from './export';
import { listInvoicePayments, recordPayment, reversePayment } from './payments';
import type { ReceivablesStaff } from './scope';

/**
 * Receivables (ADR 0074): finance (INVOICE.ISSUE) records and reverses payments against blue invoices and reads the
 * ageing per customer; a customer's receivables on its CRM record are read with ORDER.VIEW. Every call sees the
 * customers of the order desk's scope (all with ORDER.VIEW_ALL, else the member's CRM customers), in the query.
 */
export const invoicePaymentsAdminRouter = createRouter('/api/admin/invoices');
export const receivablesAdminRouter = createRouter('/api/admin/receivables');

const tags = ['admin: receivables'];
const FINANCE = ['INVOICE.ISSUE'] as const;
const me = (c: Context<AppEnv>): ReceivablesStaff => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });

// GET /api/admin/invoices/:id/payments — a blue invoice's money and the payments received against it
invoicePaymentsAdminRouter.endpoint(
  { method: 'get', path: '/:id/payments', tags, summary: 'An invoice\'s payments', input: idParamSchema, output: invoicePaymentsSchema, audience: 'staff', permissions: [...FINANCE] },
  async (input, c) => listInvoicePayments(c.get('db'), me(c), input.id),
);

// POST /api/admin/invoices/:id/payments — record a payment received (at most the unpaid part, on a day between the issue day and today)
invoicePaymentsAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/payments', tags, summary: 'Record a payment received against a blue invoice',
    input: paymentInputSchema.extend({ id: idSchema }), output: invoicePaymentsSchema, audience: 'staff', permissions: [...FINANCE],
  },
  async ({ id, ...input }, c) => recordPayment(c.get('db'), me(c), id, input),
);

// POST /api/admin/invoices/:id/payments/:paymentId/reverse — reverse (delete) a payment recorded in error, with a reason
invoicePaymentsAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/payments/:paymentId/reverse', tags, summary: 'Reverse a payment with a reason',
    input: paymentReversalSchema.extend({ id: idSchema, paymentId: idSchema }), output: invoicePaymentsSchema, audience: 'staff', permissions: [...FINANCE],
  },
  async (input, c) => reversePayment(c.get('db'), me(c), { invoiceId: input.id, paymentId: input.paymentId, reason: input.reason }),
);

// GET /api/admin/receivables — the ageing per customer: open amount, buckets by days past due, credit terms, held orders; numbered pages
receivablesAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Receivables by customer', input: receivablesListInputSchema, output: receivablesListSchema, audience: 'staff', permissions: [...FINANCE] },
  async (input, c) => ({ ...(await listReceivables(c.get('db'), me(c), input)), page: input.page, pageSize: input.pageSize }),
);

// GET /api/admin/receivables/export — the ageing as a streamed Excel workbook (every row)
xlsxExport(receivablesAdminRouter, {
  tags, audience: 'staff', permissions: [...FINANCE], input: receivablesExportInputSchema, file: 'receivables',
  summary: 'Export the receivables by customer as an Excel workbook (.xlsx, streamed, every row)',
}, async (input, c) => exportReceivables(c.get('db'), me(c), input, c.get('lang')));

// GET /api/admin/receivables/customers/:id — one customer's receivables for its CRM record
receivablesAdminRouter.endpoint(
  {
    method: 'get', path: '/customers/:id', tags, summary: 'One customer\'s receivables and open invoices',
    input: idParamSchema, output: customerReceivablesSchema, audience: 'staff', permissions: ['ORDER.VIEW'],
  },
  async (input, c) => getCustomerReceivables(c.get('db'), me(c), input.id),
);
