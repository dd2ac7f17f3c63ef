import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import type { FilterInput } from './conditions';
import type { SearchTypeCode } from './key';
import { cappedMatchesSql, COUNT_CAP } from './capped';
import { prepareQuery } from './prepare';
import { withSearchSettings } from './settings';
import { byLang, type Lang } from '@/lib/lang';

export interface BrandFacetQuery extends Omit<FilterInput, 'brandIds'> {
  lang: Lang;
  key?: string;
  type?: SearchTypeCode;
}

/** At most this many brands in the facet list. */
export const MAX_FACETS = 50;

/**
 * Brands of the matching products with their counts, most products first. Counted over the
 * first COUNT_CAP + 1 matches like the total (ADR 0015): exact whenever the total is exact,
 * and a sample of the first 10,001 matches when the list says "10,000+".
 */
export async function brandFacets(db: Db, q: BrandFacetQuery): Promise<{ id: number; name: string; count: number }[]> {
  const query = await buildFacetQuery(db, q);
  if (!query) return [];
  const rows = await withSearchSettings(db, async (s) =>
    rowsOf<{ id: number; name_zh: string; name_en: string; n: number }>(await s.execute(query)));
  return rows.map((r) => ({ id: Number(r.id), name: byLang(q.lang, { zh: r.name_zh, en: r.name_en }), count: Number(r.n) }));
}

/** The facet query, or null when nothing can match. */
export async function buildFacetQuery(db: Db, q: BrandFacetQuery): Promise<SQL | null> {
  const prepared = await prepareQuery(db, { ...q, brandIds: undefined });
  if (prepared.empty) return null;
  return sql`
    select b.id::int as id, b.name_zh, b.name_en, m.n::int as n
    from (
      select brand_id, count(*) as n
      from (${cappedMatchesSql(prepared, { all: sql`p.id, p.brand_id` }, COUNT_CAP + 1)}) capped
      group by brand_id
    ) m
    join brands b on b.id = m.brand_id
    order by m.n desc, b.id asc
    limit ${MAX_FACETS}`;
}
