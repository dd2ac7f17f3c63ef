import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { BrandFacetDto } from '@/contracts/catalog-browse';
import { byLang, type Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { COUNT_CAP } from '@/server/modules/catalog/search/capped';
import { intArray } from '@/server/modules/catalog/search/conditions';
import { MAX_FACETS } from '@/server/modules/catalog/search/facets';

/**
 * The brand facets of a structure search, as the other searches count theirs (ADR 0015): the brands
 * of the matching substances' products under every filter but the brand one, counted over the first
 * COUNT_CAP + 1 of them, most products first, at most MAX_FACETS.
 */
export async function structureBrandFacets(db: Db, substanceIds: readonly number[], filters: SQL, lang: Lang): Promise<BrandFacetDto[]> {
  if (substanceIds.length === 0) return [];
  const rows = rowsOf<{ id: number; name_zh: string; name_en: string; n: number }>(await db.execute(sql`
    select b.id::int as id, b.name_zh, b.name_en, m.n::int as n
    from (
      select c.brand_id, count(*) as n
      from (select p.brand_id from products p where p.substance_id = any(${intArray(substanceIds)}) and ${filters} limit ${COUNT_CAP + 1}) c
      group by c.brand_id
    ) m
    join brands b on b.id = m.brand_id
    order by m.n desc, b.id asc
    limit ${MAX_FACETS}`));
  return rows.map((r) => ({ id: Number(r.id), name: byLang(lang, { zh: r.name_zh, en: r.name_en }), count: Number(r.n) }));
}
