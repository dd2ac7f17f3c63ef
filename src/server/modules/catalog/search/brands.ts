import 'server-only';
import { sql } from 'drizzle-orm';
import type { BrandCardDto } from '@/contracts/catalog';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { cleanKey } from './key';
import { clampLimit } from './products';
import { byLang, type Lang } from '@/lib/lang';
import { brandLogoUrl } from '../brands';

/** Brand search (type 4): Chinese or English name contains the key, case-insensitive; brands are few. */
export async function searchBrands(
  db: Db, q: { key: string; lang: Lang; offset: number; limit: number },
): Promise<{ items: BrandCardDto[]; total: number }> {
  const key = cleanKey(q.key);
  if (!key) return { items: [], total: 0 };
  const limit = clampLimit(q.limit, 100);
  const offset = Number.isFinite(q.offset) ? Math.min(1_000_000, Math.max(0, Math.trunc(q.offset))) : 0;
  const like = `%${escapeLike(key.toLowerCase())}%`;
  const nameCol = sql.raw(byLang(q.lang, { zh: 'name_zh', en: 'name_en' }));
  const rows = rowsOf<{ id: number; name_zh: string; name_en: string; logo_text: string; logo_path: string | null; country: string; authorised: boolean; total: number }>(
    await db.execute(sql`
      select id::int as id, name_zh, name_en, logo_text, logo_path, country, authorised, (count(*) over ())::int as total
      from brands
      where lower(name_zh) like ${like} or lower(name_en) like ${like}
      order by authorised desc, sort asc, ${nameCol} asc, id asc
      offset ${offset} limit ${limit}`),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const counted = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from brands where lower(name_zh) like ${like} or lower(name_en) like ${like}`));
    total = Number(counted[0]?.n ?? 0);
  }
  return {
    items: rows.map((r) => ({
      id: Number(r.id), name: byLang(q.lang, { zh: r.name_zh, en: r.name_en }), logoText: r.logo_text, logoUrl: brandLogoUrl(Number(r.id), r.logo_path), country: r.country, authorised: r.authorised === true,
    })),
    total,
  };
}
