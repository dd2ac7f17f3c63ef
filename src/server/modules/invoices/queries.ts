import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceDto, OrderInvoicingDto, StaffInvoiceDto } from '@/contracts/invoices';
import { centsToMoney, moneyToCents } from '@/contracts/money';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { businessDay } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { stampOf } from '@/server/db/keyset';
import { invoices, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { visibleOrders, type OrderActor } from '@/server/modules/orders/access';
import { invoiceBlockOf, invoiceSums, loadInvoiceOrder } from './order';

interface InvoiceRow {
  id: number; invoice_no: string; kind: InvoiceDto['kind']; invoice_type: InvoiceDto['invoiceType']; issued_on: string; due_on: string | null;
  amount: string; tax_amount: string; paid_amount: string; corrected: string; corrects_id: number | null; corrects_no: string | null;
  complaint_id: number | null; complaint_no: string | null; credit_no: string | null; file_name: string; size: number; sha256: string;
  staff_name: string | null; stamp: string;
}

/** An order's invoices, blue and red-letter, in the order they were recorded. */
async function invoiceRows(db: Db, orderId: number): Promise<InvoiceRow[]> {
  return rowsOf<InvoiceRow>(await db.execute(sql`
    select i.id, i.invoice_no, i.kind, i.invoice_type, i.issued_on::text as issued_on, i.due_on::text as due_on,
      i.amount::text as amount, i.tax_amount::text as tax_amount, i.paid_amount::text as paid_amount,
      coalesce((select sum(r.amount) from invoices r where r.corrects_id = i.id), 0)::numeric(12,2)::text as corrected,
      i.corrects_id, b.invoice_no as corrects_no, i.complaint_id, k.complaint_no, n.credit_no, i.file_name, i.size, i.sha256,
      s.name as staff_name, ${stampOf(sql`i.created_at`)} as stamp
    from invoices i
    left join invoices b on b.id = i.corrects_id
    left join complaints k on k.id = i.complaint_id
    left join credit_notes n on n.id = i.credit_note_id
    left join staff s on s.id = i.staff_id
    where i.order_id = ${orderId}
    order by i.id`));
}

const toInvoice = (r: InvoiceRow): InvoiceDto => ({
  id: Number(r.id), invoiceNo: r.invoice_no, kind: r.kind, invoiceType: r.invoice_type, issuedOn: r.issued_on, dueOn: r.due_on,
  amount: r.amount, taxAmount: r.tax_amount, correctsId: r.corrects_id === null ? null : Number(r.corrects_id), correctsNo: r.corrects_no,
  complaintId: r.complaint_id === null ? null : Number(r.complaint_id), complaintNo: r.complaint_no, creditNo: r.credit_no,
  fileName: r.file_name, size: Number(r.size), createdAt: r.stamp,
});

/** An order's invoices as finance reads them. */
export async function staffInvoicesOf(db: Db, orderId: number): Promise<StaffInvoiceDto[]> {
  return (await invoiceRows(db, orderId)).map((r) => ({
    ...toInvoice(r), paidAmount: r.paid_amount, correctedAmount: r.corrected, sha256: r.sha256, staffName: r.staff_name ?? '',
  }));
}

/** The order's invoicing for its record: the request's state, what is left to invoice, the invoices and the credit notes of its complaints. */
export async function getOrderInvoicing(db: Db, actor: ScopedStaff, id: number): Promise<OrderInvoicingDto> {
  const order = await loadInvoiceOrder(db, actor, id);
  const [list, sums, notes] = await Promise.all([
    staffInvoicesOf(db, order.id),
    invoiceSums(db, order.id),
    db.execute(sql`
      select k.id as complaint_id, k.complaint_no, n.credit_no, n.amount_cents::text as amount,
        coalesce((select sum(round(r.amount * 100)) from invoices r where r.credit_note_id = n.id), 0)::text as corrected
      from credit_notes n join complaints k on k.id = n.complaint_id where n.order_id = ${order.id} order by n.id`),
  ]);
  const block = invoiceBlockOf(order);
  return {
    invoiceStatus: order.invoice_status, canRecord: block === null, blockedBy: block, requestedType: order.invoice_type, total: order.total,
    uninvoiced: centsToMoney(Math.max(0, moneyToCents(order.total) - (sums.blue - sums.red))),
    placedOn: order.placed ? businessDay(order.placed) : null,
    invoices: list,
    creditNotes: rowsOf<{ complaint_id: number; complaint_no: string; credit_no: string; amount: string; corrected: string }>(notes).map((n) => ({
      complaintId: Number(n.complaint_id), complaintNo: n.complaint_no, creditNo: n.credit_no,
      amount: centsToMoney(Number(n.amount)), correctedAmount: centsToMoney(Number(n.corrected)),
    })),
  };
}

export interface InvoiceFile { key: string; name: string; type: string }

/** An invoice's file, when the member sees its order (404 otherwise). */
export async function staffInvoiceFile(db: Db, actor: ScopedStaff, orderId: number, invoiceId: number): Promise<InvoiceFile> {
  const order = await loadInvoiceOrder(db, actor, orderId);
  const [row] = await db.select({ key: invoices.storageKey, name: invoices.fileName, type: invoices.mime }).from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.orderId, order.id)));
  if (!row) throw new AppError(404, 'invoiceNotFound');
  return row;
}

/** The invoices of an order the customer may see (their company's, in the query; 404 otherwise). */
export async function listMyInvoices(db: Db, actor: OrderActor, orderId: number): Promise<InvoiceDto[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), visibleOrders(actor)));
  if (!order) throw new AppError(404, 'orderNotFound');
  return (await invoiceRows(db, order.id)).map(toInvoice);
}

/** The file of an invoice of an order the customer may see (404 otherwise, as for one that does not exist). */
export async function myInvoiceFile(db: Db, actor: OrderActor, invoiceId: number): Promise<InvoiceFile> {
  const [row] = await db.select({ key: invoices.storageKey, name: invoices.fileName, type: invoices.mime }).from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, actor.companyId), visibleOrders(actor)));
  if (!row) throw new AppError(404, 'invoiceNotFound');
  return row;
}
