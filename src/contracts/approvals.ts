import './zod-config';
import { z } from 'zod';
import { emptyAsUndefined, requiredText } from './fields';
import { moneySchema } from './money';
import { idSchema, optionalIdSchema, wholeNumber } from './numbers';

/**
 * Contracts of the staff's approval engine (ADR 0037). Messages are keys under `api.errors` in
 * messages/*.json.
 */

// ---- approval engine ---------------------------------------------------------------------------

export const APPROVAL_ENTITY_TYPES = ['expense', 'refund', 'quotation', 'contract', 'price_agreement'] as const;
export type ApprovalEntityType = (typeof APPROVAL_ENTITY_TYPES)[number];
/** The states of an approval request. */
export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
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
  status: z.enum(APPROVAL_REQUEST_STATUSES),
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
