import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema, MONEY_META, optionalIdSchema, wholeNumber } from './numbers';
import { EMAIL } from './site-settings';

/**
 * Contracts of the back-office CRM's approvals, expense applications and testing-service cases
 * (ADR 0037). Messages are keys under `api.errors` in messages/*.json. Money travels as strings with
 * two decimals and is computed on the server in integer cents.
 */

// ---- money -------------------------------------------------------------------------------------

/** A non-negative amount with at most two decimals, at most 99,999,999.99. */
export const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

/** The largest single amount MONEY accepts, in cents (99,999,999.99). */
export const MONEY_MAX_CENTS = 9_999_999_999;

/**
 * The largest line or total (before tax) of a quotation or an order, in cents (9,000,000,000.00):
 * with 6 % tax it still fits the orders' numeric(12,2), and any sum of such amounts over 50 lines
 * stays below Number.MAX_SAFE_INTEGER. Bigger computed amounts are refused with 400 `totalTooLarge`.
 */
export const TOTAL_MAX_CENTS = 900_000_000_000;

export function moneyToCents(value: string): number {
  const [whole = '0', frac = ''] = value.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

export function centsToMoney(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The service fee of a testing case: the test fee × 1.15, rounded half-up to the cent (integer arithmetic). */
export function serviceFeeOf(testFee: string): string {
  return centsToMoney(Math.floor((moneyToCents(testFee) * 115 + 50) / 100));
}

/** Money input: a number or a string with at most two decimals; answers the normalised string (`12.5` → `12.50`). */
export const moneySchema = z
  .union([z.number(), z.string()], { error: 'invalidAmount' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(MONEY, { message: 'invalidAmount' }))
  .transform((v) => centsToMoney(moneyToCents(v)))
  .meta(MONEY_META);

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
const requiredText = (max: number, message: string) => text(max, message).min(1, { message: 'fieldRequired' });
const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const cursor = z.string().max(200).optional().transform((v) => (v ? v : undefined));
const limit = wholeNumber(z.number().int().min(1).max(50)).default(20);
/** A calendar date YYYY-MM-DD that exists (no 30 February), between the years 2000 and 2100. */
const isoDate = calendarDay('dateInvalid');

/** Reasons of refusals and losses: at most 50 characters, as the forms' hints say. */
export const REASON_MAX = 50;
const reason = z.string().trim().max(REASON_MAX, { message: 'reasonTooLong' });

// ---- approval engine ---------------------------------------------------------------------------

export const APPROVAL_ENTITY_TYPES = ['expense', 'refund', 'quotation', 'contract'] as const;
export type ApprovalEntityType = (typeof APPROVAL_ENTITY_TYPES)[number];
export const APPROVER_KINDS = ['team_manager', 'permission', 'staff'] as const;
export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export const COMMENT_MAX = 100;

export const approvalTierInputSchema = z.object({
  approverKind: z.enum(APPROVER_KINDS),
  permission: z.preprocess(emptyAsUndefined, z.string().max(40).optional()),
  teamId: optionalIdSchema,
  staffId: optionalIdSchema,
});

export const approvalRuleInputSchema = z.object({
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  name: requiredText(60, 'tooLong60'),
  amountAbove: z.preprocess(emptyAsUndefined, moneySchema.optional()),
  amountUpTo: z.preprocess(emptyAsUndefined, moneySchema.optional()),
  category: z.preprocess(emptyAsUndefined, z.string().trim().max(40).optional()),
  teamId: optionalIdSchema,
  priority: wholeNumber(z.number().int().min(0).max(10_000)).default(100),
  active: z.boolean().default(true),
  tiers: z.array(approvalTierInputSchema).min(1).max(5),
});
export type ApprovalRuleInput = z.infer<typeof approvalRuleInputSchema>;

export const approvalTierSchema = z.object({
  seq: z.number().int(),
  approverKind: z.enum(APPROVER_KINDS),
  permission: z.string().nullable(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
});
export const approvalRuleSchema = z.object({
  id: z.number().int(),
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  name: z.string(),
  amountAbove: z.string().nullable(),
  amountUpTo: z.string().nullable(),
  category: z.string().nullable(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  priority: z.number().int(),
  active: z.boolean(),
  tiers: z.array(approvalTierSchema),
});
export type ApprovalRuleDto = z.infer<typeof approvalRuleSchema>;
export const approvalRuleListSchema = z.object({ items: z.array(approvalRuleSchema) });
export const approvalRuleOptionsSchema = z.object({
  teams: z.array(z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() })),
  staff: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Staff permissions with their names in both languages. */
  permissions: z.array(z.object({ code: z.string(), zh: z.string(), en: z.string() })),
});
export type ApprovalRuleOptionsDto = z.infer<typeof approvalRuleOptionsSchema>;
export const approvalRuleUpdateSchema = approvalRuleInputSchema.extend({ id: idSchema });

export const approvalStepSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  approverKind: z.enum(APPROVER_KINDS),
  /** Who decides, as words in Chinese: the member's name, or the permission's name (and the team). */
  approver: z.string(),
  /** The same in English. */
  approverEn: z.string(),
  status: z.enum(['waiting', 'pending', 'approved', 'rejected', 'cancelled']),
  decidedByName: z.string(),
  comment: z.string(),
  activatedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ApprovalStepDto = z.infer<typeof approvalStepSchema>;

export const approvalRequestSchema = z.object({
  id: z.number().int(),
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  entityId: z.number().int(),
  subject: z.string(),
  amount: z.string(),
  applicantName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']),
  currentSeq: z.number().int().nullable(),
  createdAt: z.string(),
  steps: z.array(approvalStepSchema),
});
export type ApprovalRequestDto = z.infer<typeof approvalRequestSchema>;

export const inboxRowSchema = z.object({
  stepId: z.number().int(),
  seq: z.number().int(),
  tiers: z.number().int(),
  requestId: z.number().int(),
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  entityId: z.number().int(),
  subject: z.string(),
  amount: z.string(),
  applicantName: z.string(),
  waitingSince: z.string(),
});
export type InboxRowDto = z.infer<typeof inboxRowSchema>;
export const inboxSchema = z.object({ total: z.number().int(), items: z.array(inboxRowSchema) });
export const inboxCountSchema = z.object({ count: z.number().int() });
export const inboxInputSchema = z.object({ entityType: z.preprocess(emptyAsUndefined, z.enum(APPROVAL_ENTITY_TYPES).optional()) });

export const decisionInputSchema = z.object({
  id: idSchema,
  decision: z.enum(APPROVAL_DECISIONS),
  /** Every decision carries a comment. */
  comment: requiredText(COMMENT_MAX, 'tooLong100'),
});

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

// ---- testing-service cases ---------------------------------------------------------------------

export const CASE_STATUSES = ['reviewing', 'passed', 'rejected', 'test_finished', 'resolved', 'lost'] as const;
export type CaseStatusName = (typeof CASE_STATUSES)[number];
export const CASE_OPEN_STATUSES: readonly CaseStatusName[] = ['reviewing', 'passed', 'test_finished'];

/**
 * The moves of a testing case (one transition function applies them, `modules/cases/status.ts`):
 * reviewing → passed or rejected (with a reason) → test finished → resolved (once the report is
 * uploaded), or lost (with a reason) from any open state. Rejected, resolved and lost are final.
 */
export const CASE_TRANSITIONS: Record<CaseStatusName, readonly CaseStatusName[]> = {
  reviewing: ['passed', 'rejected', 'lost'],
  passed: ['test_finished', 'lost'],
  rejected: [],
  test_finished: ['resolved', 'lost'],
  resolved: [],
  lost: [],
};

export const CASE_INVOICE_TYPES = ['ordinary', 'special'] as const;
/** Tax numbers: 15 to 20 letters or digits (a unified social credit code has 18). */
export const TAX_NO = /^[0-9A-Za-z]{15,20}$/;

const caseFields = z.object({
  companyId: optionalIdSchema,
  customerName: requiredText(60, 'tooLong60'),
  contactName: text(60, 'tooLong60').default(''),
  contactEmail: z.string().trim().max(120).refine((v) => v === '' || EMAIL.test(v), { message: 'adminEmailInvalid' }).default(''),
  samples: requiredText(100, 'tooLong100'),
  testFee: moneySchema,
  invoiceType: z.enum(CASE_INVOICE_TYPES),
  taxNo: z.string().trim().max(20, { message: 'taxNoInvalid' }).refine((v) => v === '' || TAX_NO.test(v), { message: 'taxNoInvalid' }).default(''),
});

/** A 6% special VAT invoice needs the tax number; a 3% ordinary one takes it optionally. */
const taxRule = <T extends { invoiceType: string; taxNo: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.invoiceType === 'special' && !v.taxNo) ctx.addIssue({ code: 'custom', path: ['taxNo'], message: 'taxNoRequired' });
};
export const caseInputSchema = caseFields.superRefine(taxRule);
export const caseUpdateSchema = caseFields.extend({ id: idSchema }).superRefine(taxRule);
export type CaseInput = z.infer<typeof caseInputSchema>;

export const caseTransitionSchema = z.object({ id: idSchema, to: z.enum(CASE_STATUSES), reason: reason.default('') });

export const CASE_SORTS = ['-createdAt', 'createdAt', '-testFee', 'testFee'] as const;
export const caseListInputSchema = z.object({
  key: searchKey,
  status: z.preprocess(emptyAsUndefined, z.enum(CASE_STATUSES).optional()),
  invoiceType: z.preprocess(emptyAsUndefined, z.enum(CASE_INVOICE_TYPES).optional()),
  /** One customer's cases (the customer record's tab). */
  companyId: optionalIdSchema,
  sort: z.enum(CASE_SORTS).default('-createdAt'),
  cursor,
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
});
export type CaseListInput = z.infer<typeof caseListInputSchema>;

export const caseRowSchema = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  companyId: z.number().int().nullable(),
  customerName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  samples: z.string(),
  testFee: z.string(),
  serviceFee: z.string(),
  invoiceType: z.enum(CASE_INVOICE_TYPES),
  taxNo: z.string(),
  status: z.enum(CASE_STATUSES),
  rejectReason: z.string(),
  lostReason: z.string(),
  hasReport: z.boolean(),
  reportName: z.string().nullable(),
  reportSentAt: z.string().nullable(),
  reportSentTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseRowDto = z.infer<typeof caseRowSchema>;
export const caseListSchema = z.object({ total: z.number().int(), items: z.array(caseRowSchema), nextCursor: z.string().nullable() });
export const caseDetailSchema = caseRowSchema.extend({ transitions: z.array(z.enum(CASE_STATUSES)) });
export type CaseDetailDto = z.infer<typeof caseDetailSchema>;
