import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/migrate';
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

/**
 * WHERE conditions of the filters (always with `p.active`), or null when a filter cannot match
 * anything (an unknown category), so the caller answers without a query.
 */
export async function filterConditions(db: Db, f: FilterInput): Promise<SQL[] | null> {
  const conditions: SQL[] = [sql.raw('p.active')];
  if (f.flag) conditions.push(FLAG_SQL[f.flag]);
  if (f.categoryId !== undefined) {
    const ids = await categoryWithDescendants(db, f.categoryId);
    if (ids.length === 0) return null;
    conditions.push(ids.length === 1 ? sql`p.category_id = ${ids[0]}` : sql`p.category_id = any(${intArray(ids)})`);
  }
  if (f.brandIds && f.brandIds.length > 0) {
    const ids = [...new Set(f.brandIds)];
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
  /** The match: any of the key's paths (OR). */
  match: SQL;
  /** Relevance tier: 0 exact item number, 1 exact CAS, 2 prefix, 3 name, 4 brand only. */
  tier: SQL;
  /** Name similarity 0–1000 (0 outside the name tier). */
  score: SQL;
}

/** The SQL of a key plan; `brandIds` are the brands whose name matched the key. */
export function keyConditions(plan: KeyPlan, brandIds: readonly number[]): KeyConditions | null {
  const paths: SQL[] = [];
  const tiers: SQL[] = [];
  let nameMatch: SQL | null = null;
  if (plan.itemNo) {
    const prefix = `${escapeLike(plan.itemNo)}%`;
    paths.push(sql`p.item_no like ${prefix}`);
    tiers.push(sql`when p.item_no = ${plan.itemNo} then 0`);
  }
  if (plan.casExact) {
    paths.push(sql`p.cas = ${plan.casExact}`);
    tiers.push(sql`when p.cas = ${plan.casExact} then 1`);
  }
  if (plan.itemNo) tiers.push(sql`when p.item_no like ${`${escapeLike(plan.itemNo)}%`} then 2`);
  if (plan.casPrefix) {
    const prefix = `${escapeLike(plan.casPrefix)}%`;
    paths.push(sql`p.cas like ${prefix}`);
    tiers.push(sql`when p.cas like ${prefix} then 2`);
  }
  if (plan.nameLike) nameMatch = sql`p.search_text like ${`%${escapeLike(plan.nameLike)}%`}`;
  else if (plan.nameGram) nameMatch = sql`p.search_grams @> ${textArray([plan.nameGram])}`;
  if (nameMatch) {
    paths.push(nameMatch);
    tiers.push(sql`when ${nameMatch} then 3`);
  }
  if (plan.brands && brandIds.length > 0) {
    paths.push(brandIds.length === 1 ? sql`p.brand_id = ${brandIds[0]}` : sql`p.brand_id = any(${intArray(brandIds)})`);
  }
  if (paths.length === 0) return null;
  const nameKey = plan.nameLike ?? plan.nameGram;
  const score = nameMatch && nameKey
    ? sql`(case when ${nameMatch} then round(1000 * greatest(similarity(lower(p.name_zh), ${nameKey}), similarity(lower(p.name_en), ${nameKey}), similarity(p.pinyin, ${nameKey})))::int else 0 end)`
    : sql`0::int`;
  return {
    match: paths.length === 1 ? (paths[0] as SQL) : sql`(${sql.join(paths, sql` or `)})`,
    tier: sql`(case ${sql.join(tiers, sql` `)} else 4 end)`,
    score,
  };
}
