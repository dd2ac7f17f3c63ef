import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  quotationAcceptSchema, quotationAnswerSchema, quotationDetailSchema, quotationListInputSchema, quotationListSchema, quoteRequestInputSchema,
} from '@/contracts/quotations';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { PDF_FILE, pdfInputSchema, pdfReply } from './pdf-routes';
import { quotationPdf } from './pdf';
import { acceptQuotation, answerQuotation, expireDueQuotations, getMyQuotation, listMyQuotations, requestQuote, type CustomerActor } from './customer';

/**
 * The customer's quotations (ADR 0040), SALE.VIEW, by the rule of their orders: their own, the
 * company's with ORDER.APPROVE (the customer's rule in `queries.ts`). Accepting makes an order: SALE.CREATE.
 */
export const quotationsAppRouter = createRouter('/api/app/quotations');

const tags = ['quotations'];
function customerOf(c: Context<AppEnv>): CustomerActor {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions, audit: auditActorOf(actor, clientInfo(c).ip) };
}

const acceptedSchema = z.object({
  quotation: quotationDetailSchema,
  order: z.object({ id: z.number(), orderNo: z.string(), status: z.string(), total: z.string() }).nullable(),
  failure: z.object({ code: z.string(), itemNos: z.array(z.string()) }).nullable(),
});

// GET /api/app/quotations — the company's quotations, newest first, keyset pages
quotationsAppRouter.endpoint(
  { method: 'get', path: '', tags, summary: "The company's quotations", input: quotationListInputSchema, output: quotationListSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => {
    await expireDueQuotations(c.get('db'));
    return listMyQuotations(c.get('db'), customerOf(c), input);
  },
);

// POST /api/app/quotations — ask for a quote: lines from the cart or a product page, each with a comment
quotationsAppRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Request a quotation', input: quoteRequestInputSchema, output: quotationDetailSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => requestQuote(c.get('db'), customerOf(c), input),
);

// GET /api/app/quotations/:id — one of the company's quotations with its sent versions
quotationsAppRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One quotation of the company', input: idParamSchema, output: quotationDetailSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => getMyQuotation(c.get('db'), customerOf(c), input.id),
);

const accepted = async (c: Context<AppEnv>, input: z.infer<typeof quotationAcceptSchema>, retry: boolean) => {
  const { detail, conversion } = await acceptQuotation(c.get('db'), customerOf(c), input, retry);
  return conversion.ok
    ? { quotation: detail, order: { id: conversion.order.id, orderNo: conversion.order.orderNo, status: conversion.order.status, total: conversion.order.total }, failure: null }
    : { quotation: detail, order: null, failure: { code: conversion.code, itemNos: conversion.itemNos } };
};

// POST /api/app/quotations/:id/accept — accept the sent version; it becomes an order (stock and prices checked again)
quotationsAppRouter.endpoint(
  { method: 'post', path: '/:id/accept', tags, summary: 'Accept the quotation and convert it into an order', input: quotationAcceptSchema, output: acceptedSchema, audience: 'user', permissions: ['SALE.CREATE'] },
  async (input, c) => accepted(c, input, false),
);

// POST /api/app/quotations/:id/convert — try the conversion of an accepted quotation again
quotationsAppRouter.endpoint(
  { method: 'post', path: '/:id/convert', tags, summary: 'Convert an accepted quotation into an order again', input: quotationAcceptSchema, output: acceptedSchema, audience: 'user', permissions: ['SALE.CREATE'] },
  async (input, c) => accepted(c, input, true),
);

// POST /api/app/quotations/:id/decline — decline the sent version
quotationsAppRouter.endpoint(
  { method: 'post', path: '/:id/decline', tags, summary: 'Decline the quotation', input: quotationAnswerSchema, output: quotationDetailSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => answerQuotation(c.get('db'), customerOf(c), input.id, 'declined', input.comment),
);

// POST /api/app/quotations/:id/renegotiate — ask for a new version
quotationsAppRouter.endpoint(
  { method: 'post', path: '/:id/renegotiate', tags, summary: 'Ask for a new version of the quotation', input: quotationAnswerSchema, output: quotationDetailSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => answerQuotation(c.get('db'), customerOf(c), input.id, 'renegotiation', input.comment),
);

// GET /api/app/quotations/:id/pdf?version=&lang= — a sent version as a PDF (Chinese font embedded)
quotationsAppRouter.endpoint(
  {
    method: 'get', path: '/:id/pdf', tags, audience: 'user', permissions: ['SALE.VIEW'], input: pdfInputSchema, file: PDF_FILE,
    summary: "A sent version of the company's quotation as a PDF", description: 'Answers the PDF itself (the latest sent version without `version`), or the JSON envelope on an error.',
  },
  async (input, c) => pdfReply(await quotationPdf(c.get('db'), { kind: 'customer', actor: customerOf(c) }, input.id, input.version, input.lang ?? c.get('lang'))),
);
