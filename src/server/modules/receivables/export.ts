import 'server-only';
import type { ReceivableRowDto, ReceivablesListInput } from '@/contracts/receivables';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import { EXPORT_PAGE, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listReceivables } from './ageing';

/** Every page of the ageing, one after another until a short one. */
async function* ageingPages(db: Db, actor: ScopedStaff, input: Omit<ReceivablesListInput, 'page' | 'pageSize'>): AsyncGenerator<ReceivableRowDto[]> {
  for (let page = 1; ; page += 1) {
    const { items } = await listReceivables(db, actor, { ...input, page, pageSize: EXPORT_PAGE });
    if (items.length > 0) yield items;
    if (items.length < EXPORT_PAGE) return;
  }
}

/** The ageing of the customers the member sees, in the list's order, as a streamed Excel workbook (every row). */
export function exportReceivables(db: Db, actor: ScopedStaff, input: Omit<ReceivablesListInput, 'page' | 'pageSize'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminReceivables;
  const amount = (v: string) => Number(v);
  const money = '#,##0.00';
  return streamXlsx<ReceivableRowDto>({
    name: 'receivables', sheet: m.title,
    pages: ageingPages(db, actor, input),
    columns: [
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName },
      { header: m.col.open, width: 14, format: money, value: (r) => amount(r.openAmount) },
      { header: m.bucket.notDue, width: 14, format: money, value: (r) => amount(r.buckets.notDue) },
      { header: m.bucket.d1to30, width: 14, format: money, value: (r) => amount(r.buckets.d1to30) },
      { header: m.bucket.d31to60, width: 14, format: money, value: (r) => amount(r.buckets.d31to60) },
      { header: m.bucket.d61to90, width: 14, format: money, value: (r) => amount(r.buckets.d61to90) },
      { header: m.bucket.over90, width: 14, format: money, value: (r) => amount(r.buckets.over90) },
      { header: m.col.invoices, width: 8, value: (r) => r.openInvoices },
      { header: m.col.creditDays, width: 10, value: (r) => r.creditDays },
      { header: m.col.creditLimit, width: 14, format: money, value: (r) => amount(r.creditLimit) },
      { header: m.col.heldOrders, width: 10, value: (r) => r.heldOrders },
    ],
  });
}
