import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import { INVOICE_FILE_TYPES, myInvoicesInputSchema, myInvoicesSchema } from '@/contracts/invoices';
import { AppError } from '@/server/errors';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { storedDownload } from '@/server/modules/files/routes';
import type { OrderActor } from '@/server/modules/orders/access';
import { listMyInvoices, myInvoiceFile } from './queries';

/** The buyer's invoices (ADR 0074): SALE.VIEW, the orders the buyer may see of their company, in the query. */
export const invoicesAppRouter = createRouter('/api/app/invoices');

const tags = ['orders'];

function actorOf(c: Context<AppEnv>): OrderActor {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions };
}

// GET /api/app/invoices?orderId= — the invoices of one of my orders, blue and red-letter
invoicesAppRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'The invoices of an order I may see', input: myInvoicesInputSchema, output: myInvoicesSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => ({ items: await listMyInvoices(c.get('db'), actorOf(c), input.orderId) }),
);

// GET /api/app/invoices/:id/file — download an invoice of one of my orders
invoicesAppRouter.endpoint(
  {
    method: 'get', path: '/:id/file', tags, summary: 'Download an invoice of an order I may see', audience: 'user', permissions: ['SALE.VIEW'],
    input: idParamSchema, file: [...INVOICE_FILE_TYPES], notFoundOnInvalid: 'invoiceNotFound',
    description: 'Answers the PDF or OFD itself (attachment), or the JSON envelope with 404 `invoiceNotFound` / `fileNotFound`.',
  },
  async (input, c) => storedDownload(await myInvoiceFile(c.get('db'), actorOf(c), input.id), { cache: 'private, no-store' }),
);
