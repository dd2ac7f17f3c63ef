import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { OrderListInput } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { orders, users } from '@/server/db/schema';
import { serverMessages } from '@/server/messages';
import { streamXlsx } from '@/server/modules/exports/xlsx-stream';
import type { Lang } from '@/lib/lang';
import type { OrderActor } from './access';
import { orderListCondition } from './queries';
import { businessCellTime } from '@/server/business-time';

/** At most this many orders go into one export (the newest). */
export const EXPORT_MAX_ROWS = 10_000;

const MONEY = '#,##0.00';

/**
 * The orders of a list's filters as an Excel workbook (newest first, capped). The rows are read
 * before the answer starts, so a failing query answers the error envelope; the workbook is then streamed.
 */
export async function exportOrders(db: Db, actor: OrderActor, input: Omit<OrderListInput, 'cursor' | 'limit'>, lang: Lang): Promise<ReadableStream<Uint8Array>> {
  const rows = await db
    .select({
      orderNo: orders.orderNo, status: orders.status, createdAt: orders.createdAt, buyer: users.name, poNumber: orders.poNumber,
      costCentre: orders.costCentre, lineCount: orders.lineCount, subtotal: orders.subtotal, taxAmount: orders.taxAmount, taxRate: orders.taxRate, taxIncluded: orders.taxIncluded, total: orders.total,
      invoiceType: orders.invoiceType, receiver: orders.receiver, region: orders.region, addressDetail: orders.addressDetail,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderListCondition(actor, input))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_MAX_ROWS);
  const m = serverMessages(lang).orders;
  const h = m.export;
  return streamXlsx<(typeof rows)[number]>({
    name: 'orders', sheet: h.sheet, pages: (async function* () { yield rows; })(),
    columns: [
      { header: h.orderNo, width: 20, value: (r) => r.orderNo },
      { header: h.createdAt, width: 17, format: 'yyyy-mm-dd hh:mm', value: (r) => businessCellTime(r.createdAt) },
      { header: h.status, width: 10, value: (r) => m.status[r.status] },
      { header: h.buyer, width: 12, value: (r) => r.buyer },
      { header: h.poNumber, width: 16, value: (r) => r.poNumber },
      { header: h.costCentre, width: 16, value: (r) => r.costCentre },
      { header: h.lines, width: 6, value: (r) => r.lineCount },
      { header: h.subtotal, width: 12, format: MONEY, value: (r) => Number(r.subtotal) },
      { header: h.tax, width: 10, format: MONEY, value: (r) => Number(r.taxAmount) },
      { header: h.total, width: 12, format: MONEY, value: (r) => Number(r.total) },
      { header: h.invoice, width: 16, // An order made before ADR 0065 names the rate its invoice added; since then the tax is included whatever the invoice.
      value: (r) => `${m.invoice[r.invoiceType]}${r.invoiceType !== 'none' && !r.taxIncluded ? ` ${Number(r.taxRate)}%` : ''}` },
      { header: h.address, width: 48, value: (r) => `${r.receiver} ${r.region} ${r.addressDetail}` },
    ],
  });
}
