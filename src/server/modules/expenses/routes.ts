import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { expenseActionSchema, expenseDetailSchema, expenseInputSchema, expenseListInputSchema, expenseListSchema, expenseUpdateSchema } from '@/contracts/expenses';
import { idSchema } from '@/contracts/numbers';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { storedFileReply } from '@/server/http/file-reply';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { STORED_TYPES } from '@/server/modules/files/routes';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES, actOnExpense, addExpenseAttachment, createExpense, exportExpenses, getExpense, listExpenses, openExpenseAttachment,
  removeExpenseAttachment, updateExpense,
} from './expenses';

/** Expense applications (ADR 0037): applicants with EXPENSE.EDIT; approvers see what waits for them. */
export const expensesAdminRouter = createRouter('/api/admin/expenses');

const tags = ['admin: expenses'];
const withAudit = (c: Context<AppEnv>) => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });
const attachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

// GET /api/admin/expenses — search, status, category, scope, sort (time or amount), keyset pages
expensesAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Expense applications the caller may see', input: expenseListInputSchema, output: expenseListSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => listExpenses(c.get('db'), staffOf(c), input),
);

// GET /api/admin/expenses/export — the list's applications as an Excel workbook
xlsxExport(expensesAdminRouter, {
  tags, audience: 'staff', permissions: ['ADMIN.ACCESS'], input: expenseListInputSchema.omit({ cursor: true, limit: true, sort: true }), file: 'expenses',
  summary: 'Export the expense list as an Excel workbook (.xlsx, streamed, every row)',
}, (input, c) => exportExpenses(c.get('db'), staffOf(c), input, c.get('lang')));

// GET /api/admin/expenses/:id — one application with receipts, approval steps and the caller's possible actions
expensesAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One expense application', input: idParamSchema, output: expenseDetailSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => getExpense(c.get('db'), staffOf(c), input.id),
);

// POST /api/admin/expenses — a new draft of the caller
expensesAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'New expense application (draft)', input: expenseInputSchema, output: expenseDetailSchema, audience: 'staff', permissions: ['EXPENSE.EDIT'] },
  async (input, c) => createExpense(c.get('db'), withAudit(c), input),
);

// PUT /api/admin/expenses/:id — the applicant edits a draft
expensesAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Edit a draft expense application', input: expenseUpdateSchema, output: expenseDetailSchema, audience: 'staff', permissions: ['EXPENSE.EDIT'] },
  async ({ id, ...input }, c) => updateExpense(c.get('db'), withAudit(c), id, input),
);

// POST /api/admin/expenses/:id/action — submit (opens the approval), withdraw, revise
expensesAdminRouter.endpoint(
  { method: 'post', path: '/:id/action', tags, summary: 'Submit, withdraw or revise an expense application', input: expenseActionSchema, output: expenseDetailSchema, audience: 'staff', permissions: ['EXPENSE.EDIT'] },
  async (input, c) => actOnExpense(c.get('db'), withAudit(c), input.id, input.action),
);

// POST /api/admin/expenses/:id/attachments — multipart `file`: a receipt (image or PDF by its bytes)
expensesAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/attachments', tags, audience: 'staff', permissions: ['EXPENSE.EDIT'],
    summary: 'Attach a receipt to a draft expense application',
    description: `multipart/form-data with one part, \`file\`: PNG, JPEG, WebP (re-encoded) or PDF as the bytes say (415 otherwise), at most ${EXPENSE_ATTACHMENT_MAX_BYTES / 1024} KiB.`,
    input: idParamSchema, upload: { maxBytes: EXPENSE_ATTACHMENT_MAX_BYTES, typeRefused: 'fileTypeRefused', tooLarge: 'expenseFileTooLarge' }, output: expenseDetailSchema,
  },
  async ({ id, file }, c) => addExpenseAttachment(c.get('db'), withAudit(c), id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
);

// DELETE /api/admin/expenses/:id/attachments/:attachmentId — remove a receipt from a draft
expensesAdminRouter.endpoint(
  { method: 'delete', path: '/:id/attachments/:attachmentId', tags, summary: 'Remove a receipt from a draft', input: attachmentParams, output: expenseDetailSchema, audience: 'staff', permissions: ['EXPENSE.EDIT'] },
  async (input, c) => removeExpenseAttachment(c.get('db'), withAudit(c), input.id, input.attachmentId),
);

// GET /api/admin/expenses/:id/attachments/:attachmentId — download a receipt of an application the caller may see
expensesAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/attachments/:attachmentId', tags, audience: 'staff', permissions: ['ADMIN.ACCESS'], input: attachmentParams, file: STORED_TYPES,
    summary: 'Download a receipt', description: 'Answers the file itself, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const { file, name, mime } = await openExpenseAttachment(c.get('db'), staffOf(c), input.id, input.attachmentId);
    return storedFileReply(file, { type: mime, name });
  },
);
