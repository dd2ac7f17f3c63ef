import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { LIST_LINES_MAX } from '@/contracts/requisition-lists';
import type { Db } from '@/server/db/client';
import { requisitionListLines } from '@/server/db/schema';
import { serverMessages } from '@/server/messages';
import { streamXlsx } from '@/server/modules/exports/xlsx-stream';
import type { Lang } from '@/lib/lang';
import { lineDtos, lineQuery } from './lines';
import { loadList } from './lists';
import type { ListUser } from './rules';

const MONEY = '#,##0.00';

/** A list the user sees as an Excel workbook (every line, at most 500), with the buyer's prices of today. */
export async function exportList(db: Db, user: ListUser, id: number, lang: Lang): Promise<{ name: string; body: ReadableStream<Uint8Array> }> {
  const list = await loadList(db, user, id, 'view');
  const rows = await lineQuery(db).where(eq(requisitionListLines.listId, id)).orderBy(asc(requisitionListLines.sort), asc(requisitionListLines.id)).limit(LIST_LINES_MAX);
  const lines = await lineDtos(db, user, rows, lang);
  const m = serverMessages(lang).lists;
  const h = m.export;
  const body = streamXlsx<(typeof lines)[number]>({
    name: 'requisition_list', sheet: list.name, pages: (async function* () { yield lines; })(),
    columns: [
      { header: h.itemNo, width: 14, value: (r) => r.itemNo },
      { header: h.name, width: 32, value: (r) => r.name },
      { header: h.brand, width: 14, value: (r) => r.brand },
      { header: h.size, width: 10, value: (r) => r.size },
      { header: h.quantity, width: 8, value: (r) => r.num },
      { header: h.price, width: 12, format: MONEY, value: (r) => (r.price === null ? null : Number(r.price)) },
      { header: h.listPrice, width: 12, format: MONEY, value: (r) => (r.listPrice === null ? null : Number(r.listPrice)) },
      { header: h.stock, width: 8, value: (r) => r.stock },
      { header: h.leadTime, width: 10, value: (r) => r.leadTimeDays },
      { header: h.flags, width: 24, value: (r) => r.flags.map((f) => m.flags[f]).join(', ') },
      { header: h.note, width: 30, value: (r) => r.note },
    ],
  });
  return { name: list.name, body };
}
