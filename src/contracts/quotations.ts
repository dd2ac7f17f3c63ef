import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema, MONEY_META, optionalIdSchema, wholeNumber } from './numbers';
import { checkInvoice, deliveryChoiceSchema, orderSubmitSchema } from './orders';

/**
 * Quotations (ADR 0040): the customer's request, the quotation and its versions. Money travels as
 * integer cents and is computed on the server; messages are keys under `api.errors`.
 */

export const QUOTATION_STATES = [
  'requested', 'draft', 'pending_approval', 'approved', 'rejected', 'sent', 'accepted', 'declined', 'renegotiation', 'expired', 'converted',
] as const;
export type QuotationStateName = (typeof QUOTATION_STATES)[number];

/** Who makes a move: a staff member, the customer, the approval engine's decision, or the system (expiry, conversion). */
export const QUOTATION_ACTORS = ['staff', 'customer', 'approval', 'system'] as const;
export type QuotationActorKind = (typeof QUOTATION_ACTORS)[number];

/** The legal moves and who may make each; every other move is refused by `transitionQuotation`. */
export const QUOTATION_TRANSITIONS: Record<QuotationStateName, Partial<Record<QuotationStateName, readonly QuotationActorKind[]>>> = {
  requested: { draft: ['staff'] },
  draft: { pending_approval: ['staff'], sent: ['staff'] },
  pending_approval: { approved: ['approval'], rejected: ['approval'], draft: ['staff'] },
  approved: { sent: ['staff'], draft: ['staff'] },
  rejected: { draft: ['staff'] },
  sent: { accepted: ['customer'], declined: ['customer'], renegotiation: ['customer'], expired: ['system'] },
  accepted: { converted: ['system'], renegotiation: ['staff', 'customer'] },
  renegotiation: { draft: ['staff'] },
  declined: {},
  expired: {},
  converted: {},
};

/** The states a staff member may move a quotation to from `from` (buttons and board columns). */
export function staffMovesFrom(from: QuotationStateName): QuotationStateName[] {
  return (Object.entries(QUOTATION_TRANSITIONS[from]) as [QuotationStateName, readonly QuotationActorKind[]][])
    .filter(([, who]) => who.includes('staff')).map(([to]) => to);
}

// ---- money -------------------------------------------------------------------------------------

/** The price floor: a line's net price may not be below 85% of the pack's list price (15% maximum discount). */
export const QUOTE_FLOOR_BP = 8500;
export const QUOTE_VALID_DAYS_MAX = 180;

/** unit × (1 − discount), rounded half-up to the cent; `bp` is the discount in basis points. */
export function netCentsOf(unitCents: number, discountBp: number): number {
  return Math.floor((unitCents * (10000 - discountBp) + 5000) / 10000);
}

/** Whether a net price is below the floor of its list price (integer comparison). */
export function isBelowFloor(netCents: number, listCents: number): boolean {
  return netCents * 10000 < listCents * QUOTE_FLOOR_BP;
}

/** Cents as `1234.50` (no grouping). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---- inputs ------------------------------------------------------------------------------------

const comment = z.string().trim().max(100, { message: 'tooLong100' });
const num = wholeNumber(z.number().int().min(1, { message: 'quantityInvalid' }).max(9999, { message: 'quantityInvalid' }));
/** A unit price in cents: 0.01 to 9,999,999.99 (a line, unit × quantity, is capped by the server: TOTAL_MAX_CENTS). */
const cents = wholeNumber(z.number().int().min(1, { message: 'invalidAmount' }).max(9_999_999_99, { message: 'invalidAmount' })).meta(MONEY_META);
/** A calendar day that exists, in the years 2000 to 2100. */
const isoDate = calendarDay('dateInvalid');

/** A list sent as JSON text in a form field (the storefront's API client posts forms). */
function jsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export const quoteRequestInputSchema = z.strictObject({
  source: z.enum(['cart', 'product']),
  lines: z.preprocess(jsonList, z.array(z.strictObject({ packId: idSchema, num, comment: comment.default('') }), { message: 'quoteLinesRequired' })
    .min(1, { message: 'quoteLinesRequired' }).max(50, { message: 'quoteTooManyLines' })),
  note: comment.default(''),
});
export type QuoteRequestInput = z.infer<typeof quoteRequestInputSchema>;

export const quotationDraftInputSchema = z.strictObject({
  id: idSchema,
  lines: z.array(z.strictObject({ packId: idSchema, num, unitCents: cents, comment: comment.default('') }), { message: 'quoteLinesRequired' })
    .min(1, { message: 'quoteLinesRequired' }).max(50, { message: 'quoteTooManyLines' }),
  discountBp: wholeNumber(z.number().int().min(0, { message: 'discountInvalid' }).max(10000, { message: 'discountInvalid' })).default(0),
  validUntil: isoDate,
  note: comment.default(''),
});
export type QuotationDraftInput = z.infer<typeof quotationDraftInputSchema>;

export const quotationCreateSchema = z.strictObject({ companyId: idSchema, userId: optionalIdSchema });
export const quotationMoveSchema = z.strictObject({ id: idSchema, to: z.enum(QUOTATION_STATES), comment: comment.default('') });

export const quotationListInputSchema = z.object({
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QUOTATION_STATES).optional()),
  companyId: optionalIdSchema,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['-createdAt', 'createdAt', '-total', 'total']).default('-createdAt')),
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
});
export type QuotationListInput = z.infer<typeof quotationListInputSchema>;

/** The customer's acceptance: where the order goes and its invoice, as an order submission says it. */
const { idempotencyKey: _key, cartIds: _cart, ...orderFields } = orderSubmitSchema.shape;
export const quotationAcceptSchema = z.strictObject({ ...orderFields, id: idSchema }).superRefine(checkInvoice);
export type QuotationAcceptInput = z.infer<typeof quotationAcceptSchema>;
export const quotationAnswerSchema = z.strictObject({ id: idSchema, comment: comment.default('') });

// ---- outputs -----------------------------------------------------------------------------------

export const quotationLineSchema = z.object({
  packId: z.number(), productId: z.number(), itemNo: z.string(), nameZh: z.string(), nameEn: z.string(), size: z.string(), num: z.number(),
  listCents: z.number(), unitCents: z.number(), netCents: z.number(), lineCents: z.number(), comment: z.string(), belowFloor: z.boolean(),
  /** The pack's stock and lead time now (0 when the pack is gone). */
  stock: z.number(), leadTimeDays: z.number(),
});
export const quotationVersionSchema = z.object({
  id: z.number(), version: z.number(), discountBp: z.number(), validUntil: z.string(), note: z.string(), subtotalCents: z.number(),
  discountCents: z.number(), totalCents: z.number(),
  /** The VAT the total includes (13 %, ADR 0065). */
  taxCents: z.number(),
  belowFloor: z.boolean(), sentAt: z.string().nullable(), lines: z.array(quotationLineSchema),
});
export const quotationRowSchema = z.object({
  id: z.number(), quoteNo: z.string(), companyId: z.number(), companyName: z.string(), userName: z.string().nullable(), ownerId: z.number().nullable(),
  ownerName: z.string().nullable(), state: z.enum(QUOTATION_STATES), currentVersion: z.number(), totalCents: z.number(), validUntil: z.string().nullable(),
  orderId: z.number().nullable(), createdAt: z.string(), updatedAt: z.string(),
});
export const quotationListSchema = z.object({ total: z.number(), items: z.array(quotationRowSchema), nextCursor: z.string().nullable() });
export const quoteRequestLineSchema = z.object({ itemNo: z.string(), nameZh: z.string(), nameEn: z.string(), size: z.string(), num: z.number(), comment: z.string() });
export const quotationEventSchema = z.object({ at: z.string(), action: z.string(), who: z.string(), from: z.string().nullable(), to: z.string().nullable(), comment: z.string() });
export const quotationDetailSchema = quotationRowSchema.extend({
  request: z.object({ source: z.enum(['cart', 'product']), note: z.string(), createdAt: z.string(), lines: z.array(quoteRequestLineSchema) }).nullable(),
  versions: z.array(quotationVersionSchema),
  conversionError: z.object({ code: z.string(), itemNos: z.array(z.string()) }).nullable(),
  customerComment: z.string(),
  orderNo: z.string().nullable(),
  moves: z.array(z.enum(QUOTATION_STATES)),
  events: z.array(quotationEventSchema),
  /** To the customer, while the quotation may be accepted: its order's delivery options and fees (as at checkout); else null. */
  delivery: z.array(deliveryChoiceSchema).nullable(),
});
export type QuotationLineDto = z.infer<typeof quotationLineSchema>;
export type QuotationVersionDto = z.infer<typeof quotationVersionSchema>;
export type QuotationRowDto = z.infer<typeof quotationRowSchema>;
export type QuotationDetailDto = z.infer<typeof quotationDetailSchema>;
export type QuotationEventDto = z.infer<typeof quotationEventSchema>;
