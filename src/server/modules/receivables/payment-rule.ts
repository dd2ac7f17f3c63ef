import 'server-only';

/** Why a payment cannot be recorded against an invoice; each is a message key under `api.errors`. */
export type PaymentRefusal = 'paymentAmountInvalid' | 'paymentExceedsUnpaid' | 'paymentInFuture' | 'paymentBeforeIssue';

export interface PaymentAttempt {
  amountCents: bigint;
  /** `YYYY-MM-DD`. */
  receivedOn: string;
}
export interface PayableInvoice {
  amountCents: bigint;
  paidCents: bigint;
  /** `YYYY-MM-DD`. */
  issuedOn: string;
}

/** What the invoice has unpaid (never below zero). */
export function unpaidCents(invoice: Pick<PayableInvoice, 'amountCents' | 'paidCents'>): bigint {
  const unpaid = invoice.amountCents - invoice.paidCents;
  return unpaid > 0n ? unpaid : 0n;
}

/**
 * The one rule of a payment received (ADR 0074): more than nothing and at most what the invoice has unpaid,
 * received on a day not after today (the business time zone's) and not before the invoice was issued.
 * Answers the first refusal, or null when the payment may be recorded.
 */
export function paymentRefusal(payment: PaymentAttempt, invoice: PayableInvoice, today: string): PaymentRefusal | null {
  if (payment.amountCents <= 0n) return 'paymentAmountInvalid';
  if (payment.amountCents > unpaidCents(invoice)) return 'paymentExceedsUnpaid';
  if (payment.receivedOn > today) return 'paymentInFuture';
  if (payment.receivedOn < invoice.issuedOn) return 'paymentBeforeIssue';
  return null;
}
