import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { moneySchema } from './money';
import { wholeNumber } from './numbers';

/**
 * Receivables of the order desk (ADR 0074): payments finance records against blue invoices, and what each
 * customer still owes, by days past due (counted in the business time zone).
 */

/** The bank's reference or the payer's note: at most 100 characters. */
export const PAYMENT_REFERENCE_MAX = 100;
/** Why a payment is reversed: required, at most 200 characters. */
export const PAYMENT_REVERSAL_REASON_MAX = 200;

export const paymentInputSchema = z.object({
  /** Received, more than 0 and at most what the invoice has unpaid. */
  amount: moneySchema,
  /** The day the money arrived: not after today, not before the invoice's issue day. */
  receivedOn: calendarDay('dateInvalid'),
  reference: z.string().trim().max(PAYMENT_REFERENCE_MAX, { message: 'paymentReferenceTooLong' }).default(''),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const paymentReversalSchema = z.object({
  reason: z.string().trim().min(1, { message: 'paymentReasonRequired' }).max(PAYMENT_REVERSAL_REASON_MAX, { message: 'paymentReasonTooLong' }),
  /** The member confirmed the reversal (the dialog's own step); anything else is refused. */
  confirm: z.literal(true, { message: 'paymentConfirmRequired' }),
});

export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  amount: z.string(),
  receivedOn: z.string(),
  reference: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type InvoicePaymentDto = z.infer<typeof invoicePaymentSchema>;

/** A blue invoice as receivables read it: its money and what is still unpaid. */
export const receivableInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  issuedOn: z.string(),
  dueOn: z.string().nullable(),
  amount: z.string(),
  paidAmount: z.string(),
  unpaid: z.string(),
  /** Days past the due day in the business time zone (0: not due yet). */
  daysOverdue: z.number().int(),
});
export type ReceivableInvoiceDto = z.infer<typeof receivableInvoiceSchema>;

export const invoicePaymentsSchema = z.object({
  invoice: receivableInvoiceSchema,
  payments: z.array(invoicePaymentSchema),
});
export type InvoicePaymentsDto = z.infer<typeof invoicePaymentsSchema>;

/** The ageing's buckets by days past due. */
export const AGEING_BUCKETS = ['notDue', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const RECEIVABLE_SORTS = ['-open', 'open', '-overdue', 'name'] as const;

const blankless = (v: unknown) => (v === '' ? undefined : v);
const filterFields = {
  /** A part of the customer's name. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  sort: z.preprocess(blankless, z.enum(RECEIVABLE_SORTS).default('-open')),
};
export const receivablesListInputSchema = z.object({
  ...filterFields,
  page: wholeNumber(z.number().int().min(1).max(10_000)).default(1),
  pageSize: wholeNumber(z.number().int().min(1).max(100)).default(20),
});
export const receivablesExportInputSchema = z.object(filterFields);
export type ReceivablesListInput = z.infer<typeof receivablesListInputSchema>;

const bucketsSchema = z.object(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.string()])) as Record<AgeingBucket, z.ZodString>);

/** One customer's receivables: what is open, by bucket, against its credit terms, and its orders held for credit. */
export const receivableRowSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  ownerName: z.string(),
  openAmount: z.string(),
  overdueAmount: z.string(),
  openInvoices: z.number().int(),
  buckets: bucketsSchema,
  creditDays: z.number().int(),
  creditLimit: z.string(),
  heldOrders: z.number().int(),
});
export type ReceivableRowDto = z.infer<typeof receivableRowSchema>;

export const receivablesListSchema = z.object({
  items: z.array(receivableRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A customer's receivables on its CRM record: its row (zero when nothing is open) and its open invoices. */
export const customerReceivablesSchema = z.object({
  summary: receivableRowSchema,
  invoices: z.array(receivableInvoiceSchema),
});
export type CustomerReceivablesDto = z.infer<typeof customerReceivablesSchema>;
