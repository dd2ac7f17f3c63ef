import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/migrate';
import type { Lang } from './conditions';
import { prepareQuery } from './products';

export interface Suggestion {
  id: number;
  itemNo: string;
  name: string;
  cas: string | null;
}

/**
 * Top-N products while the user types: exact and prefix item numbers and CAS numbers first,
 * then names by similarity. No count and no cursor, so it costs one query.
 */
export async function suggestProducts(db: Db, q: { key: string; lang: Lang; limit: number }): Promise<Suggestion[]> {
  const limit = Math.min(20, Math.max(1, Math.trunc(q.limit)));
  const prepared = await prepareQuery(db, { key: q.key });
  if (prepared.empty || !prepared.key) return [];
  const rows = rowsOf<{ id: number; item_no: string; name_zh: string; name_en: string; cas: string | null }>(await db.execute(sql`
    select p.id::int as id, p.item_no, p.name_zh, p.name_en, p.cas
    from products p
    where ${prepared.where}
    order by ${prepared.key.tier} asc, ${prepared.key.score} desc, p.id asc
    limit ${limit}`));
  return rows.map((r) => ({ id: Number(r.id), itemNo: r.item_no, name: q.lang === 'en' ? r.name_en : r.name_zh, cas: r.cas }));
}
