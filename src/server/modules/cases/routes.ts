import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { caseDetailSchema, caseInputSchema, caseListInputSchema, caseListSchema, caseTransitionSchema, caseUpdateSchema } from '@/contracts/cases';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { storedFileReply, type FileReply } from '@/server/http/file-reply';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import type { StoredFile } from '@/server/modules/files/store';
import { STORED_TYPES, storedTypeOf } from '@/server/modules/files/routes';
import {
  CASE_REPORT_MAX_BYTES, createCase, exportCases, getCase, listCases, moveCase, openCaseReport, openCaseReportByToken, sendCaseReport, storeCaseReport, updateCase,
} from './cases';

/** Testing-service cases (ADR 0037): CASE.EDIT, scoped by the owner in the query. */
export const casesAdminRouter = createRouter('/api/admin/cases');

const tags = ['admin: cases'];
const withAudit = (c: Context<AppEnv>) => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });

/** A stored report as a download, under the sandbox. */
function reportReply(stored: { file: StoredFile; name: string; key: string }): FileReply {
  return storedFileReply(stored.file, { type: storedTypeOf(stored.key), name: stored.name });
}

// GET /api/admin/cases — search, status and invoice filters, sort (time or test fee), keyset pages
casesAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Testing cases the caller may see', input: caseListInputSchema, output: caseListSchema, audience: 'staff', permissions: ['CASE.EDIT'] },
  async (input, c) => listCases(c.get('db'), staffOf(c), input),
);

// GET /api/admin/cases/export — the list's cases as an Excel workbook
xlsxExport(casesAdminRouter, {
  tags, audience: 'staff', permissions: ['CASE.EDIT'], input: caseListInputSchema.omit({ cursor: true, limit: true, sort: true }), file: 'cases',
  summary: 'Export the case list as an Excel workbook (.xlsx, streamed, every row)',
}, (input, c) => exportCases(c.get('db'), staffOf(c), input, c.get('lang')));

// GET /api/admin/cases/:id — one case with the states it may move to
casesAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One testing case', input: idParamSchema, output: caseDetailSchema, audience: 'staff', permissions: ['CASE.EDIT'] },
  async (input, c) => getCase(c.get('db'), staffOf(c), input.id),
);

// POST /api/admin/cases — a new case owned by the caller (service fee computed by the server)
casesAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'New testing case', input: caseInputSchema, output: caseDetailSchema, audience: 'staff', permissions: ['CASE.EDIT'] },
  async (input, c) => createCase(c.get('db'), withAudit(c), input),
);

// PUT /api/admin/cases/:id — edit an open case
casesAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Edit an open testing case', input: caseUpdateSchema, output: caseDetailSchema, audience: 'staff', permissions: ['CASE.EDIT'] },
  async ({ id, ...input }, c) => updateCase(c.get('db'), withAudit(c), id, input),
);

// PUT /api/admin/cases/:id/status — move through the transition function (reason for rejected and lost)
casesAdminRouter.endpoint(
  { method: 'put', path: '/:id/status', tags, summary: 'Change the state of a testing case', input: caseTransitionSchema, output: caseDetailSchema, audience: 'staff', permissions: ['CASE.EDIT'] },
  async (input, c) => moveCase(c.get('db'), withAudit(c), input.id, input.to, input.reason),
);

// POST /api/admin/cases/:id/report — multipart `file`: the case's report (PDF or image by its bytes)
casesAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/report', tags, audience: 'staff', permissions: ['CASE.EDIT'], summary: 'Upload the report of a passed or finished case',
    description: `multipart/form-data with one part, \`file\`: PDF, PNG, JPEG or WebP as the bytes say (415 otherwise), at most ${CASE_REPORT_MAX_BYTES / 1024} KiB.`,
    input: idParamSchema, upload: { maxBytes: CASE_REPORT_MAX_BYTES, typeRefused: 'fileTypeRefused', tooLarge: 'caseReportTooLarge' }, output: caseDetailSchema,
  },
  async ({ id, file }, c) => storeCaseReport(c.get('db'), withAudit(c), id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
);

// GET /api/admin/cases/:id/report — download the report of a case the caller may see
casesAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/report', tags, audience: 'staff', permissions: ['CASE.EDIT'], input: idParamSchema, file: STORED_TYPES,
    summary: 'Download the report of a case', description: 'Answers the file itself, or the JSON envelope on an error.',
  },
  async (input, c) => reportReply(await openCaseReport(c.get('db'), staffOf(c), input.id)),
);

// POST /api/admin/cases/:id/send-report — mail the report's download link to the case's contact
casesAdminRouter.endpoint(
  { method: 'post', path: '/:id/send-report', tags, summary: 'Mail the report link to the customer contact', input: idParamSchema, output: caseDetailSchema, audience: 'staff', permissions: ['CASE.EDIT'] },
  async (input, c) => sendCaseReport(c.get('db'), withAudit(c), input.id, c.get('lang')),
);

/** The customer's download link of a case report (the token is the secret). */
export const caseReportWebRouter = createRouter('/api/web/case-reports');

// GET /api/web/case-reports/:token — download a case report from the mailed link
caseReportWebRouter.endpoint(
  {
    method: 'get', path: '/:token', tags: ['cases'], input: z.object({ token: z.string().max(64) }), file: STORED_TYPES, notFoundOnInvalid: 'fileNotFound',
    summary: 'Download a testing-case report from the mailed link', description: 'Answers the file itself, or the JSON envelope on an error.',
  },
  async (input, c) => reportReply(await openCaseReportByToken(c.get('db'), input.token)),
);
