import './zod-config';
import { z } from 'zod';
import { approvalRequestSchema } from './approvals';
import { REASON_MAX } from './fields';
import { centsToMoney, MONEY, moneyToCents } from './money';
import { idSchema, MONEY_META, wholeNumber } from './numbers';

/**
 * Contracts of complaints with capped refunds and credit notes (ADR 0041). Money travels as strings
 * with two decimals; the server keeps and compares it in integer cents. Messages are keys under
 * `api.errors`.
 */

// ---- states ------------------------------------------------------------------------------------

/**
 * `reviewing`: filed, staff review it. `approving`: staff proposed the refund, the approval engine
 * decides. `passed`: the refund was approved and a credit note recorded. `rejected`: the review
 * failed (a reason of at most 50 characters). `resolved`: closed (after a refund, or without one).
 * `withdrawn`: the customer withdrew it while it was reviewed.
 */
export const COMPLAINT_STATUSES = ['reviewing', 'approving', 'passed', 'rejected', 'resolved', 'withdrawn'] as const;
export type ComplaintStatusName = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_OPEN_STATUSES: readonly ComplaintStatusName[] = ['reviewing', 'approving', 'passed'];

/** Who makes a move: a staff member, the approval engine's final decision, or the customer. */
export const COMPLAINT_ACTORS = ['staff', 'approval', 'customer'] as const;
export type ComplaintActorKind = (typeof COMPLAINT_ACTORS)[number];

/**
 * The legal moves and who may make each (one transition function applies them,
 * `modules/complaints/status.ts`). `approving → reviewing` is the staff withdrawing the refund
 * proposal, or the engine rejecting it.
 */
export const COMPLAINT_TRANSITIONS: Record<ComplaintStatusName, Partial<Record<ComplaintStatusName, readonly ComplaintActorKind[]>>> = {
  reviewing: { approving: ['staff'], rejected: ['staff'], resolved: ['staff'], withdrawn: ['customer'] },
  approving: { reviewing: ['staff', 'approval'], passed: ['approval'] },
  passed: { resolved: ['staff'] },
  rejected: {},
  resolved: {},
  withdrawn: {},
};

/** The states an actor of this kind may move a complaint to from `from`. */
export function complaintMovesOf(from: ComplaintStatusName, actor: ComplaintActorKind): ComplaintStatusName[] {
  return COMPLAINT_STATUSES.filter((to) => COMPLAINT_TRANSITIONS[from][to]?.includes(actor));
}

export const COMPLAINT_DESCRIPTION_MAX = 1000;

/** What a complaint is about: a fixed list, labelled under `complaintCategories` in the messages. */
export const COMPLAINT_CATEGORIES = ['quality', 'damaged', 'wrong_item', 'shortage', 'expiry', 'documents', 'delivery', 'other'] as const;
export type ComplaintCategoryName = (typeof COMPLAINT_CATEGORIES)[number];

/** The photos one complaint carries at most, and the largest one a customer may upload. */
export const COMPLAINT_PHOTOS_MAX = 5;
export const COMPLAINT_PHOTO_MAX_BYTES = 1024 * 1024;
/** The review-failure reason: at most 50 characters (docs/requirements/back-office.md#crm). */
export const REASON_MAX_COMPLAINT = REASON_MAX;

/** A positive amount of money with at most two decimals, as cents (0.00 refused). */
const refundSchema = z
  .union([z.number(), z.string()], { error: 'invalidAmount' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(MONEY, { message: 'invalidAmount' }))
  .transform((v) => moneyToCents(v))
  .refine((c) => c > 0, { message: 'refundZero' })
  .meta(MONEY_META);

export { centsToMoney };

/** A JSON text as its value (form posts carry nested values so); anything else as it is. */
function jsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

// ---- customer ----------------------------------------------------------------------------------

export const complaintFileSchema = z.strictObject({
  orderId: idSchema,
  /** The lines concerned; a form post sends them as one JSON text. */
  lines: z.preprocess(jsonText, z.array(z.strictObject({ itemId: idSchema, quantity: wholeNumber(z.number().int().min(1, { message: 'complaintQuantityInvalid' }).max(9999, { message: 'complaintQuantityInvalid' })) }))
    .min(1, { message: 'complaintLinesRequired' }).max(50)),
  description: z.string({ message: 'fieldRequired' }).trim().min(1, { message: 'fieldRequired' }).max(COMPLAINT_DESCRIPTION_MAX, { message: 'tooLong1000' }),
  category: z.enum(COMPLAINT_CATEGORIES, { message: 'complaintCategoryInvalid' }),
  /**
   * The refund the customer applies for (cents after parsing); at most the value of the lines concerned.
   * Optional: left out or empty, the complaint asks for no refund (0).
   */
  appliedRefund: z.preprocess((v) => (v === '' || v === null ? undefined : v), refundSchema.optional()).transform((v) => v ?? 0),
});
export type ComplaintFileInput = z.infer<typeof complaintFileSchema>;

export const complaintLineSchema = z.object({
  itemId: z.number().int(), itemNo: z.string(), name: z.string(), size: z.string(), unitPrice: z.string(), ordered: z.number().int(), quantity: z.number().int(), value: z.string(),
});
export type ComplaintLineDto = z.infer<typeof complaintLineSchema>;

export const complaintPhotoSchema = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });
export type ComplaintPhotoDto = z.infer<typeof complaintPhotoSchema>;

export const creditNoteSchema = z.object({ id: z.number().int(), creditNo: z.string(), amount: z.string(), createdAt: z.string() });
export type CreditNoteDto = z.infer<typeof creditNoteSchema>;

/** What the customer sees of a complaint. */
export const myComplaintSchema = z.object({
  id: z.number().int(), complaintNo: z.string(), orderId: z.number().int(), orderNo: z.string(), status: z.enum(COMPLAINT_STATUSES),
  description: z.string(), category: z.enum(COMPLAINT_CATEGORIES), appliedRefund: z.string(), approvedRefund: z.string().nullable(), reviewFailureReason: z.string(),
  lines: z.array(complaintLineSchema), photos: z.array(complaintPhotoSchema), creditNote: creditNoteSchema.nullable(), createdAt: z.string(), filedBy: z.string(),
  canWithdraw: z.boolean(), canAddPhotos: z.boolean(),
});
export type MyComplaintDto = z.infer<typeof myComplaintSchema>;
export const myComplaintListSchema = z.object({ items: z.array(myComplaintSchema) });

/** The lines of an order a customer may complain about, for the form. */
export const complaintOrderSchema = z.object({
  id: z.number().int(), orderNo: z.string(), status: z.string(), createdAt: z.string(),
  lines: z.array(z.object({ itemId: z.number().int(), itemNo: z.string(), name: z.string(), size: z.string(), unitPrice: z.string(), num: z.number().int() })),
});
export type ComplaintOrderDto = z.infer<typeof complaintOrderSchema>;

// ---- staff -------------------------------------------------------------------------------------

const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const COMPLAINT_SORTS = ['-createdAt', 'createdAt', '-appliedRefund', 'appliedRefund'] as const;
export const complaintListInputSchema = z.object({
  key: searchKey,
  status: z.preprocess(emptyAsUndefined, z.enum(COMPLAINT_STATUSES).optional()),
  companyId: z.preprocess(emptyAsUndefined, idSchema.optional()),
  sort: z.preprocess(emptyAsUndefined, z.enum(COMPLAINT_SORTS).default('-createdAt')),
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
});
export type ComplaintListInput = z.infer<typeof complaintListInputSchema>;

export const complaintRowSchema = z.object({
  id: z.number().int(), complaintNo: z.string(), companyId: z.number().int(), companyName: z.string(), orderId: z.number().int(), orderNo: z.string(),
  ownerId: z.number().int().nullable(), ownerName: z.string(), status: z.enum(COMPLAINT_STATUSES), description: z.string(), category: z.enum(COMPLAINT_CATEGORIES),
  appliedRefund: z.string(), approvedRefund: z.string().nullable(), reviewFailureReason: z.string(), filedBy: z.string(), createdAt: z.string(), updatedAt: z.string(),
});
export type ComplaintRowDto = z.infer<typeof complaintRowSchema>;
export const complaintListSchema = z.object({ total: z.number().int(), items: z.array(complaintRowSchema), nextCursor: z.string().nullable() });

export const complaintDetailSchema = complaintRowSchema.extend({
  lines: z.array(complaintLineSchema),
  photos: z.array(complaintPhotoSchema),
  creditNote: creditNoteSchema.nullable(),
  transitions: z.array(z.enum(COMPLAINT_STATUSES)),
  approval: approvalRequestSchema.nullable(),
  /** The pending step of the refund's approval that waits for the caller, if any. */
  myStepId: z.number().int().nullable(),
});
export type ComplaintDetailDto = z.infer<typeof complaintDetailSchema>;

/** A staff move: `approving` carries the approved refund (≤ applied), `rejected` the review-failure reason. */
export const complaintTransitionSchema = z.strictObject({
  id: idSchema,
  to: z.enum(COMPLAINT_STATUSES),
  reason: z.string().trim().max(REASON_MAX, { message: 'reasonTooLong' }).default(''),
  approvedRefund: refundSchema.optional(),
});
export type ComplaintTransitionInput = z.infer<typeof complaintTransitionSchema>;
