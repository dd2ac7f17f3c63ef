import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoicePaymentDto, InvoicePaymentsDto, PaymentInput, ReceivableInvoiceDto } from '@/contracts/receivables';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { invoicePayments, invoices, staff } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { businessToday } from '@/server/business-time';
import { recordAudit } from '@/server/modules/audit/record';
import { centsText, toCents } from '@/server/modules/orders/money';
import { paymentRefusal, unpaidCents } from './payment-rule';
import { receivablesVisibleTo, type ReceivablesStaff } from './scope';

interface InvoiceRow {
  id: number; invoice_no: string; order_id: number; order_no: string; company_id: number; company_name: string; kind: string;
  issued_on: string; due_on: string | null; amount: string; paid_amount: string; days_overdue: number;
}

/** An invoice's columns over `invoices inv`, its order `o` and company `co`; days past due counted from `today`. */
export const INVOICE_COLUMNS = (today: string) => sql`inv.id, inv.invoice_no, inv.order_id, o.order_no, inv.company_id, co.name as company_name, inv.kind,
  inv.issued_on::text as issued_on, inv.due_on::text as due_on, inv.amount::text as amount, inv.paid_amount::text as paid_amount,
  greatest(coalesce(${today}::date - inv.due_on, 0), 0)::int as days_overdue`;
export const INVOICE_FROM = sql`from invoices inv join orders o on o.id = inv.order_id join companies co on co.id = inv.company_id`;

export function toReceivableInvoice(r: InvoiceRow): ReceivableInvoiceDto {
  const amountCents = toCents(r.amount);
  const paidCents = toCents(r.paid_amount);
  return {
    id: Number(r.id), invoiceNo: r.invoice_no, orderId: Number(r.order_id), orderNo: r.order_no, companyId: Number(r.company_id), companyName: r.company_name,
    issuedOn: r.issued_on, dueOn: r.due_on, amount: centsText(amountCents), paidAmount: centsText(paidCents),
    unpaid: centsText(unpaidCents({ amountCents, paidCents })), daysOverdue: Number(r.days_overdue),
  };
}

/** The invoice if the member sees its customer (404 `invoiceNotFound` otherwise, as for an unknown id); `lock` takes its row lock. */
async function findInvoice(db: Db, actor: ScopedStaff, id: number, lock: boolean): Promise<InvoiceRow> {
  const [row] = rowsOf<InvoiceRow>(await db.execute(sql`select ${INVOICE_COLUMNS(businessToday())} ${INVOICE_FROM}
    where inv.id = ${id} and ${receivablesVisibleTo(actor, sql`inv.company_id`)} ${lock ? sql`for update of inv` : sql``}`));
  if (!row) throw new AppError(404, 'invoiceNotFound');
  return row;
}

async function paymentsOf(db: Db, invoiceId: number): Promise<InvoicePaymentDto[]> {
  const rows = await db.select({
    id: invoicePayments.id, invoiceId: invoicePayments.invoiceId, amount: invoicePayments.amount, receivedOn: invoicePayments.receivedOn,
    reference: invoicePayments.reference, staffName: staff.name, createdAt: invoicePayments.createdAt,
  })
    .from(invoicePayments).leftJoin(staff, eq(staff.id, invoicePayments.staffId))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.id));
  return rows.map((r) => ({ ...r, staffName: r.staffName ?? '', createdAt: r.createdAt.toISOString() }));
}

/** A blue invoice the member sees, with the payments received against it, oldest first. */
export async function listInvoicePayments(db: Db, actor: ScopedStaff, invoiceId: number): Promise<InvoicePaymentsDto> {
  const row = await findInvoice(db, actor, invoiceId, false);
  return { invoice: toReceivableInvoice(row), payments: await paymentsOf(db, invoiceId) };
}

/**
 * Records a payment received against a blue invoice: the rule (`paymentRefusal`) checked under the invoice's
 * row lock, the payment written and the invoice's paid amount raised in the same transaction, with an audit row
 * under the invoice's order (its history shows it).
 */
export async function recordPayment(db: Db, actor: ReceivablesStaff, invoiceId: number, input: PaymentInput): Promise<InvoicePaymentsDto> {
  return db.transaction(async (tx) => {
    const row = await findInvoice(tx, actor, invoiceId, true);
    if (row.kind !== 'blue') throw new AppError(409, 'invoiceNotPayable');
    const amountCents = toCents(input.amount);
    const invoice = { amountCents: toCents(row.amount), paidCents: toCents(row.paid_amount), issuedOn: row.issued_on };
    const refusal = paymentRefusal({ amountCents, receivedOn: input.receivedOn }, invoice, businessToday());
    if (refusal) {
      const field = refusal === 'paymentInFuture' || refusal === 'paymentBeforeIssue' ? 'receivedOn' : 'amount';
      throw new AppError(400, refusal, { field, unpaid: centsText(unpaidCents(invoice)), issuedOn: row.issued_on });
    }
    const [payment] = await tx.insert(invoicePayments).values({
      invoiceId, companyId: Number(row.company_id), amount: centsText(amountCents), receivedOn: input.receivedOn, reference: input.reference, staffId: actor.staffId,
    }).returning({ id: invoicePayments.id });
    const paid = centsText(invoice.paidCents + amountCents);
    await tx.update(invoices).set({ paidAmount: paid }).where(eq(invoices.id, invoiceId));
    await recordAudit(tx, actor.audit, {
      action: 'receivePayment', entity: 'order', entityId: Number(row.order_id), companyId: Number(row.company_id),
      before: { paidAmount: centsText(invoice.paidCents) }, after: { paidAmount: paid },
      note: { invoiceNo: row.invoice_no, paymentId: payment!.id, amount: centsText(amountCents), receivedOn: input.receivedOn, reference: input.reference },
    });
    return { invoice: toReceivableInvoice({ ...row, paid_amount: paid }), payments: await paymentsOf(tx, invoiceId) };
  });
}

/**
 * Reverses (deletes) a payment recorded in error, with the member's reason: the invoice's paid amount goes down
 * by it under the invoice's row lock, in one transaction with the audit row.
 */
export async function reversePayment(db: Db, actor: ReceivablesStaff, params: { invoiceId: number; paymentId: number; reason: string }): Promise<InvoicePaymentsDto> {
  return db.transaction(async (tx) => {
    const row = await findInvoice(tx, actor, params.invoiceId, true);
    const [payment] = await tx.delete(invoicePayments)
      .where(and(eq(invoicePayments.id, params.paymentId), eq(invoicePayments.invoiceId, params.invoiceId)))
      .returning({ amount: invoicePayments.amount, receivedOn: invoicePayments.receivedOn, reference: invoicePayments.reference });
    if (!payment) throw new AppError(404, 'paymentNotFound');
    const before = toCents(row.paid_amount);
    const after = before - toCents(payment.amount);
    // The kept sum equals its payments' (the same transactions write both), so it cannot go below zero.
    const paid = centsText(after > 0n ? after : 0n);
    await tx.update(invoices).set({ paidAmount: paid }).where(eq(invoices.id, params.invoiceId));
    await recordAudit(tx, actor.audit, {
      action: 'reversePayment', entity: 'order', entityId: Number(row.order_id), companyId: Number(row.company_id),
      before: { paidAmount: centsText(before) }, after: { paidAmount: paid },
      note: { invoiceNo: row.invoice_no, paymentId: params.paymentId, amount: payment.amount, receivedOn: payment.receivedOn, reference: payment.reference, reason: params.reason },
    });
    return { invoice: toReceivableInvoice({ ...row, paid_amount: paid }), payments: await paymentsOf(tx, params.invoiceId) };
  });
}
