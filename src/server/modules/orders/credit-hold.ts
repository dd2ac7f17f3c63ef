import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { businessNowSql } from '@/server/business-time';
import { toCents } from './money';

export type HoldReason = 'overdue' | 'credit_limit';

/** What the credit rule reads of a company, in cents. */
export interface CreditFigures {
  /** A blue invoice of the company is past its due day and not paid in full. */
  overdue: boolean;
  /** The company's credit limit; 0: none set (no limit). */
  creditLimit: bigint;
  /** Unpaid amounts of its blue invoices. */
  openInvoices: bigint;
  /** Its other placed orders not invoiced yet (see `creditHold`). */
  uninvoicedOrders: bigint;
  /** The order being placed. */
  orderTotal: bigint;
}

/**
 * The credit rule (ADR 0074), pure: an overdue invoice holds the order first; then, with a limit set, the
 * company's exposure — unpaid invoices, placed orders not invoiced yet and this order — above the limit.
 * An exposure equal to the limit passes.
 */
export function creditVerdict(f: CreditFigures): HoldReason | null {
  if (f.overdue) return 'overdue';
  if (f.creditLimit > 0n && f.openInvoices + f.uninvoicedOrders + f.orderTotal > f.creditLimit) return 'credit_limit';
  return null;
}

/**
 * Whether an order of `orderTotal` placed now by the company is held for finance, and why. Reads, in the
 * caller's transaction: the company's blue invoices due before today (China's date) and not paid in full;
 * its limit; the unpaid part of its blue invoices; its other placed orders still to invoice — those with an
 * invoice request not issued yet, and those without an invoice not yet delivered (the desk keeps no
 * receivable for an order without an invoice once it is delivered). `orderId`: the order itself, left out
 * of the orders counted.
 */
export async function creditHold(tx: Db, companyId: number, orderTotal: string, orderId?: number): Promise<HoldReason | null> {
  const [row] = rowsOf<{ overdue: boolean; credit_limit: string; open_invoices: string; uninvoiced: string }>(await tx.execute(sql`
    select
      exists (select 1 from invoices v where v.company_id = ${companyId} and v.kind = 'blue' and v.paid_amount < v.amount
        and v.due_on < (${businessNowSql()})::date) as overdue,
      c.credit_limit::text as credit_limit,
      (select coalesce(sum(v.amount - v.paid_amount), 0) from invoices v
        where v.company_id = ${companyId} and v.kind = 'blue' and v.paid_amount < v.amount)::numeric(14,2)::text as open_invoices,
      (select coalesce(sum(o.total), 0) from orders o where o.company_id = ${companyId} and o.status = 'placed'
        and o.id <> ${orderId ?? 0}
        and (o.invoice_status = 'requested' or (o.invoice_status = 'none' and o.fulfilment <> 'delivered')))::numeric(14,2)::text as uninvoiced
    from companies c where c.id = ${companyId}`));
  if (!row) return null;
  return creditVerdict({
    overdue: Boolean(row.overdue), creditLimit: toCents(row.credit_limit), openInvoices: toCents(row.open_invoices),
    uninvoicedOrders: toCents(row.uninvoiced), orderTotal: toCents(orderTotal),
  });
}
