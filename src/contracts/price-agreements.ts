import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { emptyAsUndefined, requiredText, text } from './fields';
import { idSchema, MONEY_META, optionalIdSchema, wholeNumber } from './numbers';
import { isBelowFloor, QUOTE_FLOOR_BP } from './quotations';

/**
 * Company price agreements in the back-office (ADR 0084): rules with a validity period, below the price
 * floor approved through the approval engine. Money travels as integer cents, discounts as basis points;
 * messages are keys under `api.errors`.
 */

export const AGREEMENT_STATES = ['draft', 'pending_approval', 'active', 'rejected', 'withdrawn'] as const;
export type AgreementStateName = (typeof AGREEMENT_STATES)[number];
export const RULE_KINDS = ['discount', 'net', 'break'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RULE_SCOPES = ['all', 'brand', 'category', 'pack'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/** Who makes a move: a staff member, or the approval engine's final decision. */
export type AgreementActorKind = 'staff' | 'approval';

/** The legal moves and who may make each; every other move is refused by `transitionAgreement`. */
export const AGREEMENT_TRANSITIONS: Record<AgreementStateName, Partial<Record<AgreementStateName, readonly AgreementActorKind[]>>> = {
  draft: { pending_approval: ['staff'], active: ['staff'] },
  pending_approval: { active: ['approval'], rejected: ['approval'], withdrawn: ['staff'] },
  active: { withdrawn: ['staff'] },
  rejected: {},
  withdrawn: {},
};

/** The most rules one agreement holds (and one sheet imports). */
export const AGREEMENT_RULES_MAX = 500;
/** A net price's cap: 0 to 9,999,999.99 (the quotations' unit cap). */
export const AGREEMENT_CENTS_MAX = 9_999_999_99;
/** The largest discount the floor allows without an approval (15 %). */
export const FLOOR_DISCOUNT_BP = 10000 - QUOTE_FLOOR_BP;

/**
 * Whether a rule prices below the floor (pure): a discount above what the floor allows (more than 15 %),
 * or a net or break price below the floor of the pack's catalogue price (`isBelowFloor`).
 */
export function ruleBelowFloor(rule: { kind: RuleKind; discountBp: number | null; netCents: number | null }, listCents: number | null): boolean {
  if (rule.kind === 'discount') return (rule.discountBp ?? 0) > FLOOR_DISCOUNT_BP;
  return listCents !== null && rule.netCents !== null && isBelowFloor(rule.netCents, listCents);
}

// ---- inputs ------------------------------------------------------------------------------------

const bp = wholeNumber(z.number().int().min(1, { message: 'agreementDiscountInvalid' }).max(10000, { message: 'agreementDiscountInvalid' }));
const cents = wholeNumber(z.number().int().min(0, { message: 'agreementPriceInvalid' }).max(AGREEMENT_CENTS_MAX, { message: 'agreementPriceInvalid' })).meta(MONEY_META);
const minQty = wholeNumber(z.number().int().min(2, { message: 'agreementBreakQtyInvalid' }).max(9999, { message: 'agreementBreakQtyInvalid' }));
const day = calendarDay('dateInvalid');

/** One rule as the editor sends it; the fields its kind and scope do not use must be absent. */
export const agreementRuleInputSchema = z.strictObject({
  kind: z.enum(RULE_KINDS, { message: 'agreementRuleKindInvalid' }),
  scope: z.enum(RULE_SCOPES, { message: 'agreementRuleScopeInvalid' }),
  brandId: optionalIdSchema,
  categoryId: optionalIdSchema,
  packId: optionalIdSchema,
  discountBp: z.preprocess(emptyAsUndefined, bp.optional()),
  netCents: z.preprocess(emptyAsUndefined, cents.optional()),
  minQty: z.preprocess(emptyAsUndefined, minQty.optional()),
}).superRefine((r, ctx) => {
  const need = (field: 'brandId' | 'categoryId' | 'packId' | 'discountBp' | 'netCents' | 'minQty', message: string) => {
    if (r[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  const none = (field: 'brandId' | 'categoryId' | 'packId' | 'discountBp' | 'netCents' | 'minQty') => {
    if (r[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'agreementRuleFieldUnused' });
  };
  if (r.kind === 'discount') {
    if (r.scope === 'pack') ctx.addIssue({ code: 'custom', path: ['scope'], message: 'agreementRuleScopeInvalid' });
    need('discountBp', 'agreementDiscountInvalid');
    none('netCents');
    none('minQty');
    none('packId');
    if (r.scope === 'brand') need('brandId', 'agreementBrandRequired'); else none('brandId');
    if (r.scope === 'category') need('categoryId', 'agreementCategoryRequired'); else none('categoryId');
  } else {
    if (r.scope !== 'pack') ctx.addIssue({ code: 'custom', path: ['scope'], message: 'agreementRuleScopeInvalid' });
    need('packId', 'agreementPackRequired');
    need('netCents', 'agreementPriceInvalid');
    none('discountBp');
    none('brandId');
    none('categoryId');
    if (r.kind === 'break') need('minQty', 'agreementBreakQtyInvalid'); else none('minQty');
  }
});
export type AgreementRuleInput = z.infer<typeof agreementRuleInputSchema>;

const agreementFields = {
  name: requiredText(60, 'tooLong60'),
  validFrom: day,
  validTo: day,
  note: text(100, 'tooLong100').default(''),
  rules: z.array(agreementRuleInputSchema).max(AGREEMENT_RULES_MAX, { message: 'agreementTooManyRules' }).default([]),
};
const periodCheck = (a: { validFrom: string; validTo: string }, ctx: z.RefinementCtx) => {
  if (a.validFrom > a.validTo) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'agreementPeriodInvalid' });
};
/** A new draft for a customer company, with its rules (owned by the customer's owner). */
export const agreementCreateSchema = z.strictObject({ companyId: idSchema, ...agreementFields }).superRefine(periodCheck);
export type AgreementCreateInput = z.infer<typeof agreementCreateSchema>;
/** A draft's new name, period, note and rules (its rules replaced as a whole). */
export const agreementUpdateInputSchema = z.strictObject({ id: idSchema, ...agreementFields }).superRefine(periodCheck);
export type AgreementUpdateInput = z.infer<typeof agreementUpdateInputSchema>;

export const AGREEMENT_SORTS = ['-createdAt', 'createdAt', 'validTo', '-validTo'] as const;
export const agreementListInputSchema = z.object({
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  state: z.preprocess(emptyAsUndefined, z.enum(AGREEMENT_STATES).optional()),
  companyId: optionalIdSchema,
  /** Active and ending within this many days from today (the report of agreements about to expire). */
  expiringDays: z.preprocess(emptyAsUndefined, wholeNumber(z.number().int().min(0).max(366)).optional()),
  sort: z.preprocess(emptyAsUndefined, z.enum(AGREEMENT_SORTS).default('-createdAt')),
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
});
export type AgreementListInput = z.infer<typeof agreementListInputSchema>;
export const agreementMoveSchema = z.strictObject({ id: idSchema, comment: text(100, 'tooLong100').default('') });

// ---- outputs -----------------------------------------------------------------------------------

export const agreementRuleSchema = z.object({
  id: z.number(), kind: z.enum(RULE_KINDS), scope: z.enum(RULE_SCOPES),
  brandId: z.number().nullable(), brandName: z.string().nullable(),
  categoryId: z.number().nullable(), categoryName: z.string().nullable(),
  packId: z.number().nullable(), itemNo: z.string().nullable(), productName: z.string().nullable(), size: z.string().nullable(),
  /** The pack's catalogue price now (net and break rules). */
  listCents: z.number().nullable(),
  discountBp: z.number().nullable(), netCents: z.number().nullable(), minQty: z.number(),
  belowFloor: z.boolean(),
});
export const agreementRowSchema = z.object({
  id: z.number(), agreementNo: z.string(), companyId: z.number(), companyName: z.string(), name: z.string(),
  validFrom: z.string(), validTo: z.string(), state: z.enum(AGREEMENT_STATES), belowFloor: z.boolean(),
  ownerId: z.number().nullable(), ownerName: z.string().nullable(), ruleCount: z.number(), createdAt: z.string(),
});
export const agreementListSchema = z.object({ total: z.number(), items: z.array(agreementRowSchema), nextCursor: z.string().nullable() });
export const agreementEventSchema = z.object({ at: z.string(), action: z.string(), who: z.string(), from: z.string().nullable(), to: z.string().nullable(), comment: z.string() });
export const agreementDetailSchema = agreementRowSchema.extend({
  note: z.string(),
  rules: z.array(agreementRuleSchema),
  /** The agreement's latest approval request, when it was ever submitted below the floor. */
  approvalRequestId: z.number().nullable(),
  approvalStatus: z.string().nullable(),
  events: z.array(agreementEventSchema),
});
export const agreementImportSchema = z.object({ rules: z.number() });
export type AgreementRuleDto = z.infer<typeof agreementRuleSchema>;
export type AgreementRowDto = z.infer<typeof agreementRowSchema>;
export type AgreementDetailDto = z.infer<typeof agreementDetailSchema>;
