import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { COMPLAINT_PHOTO_MAX_BYTES, COMPLAINT_PHOTOS_MAX, complaintFileSchema, complaintOrderSchema, myComplaintListSchema, myComplaintSchema } from '@/contracts/complaints';
import { idSchema } from '@/contracts/numbers';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { customerCreditNote } from './credit-note';
import { CREDIT_NOTE_FILE, creditNoteInput, creditNoteReply } from './routes';
import { storedFileReply } from '@/server/http/file-reply';
import { imageAnswer } from '@/server/modules/files/routes';
import { addMyComplaintPhoto, complaintOrder, fileComplaint, getMyComplaint, listMyComplaints, openMyComplaintPhoto, withdrawMyComplaint, type ComplaintCustomer } from './customer';

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

const photoParams = z.object({ id: idSchema, photoId: idSchema });

// POST /api/app/complaints/:id/photos — multipart `file`: a photo of one of my complaints while it is reviewed
complaintsAppRouter.endpoint(
  {
    method: 'post', path: '/:id/photos', tags, audience: 'user', permissions: [...PERMS],
    summary: 'Add a photo to one of my complaints while it is reviewed',
    description: `multipart/form-data with one part, \`file\`: a PNG, JPEG or WebP image as the bytes say (re-encoded; 415 otherwise), at most ${COMPLAINT_PHOTO_MAX_BYTES / 1024} KiB, at most ${COMPLAINT_PHOTOS_MAX} per complaint.`,
    input: idParamSchema, upload: { maxBytes: COMPLAINT_PHOTO_MAX_BYTES, typeRefused: 'complaintPhotoRefused', tooLarge: 'complaintPhotoTooLarge' }, output: myComplaintSchema,
  },
  async ({ id, file }, c) => addMyComplaintPhoto(c.get('db'), customerOf(c), id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, c.get('lang')),
);

// GET /api/app/complaints/:id/photos/:photoId — a photo of one of my complaints
complaintsAppRouter.endpoint(
  { method: 'get', path: '/:id/photos/:photoId', tags, audience: 'user', permissions: [...PERMS], input: photoParams, ...imageAnswer, summary: 'A photo of one of my complaints', description: 'Answers the image itself, or the JSON envelope on an error.' },
  async (input, c) => {
    const { file, name, mime } = await openMyComplaintPhoto(c.get('db'), customerOf(c), input.id, input.photoId, c.get('lang'));
    return storedFileReply(file, { type: mime, name, inline: true });
  },
);
