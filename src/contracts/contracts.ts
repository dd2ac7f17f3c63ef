import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { auditEntrySchema } from './admin';
import { approvalRequestSchema } from './approvals';
import { centsToMoney, MONEY, moneyToCents } from './money';
import { idSchema, MONEY_META, optionalIdSchema, wholeNumber } from './numbers';

/**
 * Contracts (ADR 0044): made new or from a quotation version, approved through the engine before
 * they are sent, signed once a countersigned scan is attached. Money travels as `1234.50` text and is
 * kept in integer cents; messages are keys under `api.errors`.
 */

export const CONTRACT_STATES = ['draft', 'pending_approval', 'approved', 'rejected', 'sent', 'signed', 'cancelled'] as const;
export type ContractStateName = (typeof CONTRACT_STATES)[number];

/** Who makes a move: a staff member, or the approval engine's final decision. */
export const CONTRACT_ACTORS = ['staff', 'approval'] as const;
export type ContractActorKind = (typeof CONTRACT_ACTORS)[number];

export const CONTRACT_TITLE_MAX = 60;
export const CONTRACT_NOTES_MAX = 100;
export const CONTRACT_REASON_MAX = 50;

/** The legal moves and who may make each; every other move is refused by `transitionContract`. */
export const CONTRACT_TRANSITIONS: Record<ContractStateName, Partial<Record<ContractStateName, readonly ContractActorKind[]>>> = {
  draft: { pending_approval: ['staff'], cancelled: ['staff'] },
  pending_approval: { approved: ['approval'], rejected: ['approval'], cancelled: ['staff'] },
  approved: { sent: ['staff'], cancelled: ['staff'] },
  rejected: { draft: ['staff'], cancelled: ['staff'] },
  sent: { signed: ['staff'], cancelled: ['staff'] },
  signed: {},
  cancelled: {},
};

/** The states a staff member may move a contract to from `from` (the record page's buttons). */
export function contractStaffMoves(from: ContractStateName): ContractStateName[] {
  return (Object.entries(CONTRACT_TRANSITIONS[from]) as [ContractStateName, readonly ContractActorKind[]][])
    .filter(([, who]) => who.includes('staff')).map(([to]) => to);
}

export { centsToMoney };

// ---- inputs ------------------------------------------------------------------------------------

const amountSchema = z
  .union([z.number(), z.string()], { error: 'invalidAmount' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(MONEY, { message: 'invalidAmount' }))
  .transform((v) => moneyToCents(v))
  .refine((c) => c > 0, { message: 'invalidAmount' })
  .meta(MONEY_META);
/** A calendar day that exists, in the years 2000 to 2100. */
const isoDate = calendarDay('dateInvalid');
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable().optional());
const title = z.string({ message: 'contractTitleRequired' }).trim().min(1, { message: 'contractTitleRequired' }).max(CONTRACT_TITLE_MAX, { message: 'tooLong60' });
const notes = z.string().trim().max(CONTRACT_NOTES_MAX, { message: 'tooLong100' });

function datesInOrder(v: { signingDate?: string | null | undefined; endDate?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (v.signingDate && v.endDate && v.endDate < v.signingDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'contractEndBeforeStart' });
}

export const contractCreateSchema = z.strictObject({
  companyId: idSchema, title, amount: amountSchema, signingDate: optionalDate, endDate: optionalDate, notes: notes.default(''),
}).superRefine(datesInOrder);
export type ContractCreateInput = z.infer<typeof contractCreateSchema>;

export const contractFromQuotationSchema = z.strictObject({
  id: idSchema, version: optionalIdSchema, title: title.optional(), signingDate: optionalDate, endDate: optionalDate, notes: notes.default(''),
}).superRefine(datesInOrder);
export type ContractFromQuotationInput = z.infer<typeof contractFromQuotationSchema>;

export const contractUpdateSchema = z.strictObject({
  id: idSchema, title, amount: amountSchema, signingDate: optionalDate, endDate: optionalDate, notes: notes.default(''),
}).superRefine(datesInOrder);
export type ContractUpdateInput = z.infer<typeof contractUpdateSchema>;

export const contractMoveSchema = z.strictObject({
  id: idSchema, to: z.enum(CONTRACT_STATES, { message: 'contractTransitionInvalid' }), reason: z.string().trim().max(200).default(''),
});
export type ContractMoveInput = z.infer<typeof contractMoveSchema>;

export const CONTRACT_SORTS = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;
export const contractListInputSchema = z.object({
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTRACT_STATES).optional()),
  companyId: optionalIdSchema,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTRACT_SORTS).default('-createdAt')),
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
});
export type ContractListInput = z.infer<typeof contractListInputSchema>;

// ---- outputs -----------------------------------------------------------------------------------

export const contractRowSchema = z.object({
  id: z.number(), contractNo: z.string(), companyId: z.number(), companyName: z.string(), quotationId: z.number().nullable(), quoteNo: z.string().nullable(),
  quotationVersion: z.number().nullable(), ownerId: z.number().nullable(), ownerName: z.string(), title: z.string(), amount: z.string(),
  signingDate: z.string().nullable(), endDate: z.string().nullable(), state: z.enum(CONTRACT_STATES), notes: z.string(), cancelReason: z.string(),
  createdAt: z.string(), updatedAt: z.string(),
});
export const contractListSchema = z.object({ total: z.number(), items: z.array(contractRowSchema), nextCursor: z.string().nullable() });
export const contractAttachmentSchema = z.object({
  id: z.number(), fileName: z.string(), mime: z.string(), size: z.number(), signedScan: z.boolean(), url: z.string(), createdAt: z.string(),
});
export const contractDetailSchema = contractRowSchema.extend({
  attachments: z.array(contractAttachmentSchema),
  moves: z.array(z.enum(CONTRACT_STATES)),
  approval: approvalRequestSchema.nullable(),
  myStepId: z.number().nullable(),
  canEdit: z.boolean(),
});
export const contractTimelineSchema = z.array(auditEntrySchema);
export type ContractRowDto = z.infer<typeof contractRowSchema>;
export type ContractDetailDto = z.infer<typeof contractDetailSchema>;
export type ContractAttachmentDto = z.infer<typeof contractAttachmentSchema>;
