import 'server-only';
import { sql } from 'drizzle-orm';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { stampOf } from '@/server/db/keyset';
import type { FulfilmentStatus, InvoiceType, OrderInvoiceStatus, OrderStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { orderVisibleToStaff } from '@/server/modules/orders/admin-queries';

/** The order as invoicing reads it (ADR 0074). */
export interface InvoiceOrderRow {
  id: number; order_no: string; company_id: number; status: OrderStatus; fulfilment: FulfilmentStatus; invoice_type: InvoiceType;
  invoice_status: OrderInvoiceStatus; total: string; placed: string | null; credit_days: number;
}

/**
 * Why an invoice may not be recorded on the order now (null: it may): the buyer asked for one, and the order
 * is placed and not held by finance. Any stage of the warehouse's work will do — buyers such as universities
 * pay against the invoice, so it is often issued before the goods leave (先票后款).
 */
export function invoiceBlockOf(o: Pick<InvoiceOrderRow, 'status' | 'fulfilment' | 'invoice_type'>): 'notRequested' | 'notPlaced' | 'held' | null {
  if (o.invoice_type === 'none') return 'notRequested';
  if (o.status !== 'placed') return 'notPlaced';
  if (o.fulfilment === 'held') return 'held';
  return null;
}

/** The order as invoicing reads it, when the member sees it (404 `orderNotFound` otherwise); `lock` takes its row lock. */
export async function loadInvoiceOrder(db: Db, actor: ScopedStaff, id: number, lock = false): Promise<InvoiceOrderRow> {
  const [row] = rowsOf<InvoiceOrderRow>(await db.execute(sql`
    select o.id, o.order_no, o.company_id, o.status, o.fulfilment, o.invoice_type, o.invoice_status, o.total::text as total,
      ${stampOf(sql`o.placed_at`)} as placed, co.credit_days
    from orders o join companies co on co.id = o.company_id
    where o.id = ${id} and ${orderVisibleToStaff(actor)} ${lock ? sql`for update of o` : sql``}`));
  if (!row) throw new AppError(404, 'orderNotFound');
  return { ...row, id: Number(row.id), company_id: Number(row.company_id), credit_days: Number(row.credit_days) };
}

/** The order's blue and red-letter sums, in cents. */
export async function invoiceSums(db: Db, orderId: number): Promise<{ blue: number; red: number }> {
  const [row] = rowsOf<{ blue: string; red: string }>(await db.execute(sql`
    select coalesce(sum(round(amount * 100)) filter (where kind = 'blue'), 0)::text as blue,
      coalesce(sum(round(amount * 100)) filter (where kind = 'red'), 0)::text as red
    from invoices where order_id = ${orderId}`));
  return { blue: Number(row?.blue ?? 0), red: Number(row?.red ?? 0) };
}
