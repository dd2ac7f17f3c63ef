import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/migrate';
import { gramSourceSql, hasTrigramLetter, searchGramsSql, searchTextPlainSql, trigramKey } from '@/server/db/schema/search-sql';
import { escapeLike, type KeyPlan } from './key';

export type Lang = 'zh' | 'en';
export type ProductFlag = 'hot' | 'new' | 'special';

export interface FilterInput {
  flag?: ProductFlag;
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

/** Brands whose Chinese or English name contains the key (case-insensitive). */
export async function brandIdsMatching(db: Db, key: string): Promise<number[]> {
  const like = `%${escapeLike(key.toLowerCase())}%`;
  const rows = rowsOf<{ id: number }>(await db.execute(sql`
    select id::int as id from brands
    where lower(name_zh) like ${like} or lower(name_en) like ${like}
    order by id limit ${MAX_KEY_BRANDS}`));
  return rows.map((r) => Number(r.id));
}

const MAX_INT4 = 2_147_483_647;

/** An id that PostgreSQL's integer can hold; anything else matches nothing. */
export function isValidId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_INT4;
}

/**
 * WHERE conditions of the filters (always with `p.active`), or null when a filter cannot match
 * anything (an unknown category), so the caller answers without a query.
 */
export async function filterConditions(db: Db, f: FilterInput): Promise<SQL[] | null> {
  const conditions: SQL[] = [sql.raw('p.active')];
  if (f.flag) conditions.push(FLAG_SQL[f.flag]);
  if (f.categoryId !== undefined) {
    if (!isValidId(f.categoryId)) return null;
    const ids = await categoryWithDescendants(db, f.categoryId);
    if (ids.length === 0) return null;
    conditions.push(ids.length === 1 ? sql`p.category_id = ${ids[0]}` : sql`p.category_id = any(${intArray(ids)})`);
  }
  if (f.brandIds && f.brandIds.length > 0) {
    const ids = [...new Set(f.brandIds)].filter(isValidId);
    if (ids.length === 0) return null;
    conditions.push(ids.length === 1 ? sql`p.brand_id = ${ids[0]}` : sql`p.brand_id = any(${intArray(ids)})`);
  }
  if (f.inStock) conditions.push(sql`exists (select 1 from product_packs k where k.product_id = p.id and k.stock > 0)`);
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
  /** Closeness inside the name tier (lower is closer; 0 in the other tiers), computed per row. */
  rank: SQL;
  /**
   * The rows that must never be cut from a result past the count cap: exact and prefix item and
   * CAS numbers and exact names, each through its own index (ADR 0015).
   */
  head: SQL | null;
  /** The key is matched as a name (trigrams or grams), the path whose frequency varies most. */
  name: boolean;
}

const NO_RANK = 999;

/** Keys longer than this (whole names, mostly) are read by the trigram index through three windows. */
export const TRIGRAM_WINDOW = 20;
/** Characters of each window: five trigrams. */
const WINDOW_CHARS = 7;

/**
 * The LIKE pattern the trigram index reads for a (translated) key: the key itself up to
 * TRIGRAM_WINDOW characters, else its start, middle and end, seven characters each, in order
 * (`%methylǁ%yanoǀ5ǀ%enzoate%`) — ADR 0014. A GIN scan costs about one posting list per trigram,
 * and in a catalogue built from a few hundred chemical words most trigrams (`met`, `thy`, `ben`…)
 * are in a tenth to a third of all products: the whole name
 * `methyl 3-bromo-4-cyano-5-tert-butylbenzoate` (40 trigrams) took 45–75 ms at 1M products in the
 * index alone. Fifteen trigrams from three places of a name select nearly as well (all three in
 * order) at a fraction of the cost. Shorter keys are read whole: a single window drew 44,000
 * candidates (`2ǀtrifluorom`), and two windows of `phenylbiphenyl` (`%phenyl%phenyl%`) half the
 * catalogue. The caller confirms the whole key with strpos. Returns the escaped pattern and
 * whether it is the key itself.
 */
export function trigramPattern(key: string): { pattern: string; whole: boolean } {
  const chars = [...key];
  if (chars.length <= TRIGRAM_WINDOW) return { pattern: `%${escapeLike(key)}%`, whole: true };
  const part = (start: number): string => escapeLike(chars.slice(start, start + WINDOW_CHARS).join(''));
  // Non-overlapping for every length above TRIGRAM_WINDOW (≥ 3 × WINDOW_CHARS), so the key implies the pattern.
  const starts = [0, Math.floor(chars.length / 2) - Math.floor(WINDOW_CHARS / 2), chars.length - WINDOW_CHARS];
  return { pattern: `%${starts.map(part).join('%')}%`, whole: false };
}

/** The SQL of a key plan; `brandIds` are the brands whose name matched the key. */
export function keyConditions(plan: KeyPlan, brandIds: readonly number[]): KeyConditions | null {
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
  const prefixes: SQL[] = [];
  if (itemPrefix) prefixes.push(sql`p.item_no like ${itemPrefix}`);
  if (casPrefix) {
    paths.push(sql`p.cas like ${casPrefix}`);
    prefixes.push(sql`p.cas like ${casPrefix}`);
  }
  if (prefixes.length > 0) tiers.push({ tier: 2, cond: prefixes.length === 1 ? (prefixes[0] as SQL) : sql`(${sql.join(prefixes, sql` or `)})` });
  const nameKey = plan.nameLike ?? plan.nameGram;
  if (nameKey) {
    // Indexable form for WHERE; strpos (same meaning, no escaping, no per-row arrays) everywhere else.
    if (plan.nameLike) {
      // search_text holds separators as letters (search-sql.ts), so the key is translated too.
      const translated = trigramKey(plan.nameLike);
      const { pattern, whole } = trigramPattern(translated);
      const checks: SQL[] = [sql`p.search_text like ${pattern}`];
      // Windows of a long key: the index reads their trigrams, strpos confirms the whole key.
      if (!whole) checks.push(sql`strpos(p.search_text, ${translated}) > 0`);
      // A key holding one of those letters itself is checked on the untranslated text as well.
      if (hasTrigramLetter(plan.nameLike)) checks.push(sql`strpos(${sql.raw(searchTextPlainSql('p.'))}, ${plan.nameLike}) > 0`);
      paths.push(checks.length === 1 ? (checks[0] as SQL) : sql`(${sql.join(checks, sql` and `)})`);
    }
    else paths.push(sql`${sql.raw(searchGramsSql('p.'))} @> ${textArray([nameKey])}`);
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
    tiers.push({ tier: 4, cond });
  }
  if (paths.length === 0) return null;
  const heads: SQL[] = tiers.filter((t) => t.tier <= 2).map((t) => t.cond);
  // A name that is exactly the key (the grams do not cover English names, so only for 3+ characters).
  if (plan.nameLike) heads.push(sql`lower(p.name_en) = ${plan.nameLike}`);
  if (nameKey) heads.push(sql`p.name_zh = ${plan.key}`);
  const tier = sql`(case ${sql.join(tiers.map((t) => sql`when ${t.cond} then ${sql.raw(String(t.tier))}`), sql` `)} else 5 end)`;
  const closeness = (column: string, extra = 0): SQL =>
    sql`case when strpos(${sql.raw(column)}, ${nameKey}) > 0 then char_length(${sql.raw(column)}) + ${sql.raw(String(extra))} else ${sql.raw(String(NO_RANK))} end`;
  // For a substring match, trigram similarity falls as the name grows, so the shortest field that
  // contains the key comes first — the same order at a fraction of similarity()'s cost (ADR 0014).
  const rank = nameKey
    ? sql`(case when ${tier} = 3 then least(${closeness('lower(p.name_zh)')}, ${closeness('lower(p.name_en)')}, ${closeness('p.pinyin')}, ${closeness('p.pinyin_initials', 1)}, ${closeness('lower(p.synonyms)', 1)}) else 0 end)`
    : sql`0`;
  return {
    match: paths.length === 1 ? (paths[0] as SQL) : sql`(${sql.join(paths, sql` or `)})`,
    tier,
    rank,
    head: heads.length === 0 ? null : sql`(${sql.join(heads, sql` or `)})`,
    name: nameKey !== null,
  };
}
