import './zod-config';
import { z } from 'zod';
import { cursor, emptyAsUndefined, reason, requiredText, searchKey, text } from './fields';
import { centsToMoney, moneySchema, moneyToCents } from './money';
import { idSchema, optionalIdSchema, wholeNumber } from './numbers';
import { EMAIL } from './site-settings';

/** Contracts of the testing-service cases (ADR 0037). Messages are keys under `api.errors` in messages/*.json. */

// ---- testing-service cases ---------------------------------------------------------------------

export const CASE_STATUSES = ['reviewing', 'passed', 'rejected', 'test_finished', 'resolved', 'lost'] as const;
export type CaseStatusName = (typeof CASE_STATUSES)[number];
export const CASE_OPEN_STATUSES: readonly CaseStatusName[] = ['reviewing', 'passed', 'test_finished'];

/** The service fee of a testing case: the test fee × 1.15, rounded half-up to the cent (integer arithmetic). */
export function serviceFeeOf(testFee: string): string {
  return centsToMoney(Math.floor((moneyToCents(testFee) * 115 + 50) / 100));
}
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
