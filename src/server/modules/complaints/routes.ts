import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { auditEntrySchema, idParamSchema } from '@/contracts/admin';
import { complaintDetailSchema, complaintListInputSchema, complaintListSchema, complaintTransitionSchema } from '@/contracts/complaints';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { parseInput, readRawInput } from '@/server/http/input';
import { requireAuth } from '@/server/http/middleware/authorise';
import { apiRegistry, createRouter } from '@/server/http/router';
import { approverOf } from '@/server/modules/approvals/engine';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxDownload } from '@/server/modules/exports/xlsx-routes';
import { moveComplaint, type ComplaintStaff } from './complaints';
import { creditNoteHeaders, creditNoteHtml, staffCreditNote } from './credit-note';
import { exportComplaints } from './export';
import { complaintTimeline, getComplaint, listComplaints } from './queries';

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

const exportInput = complaintListInputSchema.omit({ cursor: true, limit: true });

// GET /api/admin/complaints/export — the list's complaints as a streamed Excel workbook (every row)
complaintsAdminRouter.app.get('/export', requireAuth('staff', [...PERMS]), async (c) => {
  const input = parseInput(exportInput, await readRawInput(c), c.get('lang'));
  return xlsxDownload(c, exportComplaints(c.get('db'), await me(c), input, c.get('lang')), 'complaints');
});
apiRegistry.push({
  method: 'get', fullPath: '/api/admin/complaints/export', tags, audience: 'staff', permissions: [...PERMS], input: exportInput,
  summary: 'Export the complaint list as an Excel workbook (.xlsx, streamed, every row)', description: 'Answers the workbook itself, or the JSON envelope on an error.',
  output: z.string().describe('xlsx bytes'),
});

// GET /api/admin/complaints/:id — one complaint with its lines, refund approval, credit note and moves
complaintsAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One complaint', input: idParamSchema, output: complaintDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => getComplaint(c.get('db'), await me(c), input.id, c.get('lang')),
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

const docInput = idParamSchema.extend({ download: z.enum(['0', '1']).optional() });

// GET /api/admin/complaints/:id/credit-note — the credit note as a printable HTML document (?download=1: attachment)
complaintsAdminRouter.app.get('/:id/credit-note', requireAuth('staff', [...PERMS]), async (c) => {
  const input = parseInput(docInput, { id: c.req.param('id'), download: c.req.query('download') }, c.get('lang'));
  const doc = await staffCreditNote(c.get('db'), await me(c), input.id, c.get('lang'));
  return new Response(creditNoteHtml(doc, c.get('lang')), { status: 200, headers: creditNoteHeaders(doc.note.creditNo, input.download === '1', c.get('requestId')) });
});
apiRegistry.push({
  method: 'get', fullPath: '/api/admin/complaints/:id/credit-note', tags, audience: 'staff', permissions: [...PERMS], input: docInput,
  summary: 'The credit note of a complaint, printable', description: 'Answers an HTML document, or the JSON envelope on an error.', output: z.string().describe('text/html'),
});
