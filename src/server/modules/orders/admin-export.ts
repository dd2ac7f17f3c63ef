import 'server-only';
import type { OrderDeskListInput, OrderDeskRowDto } from '@/contracts/orders-admin';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listOrderDesk } from './admin-queries';
import { businessCellTime } from '@/server/business-time';

/** The orders of a list's filters that the member sees, in the list's order, as a streamed Excel workbook (every row). */
export function exportOrderDesk(db: Db, actor: ScopedStaff, input: Omit<OrderDeskListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminOrders;
  const f = serverMessages(lang).adminAllocation;
  const yes = (v: boolean) => (v ? m.yes : '');
  return streamXlsx<OrderDeskRowDto>({
    name: 'orders', sheet: m.title,
    pages: keysetPages((cursor) => listOrderDesk(db, actor, { ...input, cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.orderNo, width: 20, value: (r) => r.orderNo },
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.buyer, width: 12, value: (r) => r.buyerName },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName },
      { header: m.col.status, width: 10, value: (r) => m.status[r.status] },
      { header: m.col.lines, width: 8, value: (r) => r.lineCount },
      { header: m.col.total, width: 14, format: '#,##0.00', value: (r) => Number(r.total) },
      { header: m.col.delivery, width: 10, value: (r) => m.delivery[r.deliveryMethod] },
      { header: m.col.hazardous, width: 8, value: (r) => yes(r.hazardous) },
      { header: m.col.backorder, width: 8, value: (r) => yes(r.backorder) },
      { header: f.fulfilment, width: 10, value: (r) => (r.fulfilment === 'none' ? '' : f.states[r.fulfilment]) },
      { header: m.col.createdAt, width: 18, format: 'yyyy-mm-dd hh:mm', value: (r) => businessCellTime(r.createdAt) },
    ],
  });
}
