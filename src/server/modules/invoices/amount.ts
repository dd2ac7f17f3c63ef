import 'server-only';
import type { OrderInvoiceStatus } from '@/server/db/schema';

/** What a new invoice's amount is checked against, all in cents. */
export interface InvoiceAmountFacts {
  kind: 'blue' | 'red';
  /** The new invoice's amount with tax, and the tax in it. */
  amountCents: number;
  taxCents: number;
  /** The order's total, and what its blue and red-letter invoices already hold. */
  orderTotalCents: number;
  issuedBlueCents: number;
  issuedRedCents: number;
  /** Red-letter: the blue invoice corrected and what red-letter invoices already corrected of it. */
  blue?: { amountCents: number; correctedCents: number };
  /** Red-letter: the credit note followed and what red-letter invoices already corrected of it. */
  creditNote?: { amountCents: number; correctedCents: number };
}

export type InvoiceAmountProblem = 'invoiceAmountTooHigh' | 'invoiceTaxTooHigh' | 'invoiceCorrectionTooHigh';

/**
 * The most a new invoice may hold: a blue one, what is still uninvoiced of the order's total (the total
 * less the blue invoices net of their corrections — a fully reversed invoice may be issued anew); a red-letter
 * one, the least of the credit note's and the blue invoice's amounts not yet corrected. Never negative.
 */
export function invoiceAmountCap(f: Omit<InvoiceAmountFacts, 'amountCents' | 'taxCents'>): number {
  if (f.kind === 'blue') return Math.max(0, f.orderTotalCents - (f.issuedBlueCents - f.issuedRedCents));
  const blue = f.blue ? f.blue.amountCents - f.blue.correctedCents : 0;
  const note = f.creditNote ? f.creditNote.amountCents - f.creditNote.correctedCents : 0;
  return Math.max(0, Math.min(blue, note));
}

/**
 * The one rule of an invoice's amount (ADR 0074): positive, its tax not above it, and not above
 * `invoiceAmountCap` — so the order's invoices never hold more than its total and corrections never more
 * than the refund or the invoice corrected. Answers the problem, or null.
 */
export function checkInvoiceAmount(f: InvoiceAmountFacts): InvoiceAmountProblem | null {
  if (f.taxCents > f.amountCents) return 'invoiceTaxTooHigh';
  if (f.amountCents <= 0 || f.amountCents > invoiceAmountCap(f)) return f.kind === 'blue' ? 'invoiceAmountTooHigh' : 'invoiceCorrectionTooHigh';
  return null;
}

/**
 * The order's invoice state from its invoices: `issued` while blue invoices hold something net of their
 * corrections, `reversed` when every blue amount is corrected, the request (`requested` or `none`) before any.
 */
export function invoiceStatusOf(f: { issuedBlueCents: number; issuedRedCents: number; requested: boolean }): OrderInvoiceStatus {
  if (f.issuedBlueCents === 0) return f.requested ? 'requested' : 'none';
  return f.issuedBlueCents > f.issuedRedCents ? 'issued' : 'reversed';
}
