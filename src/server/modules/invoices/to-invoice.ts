import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { TO_INVOICE_COUNT_CAP, type ToInvoiceListInput, type ToInvoiceRowDto } from '@/contracts/invoices';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { businessCellTime } from '@/server/business-time';
import type { Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { escapeLike } from '@/server/db/like';
import { serverMessages } from '@/server/messages';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { orderVisibleToStaff } from '@/server/modules/orders/admin-queries';
import { ORDER_NO } from '@/server/modules/orders/queries';

/**
 * The orders finance still has to invoice (ADR 0074): placed, shipped or delivered — the goods have left,
 * so the sale's VAT is due — whose buyer asked for an invoice at checkout and which have none yet
 * (`invoice_status` 'requested'; an order whose invoices were all reversed is not listed: it is re-issued
 * from its record when the buyer asks). Through the invoice state's index, in the order desk's scope.
 */
function toInvoiceFilters(actor: ScopedStaff, input: Omit<ToInvoiceListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const list = [
    sql`o.invoice_status = 'requested'`, sql`o.status = 'placed'`,
    input.fulfilment ? sql`o.fulfilment = ${input.fulfilment}` : sql`o.fulfilment in ('shipped', 'delivered')`,
    orderVisibleToStaff(actor),
  ];
  if (input.invoiceType) list.push(sql`o.invoice_type = ${input.invoiceType}`);
  if (input.key) {
    list.push(ORDER_NO.test(input.key)
      ? sql`o.order_no like ${`${escapeLike(input.key.toUpperCase())}%`}`
      : sql`o.company_id in (select c.id from companies c where c.name ilike ${`%${escapeLike(input.key)}%`})`);
  }
  return list;
}

interface Row {
  id: number; order_no: string; company_name: string; invoice_type: ToInvoiceRowDto['invoiceType']; invoice_title: string; tax_no: string; total: string;
  fulfilment: ToInvoiceRowDto['fulfilment']; placed: string | null; shipped: string | null; delivered: string | null; stamp: string;
}

const toRow = (r: Row): ToInvoiceRowDto => ({
  id: Number(r.id), orderNo: r.order_no, companyName: r.company_name, invoiceType: r.invoice_type, invoiceTitle: r.invoice_title, taxNo: r.tax_no,
  total: r.total, fulfilment: r.fulfilment, placedAt: r.placed, shippedAt: r.shipped, deliveredAt: r.delivered, createdAt: r.stamp,
});

/** One keyset page of the orders to invoice, newest or largest first, with their count (capped). */
export function listToInvoice(db: Db, actor: ScopedStaff, input: ToInvoiceListInput): Promise<KeysetList<ToInvoiceRowDto>> {
  return keysetList(db, input, {
    select: sql`select o.id, o.order_no, co.name as company_name, o.invoice_type, o.invoice_title, o.tax_no, o.total::text as total, o.fulfilment,
      ${stampOf(sql`o.placed_at`)} as placed, ${stampOf(sql`o.shipped_at`)} as shipped, ${stampOf(sql`o.delivered_at`)} as delivered, ${stampOf(sql`o.created_at`)} as stamp
      from orders o join companies co on co.id = o.company_id`,
    from: sql`from orders o`, filters: toInvoiceFilters(actor, input), id: sql`o.id`, createdAt: sql`o.created_at`,
    amount: { sort: 'amount', column: sql`o.total`, of: (row) => row.total }, toItem: toRow, countCap: TO_INVOICE_COUNT_CAP,
  });
}

/** The report as a streamed Excel workbook (every row), times as the business zone's wall clock. */
export function exportToInvoice(db: Db, actor: ScopedStaff, input: Omit<ToInvoiceListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminInvoices;
  const time = (v: string | null) => (v ? businessCellTime(v) : null);
  return streamXlsx<ToInvoiceRowDto>({
    name: 'to-invoice', sheet: m.toInvoice.title,
    pages: keysetPages((cursor) => listToInvoice(db, actor, { ...input, cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.orderNo, width: 20, value: (r) => r.orderNo },
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.invoiceType, width: 12, value: (r) => m.types[r.invoiceType] },
      { header: m.col.invoiceTitle, width: 30, value: (r) => r.invoiceTitle },
      { header: m.col.taxNo, width: 22, value: (r) => r.taxNo },
      { header: m.col.total, width: 14, format: '#,##0.00', value: (r) => Number(r.total) },
      { header: m.col.fulfilment, width: 10, value: (r) => m.fulfilment[r.fulfilment] },
      { header: m.col.placedAt, width: 18, format: 'yyyy-mm-dd hh:mm', value: (r) => time(r.placedAt) },
      { header: m.col.shippedAt, width: 18, format: 'yyyy-mm-dd hh:mm', value: (r) => time(r.shippedAt) },
      { header: m.col.deliveredAt, width: 18, format: 'yyyy-mm-dd hh:mm', value: (r) => time(r.deliveredAt) },
    ],
  });
}
