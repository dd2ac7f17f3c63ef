import './zod-config';
import { z } from 'zod';
import { cursor, emptyAsUndefined, isoDate, limit, searchKey, text } from './fields';
import { approvalRequestSchema } from './approvals';
import { moneySchema } from './money';
import { idSchema } from './numbers';

/** Contracts of the staff's expense applications (ADR 0037). Messages are keys under `api.errors` in messages/*.json. */

// ---- expenses ----------------------------------------------------------------------------------

export const EXPENSE_CATEGORIES = ['travel', 'meals', 'transport', 'office', 'training', 'samples', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ExpenseStatusName = (typeof EXPENSE_STATUSES)[number];

/**
 * The moves of an expense application and who makes them (one transition function applies them,
 * `modules/expenses/status.ts`): the applicant submits a draft (which opens an approval request) or
 * withdraws a pending one, and revises a rejected one; the approval engine alone approves and rejects.
 */
export const EXPENSE_TRANSITIONS: Record<ExpenseStatusName, readonly { to: ExpenseStatusName; by: 'applicant' | 'approval' }[]> = {
  draft: [{ to: 'pending', by: 'applicant' }],
  pending: [{ to: 'approved', by: 'approval' }, { to: 'rejected', by: 'approval' }, { to: 'draft', by: 'applicant' }],
  approved: [],
  rejected: [{ to: 'draft', by: 'applicant' }],
};

export const expenseInputSchema = z.object({
  amount: moneySchema.default('0.00'),
  category: z.enum(EXPENSE_CATEGORIES, { message: 'fieldRequired' }),
  spentOn: isoDate,
  description: text(100, 'tooLong100').default(''),
});
export const expenseUpdateSchema = expenseInputSchema.extend({ id: idSchema });

export const EXPENSE_SORTS = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;
export const expenseListInputSchema = z.object({
  key: searchKey,
  status: z.preprocess(emptyAsUndefined, z.enum(EXPENSE_STATUSES).optional()),
  category: z.preprocess(emptyAsUndefined, z.enum(EXPENSE_CATEGORIES).optional()),
  /** mine: my own applications; all: every one I may see. */
  scope: z.enum(['mine', 'all']).default('all'),
  sort: z.enum(EXPENSE_SORTS).default('-createdAt'),
  cursor,
  limit,
});
export type ExpenseListInput = z.infer<typeof expenseListInputSchema>;

export const expenseAttachmentSchema = z.object({ id: z.number().int(), fileName: z.string(), mime: z.string(), size: z.number().int(), url: z.string() });
export const expenseRowSchema = z.object({
  id: z.number().int(),
  expenseNo: z.string(),
  applicantId: z.number().int(),
  applicantName: z.string(),
  teamName: z.string(),
  amount: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  spentOn: z.string(),
  description: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  attachments: z.number().int(),
  createdAt: z.string(),
});
export type ExpenseRowDto = z.infer<typeof expenseRowSchema>;
export const expenseListSchema = z.object({ total: z.number().int(), items: z.array(expenseRowSchema), nextCursor: z.string().nullable() });
export const expenseDetailSchema = expenseRowSchema.extend({
  attachmentList: z.array(expenseAttachmentSchema),
  approval: approvalRequestSchema.nullable(),
  /** What the caller may do now. */
  canEdit: z.boolean(),
  canSubmit: z.boolean(),
  canWithdraw: z.boolean(),
  canRevise: z.boolean(),
  /** The step the caller may decide now, if any. */
  myStepId: z.number().int().nullable(),
});
export type ExpenseDetailDto = z.infer<typeof expenseDetailSchema>;
export const expenseActionSchema = z.object({ id: idSchema, action: z.enum(['submit', 'withdraw', 'revise']) });
