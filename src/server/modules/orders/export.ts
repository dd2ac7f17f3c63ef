import 'server-only';
import { desc, eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import type { OrderListInput } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { orders, users } from '@/server/db/schema';
import { serverMessages } from '@/server/messages';
import type { Lang } from '@/lib/lang';
import type { OrderActor } from './access';
import { orderListCondition } from './queries';

/** At most this many orders go into one export (the newest). */
export const EXPORT_MAX_ROWS = 10_000;

const INVOICE_PERCENT = { none: '', ordinary: '3%', special: '6%' } as const;

/** The orders of a list's filters as an Excel workbook (newest first, capped). */
export async function exportOrders(db: Db, actor: OrderActor, input: Omit<OrderListInput, 'cursor' | 'limit'>, lang: Lang): Promise<Buffer> {
  const rows = await db
    .select({
      orderNo: orders.orderNo, status: orders.status, createdAt: orders.createdAt, buyer: users.name, poNumber: orders.poNumber,
      costCentre: orders.costCentre, lineCount: orders.lineCount, subtotal: orders.subtotal, taxAmount: orders.taxAmount, total: orders.total,
      invoiceType: orders.invoiceType, receiver: orders.receiver, region: orders.region, addressDetail: orders.addressDetail,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderListCondition(actor, input))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_MAX_ROWS);
  const m = serverMessages(lang).orders;
  const h = m.export;
  const header = [h.orderNo, h.createdAt, h.status, h.buyer, h.poNumber, h.costCentre, h.lines, h.subtotal, h.tax, h.total, h.invoice, h.address]
    .map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = rows.map((r) => [
    r.orderNo,
    { value: r.createdAt, type: Date, format: 'yyyy-mm-dd hh:mm' },
    m.status[r.status],
    r.buyer,
    r.poNumber,
    r.costCentre,
    r.lineCount,
    { value: Number(r.subtotal), type: Number, format: '#,##0.00' },
    { value: Number(r.taxAmount), type: Number, format: '#,##0.00' },
    { value: Number(r.total), type: Number, format: '#,##0.00' },
    `${m.invoice[r.invoiceType]} ${INVOICE_PERCENT[r.invoiceType]}`.trim(),
    `${r.receiver} ${r.region} ${r.addressDetail}`,
  ]);
  return writeXlsxFile([header, ...data], {
    sheet: h.sheet,
    columns: [{ width: 20 }, { width: 17 }, { width: 10 }, { width: 12 }, { width: 16 }, { width: 16 }, { width: 6 }, { width: 12 }, { width: 10 }, { width: 12 }, { width: 16 }, { width: 48 }],
    stickyRowsCount: 1,
  }).toBuffer();
}
