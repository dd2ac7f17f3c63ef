import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { auditEntrySchema, idParamSchema } from '@/contracts/admin';
import { complaintDetailSchema, complaintListInputSchema, complaintListSchema, complaintTransitionSchema } from '@/contracts/complaints';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import type { FileReply } from '@/server/http/file-reply';
import { createRouter } from '@/server/http/router';
import { approverOf } from '@/server/modules/approvals/engine';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { moveComplaint, type ComplaintStaff } from './complaints';
import { creditNotePdf, staffCreditNote, type CreditNoteDocument } from './credit-note';
import { exportComplaints } from './export';
import { complaintTimeline, getComplaint, listComplaints, loadComplaint, openComplaintPhoto } from './queries';
import { storedFileReply } from '@/server/http/file-reply';
import { imageAnswer } from '@/server/modules/files/routes';
import { idSchema } from '@/contracts/numbers';

/** Complaints in the back-office (ADR 0041): COMPLAINT.EDIT, scoped by the owner in the query. */
export const complaintsAdminRouter = createRouter('/api/admin/complaints');

const tags = ['admin: complaints'];
const PERMS = ['COMPLAINT.EDIT'] as const;
const me = (c: Context<AppEnv>) => approverOf(c.get('db'), staffOf(c));
async function withAudit(c: Context<AppEnv>): Promise<ComplaintStaff> {
  return { ...(await me(c)), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) };
}

// GET /api/admin/complaints — search, status and customer filters, sort (time or applied refund), keyset pages
complaintsAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Complaints the caller may see', input: complaintListInputSchema, output: complaintListSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => listComplaints(c.get('db'), await me(c), input),
);

// GET /api/admin/complaints/export — the list's complaints as a streamed Excel workbook (every row)
xlsxExport(complaintsAdminRouter, {
  tags, audience: 'staff', permissions: [...PERMS], input: complaintListInputSchema.omit({ cursor: true, limit: true }), file: 'complaints',
  summary: 'Export the complaint list as an Excel workbook (.xlsx, streamed, every row)',
}, async (input, c) => exportComplaints(c.get('db'), await me(c), input, c.get('lang')));

// GET /api/admin/complaints/:id — one complaint with its lines, refund approval, credit note and moves
complaintsAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One complaint', input: idParamSchema, output: complaintDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => getComplaint(c.get('db'), await me(c), input.id, c.get('lang')),
);

// GET /api/admin/complaints/:id/photos/:photoId — a photo the customer attached to a complaint the caller may see
complaintsAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/photos/:photoId', tags, audience: 'staff', permissions: [...PERMS], input: z.object({ id: idSchema, photoId: idSchema }), ...imageAnswer,
    summary: 'A photo of a complaint', description: 'Answers the image itself, or the JSON envelope on an error.',
  },
  async (input, c) => {
    await loadComplaint(c.get('db'), await me(c), input.id);
    const { file, name, mime } = await openComplaintPhoto(c.get('db'), input.id, input.photoId);
    return storedFileReply(file, { type: mime, name, inline: true });
  },
);

// GET /api/admin/complaints/:id/timeline — its audit rows, its refund approvals' and its credit note's, oldest first
complaintsAdminRouter.endpoint(
  { method: 'get', path: '/:id/timeline', tags, summary: 'The timeline of a complaint', input: idParamSchema, output: z.array(auditEntrySchema), audience: 'staff', permissions: [...PERMS] },
  async (input, c) => complaintTimeline(c.get('db'), await me(c), input.id),
);

// PUT /api/admin/complaints/:id/status — move through the transition function (refund for approving, reason for rejected)
complaintsAdminRouter.endpoint(
  { method: 'put', path: '/:id/status', tags, summary: 'Change the state of a complaint', input: complaintTransitionSchema, output: complaintDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => moveComplaint(c.get('db'), await withAudit(c), input, c.get('lang')),
);

/**
 * The credit note's address: the complaint, `lang` for the document's language (the page's; without it the
 * request's), and `download=1` for an attachment rather than opening it.
 */
export const creditNoteInput = idParamSchema.extend({ download: z.enum(['0', '1']).optional(), lang: z.enum(['zh', 'en']).optional() });
export const CREDIT_NOTE_FILE = ['application/pdf'] as const;

/** The credit note as its answer: a PDF, inline to view and print, or an attachment to download. */
export async function creditNoteReply(db: Db, doc: CreditNoteDocument, lang: Lang, download: boolean): Promise<FileReply> {
  const pdf = await creditNotePdf(db, doc, lang);
  return { body: pdf.bytes, type: 'application/pdf', size: pdf.bytes.byteLength, name: pdf.name, inline: !download };
}

// GET /api/admin/complaints/:id/credit-note — the credit note as a PDF (?lang=zh|en; ?download=1: attachment)
complaintsAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/credit-note', tags, audience: 'staff', permissions: [...PERMS], input: creditNoteInput, file: CREDIT_NOTE_FILE,
    summary: 'The credit note of a complaint, as a PDF', description: 'Answers a PDF, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const lang = input.lang ?? c.get('lang');
    return creditNoteReply(c.get('db'), await staffCreditNote(c.get('db'), await me(c), input.id, lang), lang, input.download === '1');
  },
);
