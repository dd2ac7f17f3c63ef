import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import type { FilterInput } from './conditions';
import type { SearchTypeCode } from './key';
import { cappedMatchesSql, countCapOf } from './capped';
import { prepareQuery } from './prepare';
import { withSearchSettings } from './settings';
import { scopeFacetsSql } from './summary';
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
 * first `countCapOf` + 1 matches like the total (ADR 0015, 0107): exact whenever the total is
 * exact, and a sample of the first 1,001 matches when a search says "1,000+".
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
  // A list without a key: every match's brand from the kept counts (ADR 0078), exact at any size.
  if (prepared.scope) return scopeFacetsSql(prepared.scope);
  return sql`
    select b.id::int as id, b.name_zh, b.name_en, m.n::int as n
    from (
      select brand_id, count(*) as n
      from (${cappedMatchesSql(prepared, { all: sql`p.id, p.brand_id` }, countCapOf(prepared) + 1)}) capped
      group by brand_id
    ) m
    join brands b on b.id = m.brand_id
    order by m.n desc, b.id asc
    limit ${MAX_FACETS}`;
}

/** A brand of the matches with its count, as the one-pass search gives it. */
export interface PageFacet {
  id: number;
  nameZh: string;
  nameEn: string;
  count: number;
}

type FacetsJson = { id: number; zh: string; en: string; n: number }[];
/** The facets column of a ranked page's first row: JSON (postgres.js and PGlite parse it; a driver may give the text). */
export type FacetsColumn = FacetsJson | string | null;

/**
 * The ranked page's statement: `with <ctes> <page>`, and with facets the brands of the first
 * `cap` + 1 of `facetRows` (the matches the total counts) as JSON on the page's first row
 * (an init plan: counted once, and only when the page has a row).
 */
export function withFacets({ facets, cap }: { facets: boolean; cap: number }, ctes: SQL, facetRows: SQL, page: SQL): SQL {
  if (!facets) return sql`with ${ctes} ${page}`;
  return sql`
    with ${ctes},
    page as (${page})
    select r.id, r.tier, r.rank, r.n, case when r.i = 1 then (
      select coalesce(json_agg(json_build_object('id', b.id, 'zh', b.name_zh, 'en', b.name_en, 'n', g.n) order by g.n desc, b.id), '[]'::json)
      from (
        select x.brand_id, count(*)::int as n
        from (${facetRows} limit ${cap + 1}) x
        group by x.brand_id
        order by n desc, x.brand_id
        limit ${MAX_FACETS}
      ) g
      join brands b on b.id = g.brand_id
    ) end as facets
    from (select page.*, row_number() over () as i from page) r
    order by r.i`;
}

/** The facets a ranked page brought on its first row, if it was asked for them. */
export function facetsOf(row: { facets?: FacetsColumn } | undefined): PageFacet[] | undefined {
  if (!row || row.facets === undefined || row.facets === null) return undefined;
  const list = typeof row.facets === 'string' ? (JSON.parse(row.facets) as FacetsJson) : row.facets;
  return list.map((f) => ({ id: Number(f.id), nameZh: f.zh, nameEn: f.en, count: Number(f.n) }));
}
