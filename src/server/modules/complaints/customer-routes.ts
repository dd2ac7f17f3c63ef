import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { complaintFileSchema, complaintOrderSchema, myComplaintListSchema, myComplaintSchema } from '@/contracts/complaints';
import { idSchema } from '@/contracts/numbers';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { customerCreditNote } from './credit-note';
import { CREDIT_NOTE_FILE, creditNoteInput, creditNoteReply } from './routes';
import { complaintOrder, fileComplaint, getMyComplaint, listMyComplaints, withdrawMyComplaint, type ComplaintCustomer } from './customer';

/** A customer's complaints on their orders (ADR 0041): SALE.VIEW, the company in every query. */
export const complaintsAppRouter = createRouter('/api/app/complaints');

const tags = ['complaints'];
const PERMS = ['SALE.VIEW'] as const;

function customerOf(c: Context<AppEnv>): ComplaintCustomer {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions, audit: auditActorOf(actor, clientInfo(c).ip) };
}

const listInput = z.object({ orderId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()) });

// GET /api/app/complaints — the caller's complaints (their company's, on orders they may see)
complaintsAppRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'My complaints, newest first (optionally of one order)', input: listInput, output: myComplaintListSchema, audience: 'user', permissions: [...PERMS] },
  async (input, c) => ({ items: await listMyComplaints(c.get('db'), customerOf(c), c.get('lang'), input.orderId) }),
);

// GET /api/app/complaints/order/:id — a placed order's lines, for the complaint form
complaintsAppRouter.endpoint(
  { method: 'get', path: '/order/:id', tags, summary: 'The lines of a placed order one may complain about', input: idParamSchema, output: complaintOrderSchema, audience: 'user', permissions: [...PERMS] },
  async (input, c) => complaintOrder(c.get('db'), customerOf(c), input.id, c.get('lang')),
);

// POST /api/app/complaints — file a complaint on lines of a placed order, with the refund applied for
complaintsAppRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'File a complaint on lines of an own placed order', input: complaintFileSchema, output: myComplaintSchema, audience: 'user', permissions: [...PERMS] },
  async (input, c) => fileComplaint(c.get('db'), customerOf(c), input, c.get('lang')),
);

// GET /api/app/complaints/:id — one of the caller's complaints with its outcome
complaintsAppRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One of my complaints', input: idParamSchema, output: myComplaintSchema, audience: 'user', permissions: [...PERMS] },
  async (input, c) => getMyComplaint(c.get('db'), customerOf(c), input.id, c.get('lang')),
);

// POST /api/app/complaints/:id/withdraw — withdraw a complaint still being reviewed
complaintsAppRouter.endpoint(
  { method: 'post', path: '/:id/withdraw', tags, summary: 'Withdraw one of my complaints while it is reviewed', input: idParamSchema, output: myComplaintSchema, audience: 'user', permissions: [...PERMS] },
  async (input, c) => withdrawMyComplaint(c.get('db'), customerOf(c), input.id, c.get('lang')),
);

// GET /api/app/complaints/:id/credit-note — the credit note of one of my complaints, as a PDF (?lang=zh|en)
complaintsAppRouter.endpoint(
  {
    method: 'get', path: '/:id/credit-note', tags, audience: 'user', permissions: [...PERMS], input: creditNoteInput, file: CREDIT_NOTE_FILE,
    summary: 'The credit note of one of my complaints, as a PDF', description: 'Answers a PDF, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const lang = input.lang ?? c.get('lang');
    return creditNoteReply(c.get('db'), await customerCreditNote(c.get('db'), customerOf(c), input.id, lang), lang, input.download === '1');
  },
);
