import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import {
  BUCKET_MARK, SEARCH_BUCKET, chunksTemplate, gramSourceSql, hasTrigramLetter, longGramsQuery, searchGramsSql, searchLongGramsSql,
  searchSubstringsSql, searchTextPlainSql, substringQuery, trigramKey,
} from '@/server/db/schema/search-sql';
import { escapeLike } from '@/server/db/like';
import type { KeyPlan } from './key';
import { planName } from './name-plan';
import { nameStatistics, type NameStatistics } from './statistics';

export type ProductFlag = 'hot' | 'new' | 'special';

export interface FilterInput {
  flag?: ProductFlag;
  /**
   * Whether a flag counts only inside the product's promotion window (ADR 0030): true (the default)
   * for the storefront's lists; the back-office filters by the stored flag.
   */
  flagWindow?: boolean;
  categoryId?: number;
  brandIds?: number[];
  inStock?: boolean;
}

/** Most brands one key can pull in; brands are few, but the list must stay a small parameter. */
const MAX_KEY_BRANDS = 50;

const FLAG_SQL: Record<ProductFlag, SQL> = {
  hot: sql.raw('p.is_hot'),
  new: sql.raw('p.is_new'),
  special: sql.raw('p.is_special'),
};

/**
 * The flags' promotion window holds now (ADR 0030): a condition on the row the flag's partial index
 * already led to, so the flagged lists still read their index (products_*_newest_idx).
 */
export const PROMOTION_WINDOW_SQL: SQL = sql.raw('(p.promo_starts_at is null or p.promo_starts_at <= now()) and (p.promo_ends_at is null or p.promo_ends_at > now())');

/** A category of any level and all its descendants (the tree is small: one recursive query). */
export async function categoryWithDescendants(db: Db, categoryId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`
    with recursive tree as (
      select id from categories where id = ${categoryId}
      union all
      select c.id from categories c join tree t on c.parent_id = t.id
    )
    select id::int as id from tree limit 10000`));
  return rows.map((r) => Number(r.id));
}

/**
 * What a name search reads before its query, in one round trip: the brands whose Chinese or English
 * name contains the key (case-insensitive), and the last bucket of the substring lexemes — ids
 * only grow, so it is the newest product's, one entry of the primary key (ADR 0014 §12).
 */
export async function nameSearchFacts(db: Db, key: string): Promise<{ brandIds: number[]; last: number; stats: NameStatistics | null }> {
  const like = `%${escapeLike(key.toLowerCase())}%`;
  const rows = rowsOf<{ last: number; brands: string | null }>(await db.execute(sql`
    select (select coalesce(max(id), 0) / ${sql.raw(String(SEARCH_BUCKET))} from products)::int as last,
      (select string_agg(id::text, ',') from (
        select id from brands where lower(name_zh) like ${like} or lower(name_en) like ${like} order by id limit ${MAX_KEY_BRANDS}
      ) b) as brands`));
  const row = rows[0];
  const last = Number(row?.last ?? 0);
  return {
    brandIds: row?.brands ? row.brands.split(',').map(Number) : [],
    last,
    // The substrings' statistics (ADR 0077): in process memory, read again every few minutes.
    stats: await nameStatistics(db, last),
  };
}

const MAX_INT4 = 2_147_483_647;

/** An id that PostgreSQL's integer can hold; anything else matches nothing. */
export function isValidId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_INT4;
}

/** The filters as read: the category expanded to its descendants, the brands checked. */
export interface FilterScope {
  categoryIds: number[] | null;
  brandIds: number[] | null;
}

/**
 * WHERE conditions of the filters (always with `p.active`), or null when a filter cannot match
 * anything (an unknown category), so the caller answers without a query. `scope`, when given,
 * receives the expanded categories and the brands (the kept counts read them, ADR 0078).
 */
export async function filterConditions(db: Db, f: FilterInput, scope?: FilterScope): Promise<SQL[] | null> {
  const conditions: SQL[] = [sql.raw('p.active')];
  if (f.flag) {
    conditions.push(FLAG_SQL[f.flag]);
    if (f.flagWindow !== false) conditions.push(PROMOTION_WINDOW_SQL);
  }
  if (f.categoryId !== undefined) {
    if (!isValidId(f.categoryId)) return null;
    const ids = await categoryWithDescendants(db, f.categoryId);
    if (ids.length === 0) return null;
    conditions.push(ids.length === 1 ? sql`p.category_id = ${ids[0]}` : sql`p.category_id = any(${intArray(ids)})`);
    if (scope) scope.categoryIds = ids;
  }
  if (f.brandIds && f.brandIds.length > 0) {
    const ids = [...new Set(f.brandIds)].filter(isValidId);
    if (ids.length === 0) return null;
    conditions.push(ids.length === 1 ? sql`p.brand_id = ${ids[0]}` : sql`p.brand_id = any(${intArray(ids)})`);
    if (scope) scope.brandIds = ids;
  }
  // The stored fact (migration 0010): one column of the row already read, not a probe of its packs per row.
  if (f.inStock) conditions.push(sql`p.in_stock`);
  return conditions;
}

/** An integer array parameter that both drivers bind the same way. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
}

/** A text array parameter (elements quoted, so any character is safe). */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

export interface KeyConditions {
  /** The match: any of the key's paths (OR), in the indexable form. */
  match: SQL;
  /** Relevance tier of a matching row: 0 exact item number, 1 exact CAS, 2 prefix, 3 name, 4 brand only. */
  tier: SQL;
  /** The tier of a row found through the name path (3, unless the key also searches numbers). */
  nameTier: SQL;
  /** Relevance inside a tier (lower first; 0 for an exact name), computed per row; ordered after the tier. */
  rank: SQL;
  /**
   * The rows that must never be cut from a result past the count cap: exact and prefix item and
   * CAS numbers and exact names, each through its own index (ADR 0015).
   */
  head: SQL | null;
  /**
   * `match` with the name path as strpos instead of the index operator: what the walk of a sort's
   * index tests on each row it reads (the index expression would be computed per row).
   */
  scanMatch: SQL;
  /**
   * The match split for reading the name path bucket by bucket (ADR 0014 §12): the name path of
   * one bucket, the number paths (item and CAS) as one condition, and the brand path. Null when the
   * name path is not read through the substring lexemes. `oneBrand`: the brand path is one brand,
   * whose products its index gives in id order. `oneScan`: the name path of every bucket in one
   * condition, when the statistics expect few candidates (ADR 0077); `cappedMatchesSql` takes its
   * rows only when they are fewer than the cap (then they are all the matches), else reads the buckets.
   */
  buckets: { name: (bucket: SQL) => SQL; oneScan: SQL | null; numbers: SQL | null; brands: SQL | null; oneBrand: boolean; last: number } | null;
}

/** The tsquery of one bucket from a `substringQuery` template (chr(3) is BUCKET_MARK). */
function bucketQuery(template: string, bucket: SQL): SQL {
  return sql`replace(${template}, chr(3), (${bucket})::text)::tsquery`;
}

/** The tsquery of buckets 0…last (for queries over all matches: sorted lists, facets). */
function allBucketsQuery(template: string, last: number): SQL {
  const parts = Array.from({ length: last + 1 }, (_, b) => `(${template.split(BUCKET_MARK).join(String(b))})`);
  return sql`${parts.join(' | ')}::tsquery`;
}

/** The largest rank a cursor carries (cursor.ts); no catalogue text comes near it. */
const RANK_MAX = 99_999;

const CJK_ONLY = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/u;

/**
 * Whether a 1–2 character key is read through the substring lexemes (Chinese characters, which only
 * the Chinese name and synonyms hold) rather than the grams (ADR 0014 §12).
 */
export function cjkOnly(key: string): boolean {
  return CJK_ONLY.test(key);
}

/** The SQL of a key plan; `brandIds` are the brands whose name matched the key. */
export function keyConditions(plan: KeyPlan, brandIds: readonly number[], last = 0, stats: NameStatistics | null = null): KeyConditions | null {
  const paths: SQL[] = [];
  const tiers: { tier: number; cond: SQL }[] = [];
  const itemPrefix = plan.itemNo ? `${escapeLike(plan.itemNo)}%` : null;
  const casPrefix = plan.casPrefix ? `${escapeLike(plan.casPrefix)}%` : null;
  if (plan.itemNo && itemPrefix) {
    paths.push(sql`p.item_no like ${itemPrefix}`);
    tiers.push({ tier: 0, cond: sql`p.item_no = ${plan.itemNo}` });
  }
  if (plan.casExact) {
    paths.push(sql`p.cas = ${plan.casExact}`);
    tiers.push({ tier: 1, cond: sql`p.cas = ${plan.casExact}` });
  }
  if (plan.formulas && plan.formulas.length > 0) {
    // Through products_formula_idx; ranked with exact CAS numbers (one substance, its brands and grades).
    const formula = plan.formulas.length === 1 ? sql`p.formula = ${plan.formulas[0]}` : sql`p.formula = any(${textArray(plan.formulas)})`;
    paths.push(formula);
    tiers.push({ tier: 1, cond: formula });
  }
  if (plan.substanceIds && plan.substanceIds.length > 0) {
    // A SMILES, InChI or InChIKey of a stored structure (ADR 0075): its products, through products_substance_idx.
    const substance = sql`p.substance_id = any(${intArray(plan.substanceIds)})`;
    paths.push(substance);
    tiers.push({ tier: 1, cond: substance });
  }
  if (plan.mdl) {
    const mdl = sql`p.mdl = ${plan.mdl}`;
    paths.push(mdl);
    tiers.push({ tier: 1, cond: mdl });
  }
  const prefixes: SQL[] = [];
  if (itemPrefix) prefixes.push(sql`p.item_no like ${itemPrefix}`);
  if (casPrefix) {
    paths.push(sql`p.cas like ${casPrefix}`);
    prefixes.push(sql`p.cas like ${casPrefix}`);
  }
  if (prefixes.length > 0) tiers.push({ tier: 2, cond: prefixes.length === 1 ? (prefixes[0] as SQL) : sql`(${sql.join(prefixes, sql` or `)})` });
  const nameKey = plan.nameLike ?? plan.nameGram;
  // The name path three ways: `index` for WHERE, `scan` (strpos, no index) for a walk that reads
  // rows in another order, and `inBucket` for one bucket of the substring lexemes (ADR 0014 §12).
  let name: { index: SQL; scan: SQL; inBucket: ((bucket: SQL) => SQL) | null; oneScan: SQL | null } | null = null;
  const substrings = plan.nameLike ?? (plan.nameGram && cjkOnly(plan.nameGram) ? plan.nameGram : null);
  if (substrings) {
    // search_text holds separators as letters (search-sql.ts), so the key is translated too.
    const translated = trigramKey(substrings);
    const { template } = substringQuery(translated);
    const contains = sql`strpos(p.search_text, ${translated}) > 0`;
    // A key holding one of those letters itself is checked on the untranslated text as well.
    const plain = hasTrigramLetter(substrings) ? sql`strpos(${sql.raw(searchTextPlainSql('p.'))}, ${substrings}) > 0` : null;
    // A key longer than one substring is found by its chunks: strpos confirms the whole key. A key
    // of one substring needs no confirmation, but strpos stands beside it all the same: a row's
    // conditions run cheapest first, so a row without the key never computes its lexemes when the
    // planner reads rows another way (on a small catalogue it may prefer a partial btree and
    // filter: computing the lexemes of each of 5,000 rows took 0.3–0.6 s on the demo database).
    const confirm = [contains, ...(plain ? [plain] : [])];
    const lexemes = sql.raw(searchSubstringsSql('p.'));
    const all = (cond: SQL): SQL => (confirm.length === 0 ? cond : sql`(${sql.join([cond, ...confirm], sql` and `)})`);
    // The buckets are read for the chunks the statistics find rarest (ADR 0077); strpos confirms the key.
    const planned = planName(translated, stats);
    const probe = chunksTemplate(planned.probe, planned.prefix);
    name = {
      index: all(sql`${lexemes} @@ ${allBucketsQuery(template, last)}`),
      scan: plain ? sql`(${contains} and ${plain})` : contains,
      inBucket: (bucket) => all(sql`${lexemes} @@ ${bucketQuery(probe, bucket)}`),
      // The query of every bucket as a value the planner cannot see into (ADR 0100): it cannot estimate
      // the lexemes of 131 buckets OR-ed, and at 13M it read the bitmap of every active product instead.
      // A long key's long grams, one entry each in one scan of the whole catalogue (ADR 0104), as a value too.
      oneScan: planned.long
        ? all(sql`${sql.raw(searchLongGramsSql('p.'))} @@ (select ${longGramsQuery(planned.long)}::tsquery)`)
        : planned.oneScan ? all(sql`${lexemes} @@ (select ${allBucketsQuery(probe, last)})`) : null,
    };
  } else if (plan.nameGram) {
    name = {
      index: sql`${sql.raw(searchGramsSql('p.'))} @> ${textArray([plan.nameGram])}`,
      scan: sql`strpos(${sql.raw(gramSourceSql('p.'))}, ${plan.nameGram}) > 0`,
      inBucket: null,
      oneScan: null,
    };
  }
  const scanPaths = [...paths];
  const numberPaths = [...paths];
  let brandPath: SQL | null = null;
  if (name) {
    paths.push(name.index);
    scanPaths.push(name.scan);
    tiers.push({
      tier: 3,
      cond: plan.nameLike
        ? sql`strpos(p.search_text, ${trigramKey(plan.nameLike)}) > 0`
        : sql`strpos(${sql.raw(gramSourceSql('p.'))}, ${nameKey}) > 0`,
    });
  }
  if (plan.brands && brandIds.length > 0) {
    const cond = brandIds.length === 1 ? sql`p.brand_id = ${brandIds[0]}` : sql`p.brand_id = any(${intArray(brandIds)})`;
    paths.push(cond);
    scanPaths.push(cond);
    brandPath = cond;
    tiers.push({ tier: 4, cond });
  }
  if (paths.length === 0) return null;
  const heads: SQL[] = tiers.filter((t) => t.tier <= 2).map((t) => t.cond);
  // A name that is exactly the key (the grams do not cover English names, so only for 3+ characters).
  if (plan.nameLike) heads.push(sql`lower(p.name_en) = ${plan.nameLike}`);
  if (nameKey) heads.push(sql`p.name_zh = ${plan.key}`);
  const tier = sql`(case ${sql.join(tiers.map((t) => sql`when ${t.cond} then ${sql.raw(String(t.tier))}`), sql` `)} else 5 end)`;
  // Relevance inside a tier: a product named exactly the key first, then the shorter its names
  // (the more of them the key covers), then id — ADR 0014 §8. Both read stored lengths, no lower()
  // per row but for an English name of the key's length: this runs for up to 10,001 rows a search.
  const exact: SQL[] = [];
  if (plan.nameLike) {
    exact.push(sql`(octet_length(p.name_en) = ${Buffer.byteLength(plan.nameLike)} and lower(p.name_en) = ${plan.nameLike})`);
  }
  if (nameKey) exact.push(sql`p.name_zh = ${plan.key}`);
  const rank = exact.length > 0 ? sql`(case when ${sql.join(exact, sql` or `)} then 0 else least(octet_length(p.search_text), ${RANK_MAX}) end)` : sql`0`;
  const any = (list: SQL[]): SQL => (list.length === 1 ? (list[0] as SQL) : sql`(${sql.join(list, sql` or `)})`);
  return {
    match: any(paths),
    scanMatch: any(scanPaths),
    tier,
    // Every row of the name path is a name match: without number paths its tier needs no test.
    nameTier: tiers.some((t) => t.tier < 3) ? tier : sql`3`,
    rank,
    head: heads.length === 0 ? null : sql`(${sql.join(heads, sql` or `)})`,
    buckets: name?.inBucket
      ? { name: name.inBucket, oneScan: name.oneScan, numbers: numberPaths.length > 0 ? any(numberPaths) : null, brands: brandPath, oneBrand: brandIds.length === 1, last }
      : null,
  };
}
