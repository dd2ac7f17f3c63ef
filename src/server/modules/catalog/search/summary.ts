import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { intArray, PROMOTION_WINDOW_SQL, type ProductFlag } from './conditions';

/**
 * A list without a search key as the kept counts see it (ADR 0078): its flag, its categories
 * (expanded to their descendants), its brands and the "in stock" filter.
 */
export interface ListScope {
  flag?: ProductFlag;
  categoryIds: number[] | null;
  brandIds: number[] | null;
  inStock: boolean;
}

/** Most brands in a facet list (the same as the engine's facets). */
const MAX_FACETS = 50;

/** The column of the kept counts (`catalogue_count_rows`) that counts a scope's products (a fixed name, never input). */
function countColumn(scope: ListScope): SQL {
  const base = scope.flag ?? (scope.inStock ? 'in_stock' : 'products');
  return sql.raw(`c.${scope.flag && scope.inStock ? `${base}_in_stock` : base}`);
}

/**
 * A flagged product with a promotion window (ADR 0030): the kept counts leave it out, as whether
 * its window holds changes with the clock; it is counted live, through the partial index
 * `products_promo_window_idx` whose predicate this repeats.
 */
const WINDOWED_SQL: SQL = sql.raw(
  'p.active and (p.is_hot or p.is_new or p.is_special) and (p.promo_starts_at is not null or p.promo_ends_at is not null)',
);

/**
 * The scope's products per brand (`brand_id`, `n`): the kept counts of its categories and brands,
 * and for a flag the products flagged with a window that holds now. A brand may come twice (kept
 * and live); callers sum. `withBrands`: apply the brand filter (not for facets, which list every brand).
 */
function perBrandSql(scope: ListScope, withBrands: boolean): SQL {
  const kept: SQL[] = [sql`true`];
  const live: SQL[] = [WINDOWED_SQL];
  if (scope.categoryIds) {
    kept.push(sql`c.category_id = any(${intArray(scope.categoryIds)})`);
    live.push(sql`p.category_id = any(${intArray(scope.categoryIds)})`);
  }
  if (withBrands && scope.brandIds) {
    kept.push(sql`c.brand_id = any(${intArray(scope.brandIds)})`);
    live.push(sql`p.brand_id = any(${intArray(scope.brandIds)})`);
  }
  const keptSql = sql`select c.brand_id, sum(${countColumn(scope)})::bigint as n from catalogue_count_rows c where ${sql.join(kept, sql` and `)} group by c.brand_id`;
  if (!scope.flag) return keptSql;
  live.push(sql.raw(`p.is_${scope.flag}`), PROMOTION_WINDOW_SQL);
  if (scope.inStock) live.push(sql`p.in_stock`);
  return sql`${keptSql}
    union all
    select p.brand_id, count(*)::bigint as n from products p where ${sql.join(live, sql` and `)} group by p.brand_id`;
}

/** The scope's total (`n`), exact: the kept counts of a few hundred rows at most, whatever the catalogue's size. */
export function scopeCountSql(scope: ListScope): SQL {
  return sql`select coalesce(sum(s.n), 0)::int as n from (${perBrandSql(scope, true)}) s`;
}

/** The scope's brand facets (`id`, `name_zh`, `name_en`, `n`), most products first, without the brand filter. */
export function scopeFacetsSql(scope: ListScope): SQL {
  return sql`
    select b.id::int as id, b.name_zh, b.name_en, m.n::int as n
    from (select s.brand_id, sum(s.n) as n from (${perBrandSql(scope, false)}) s group by s.brand_id having sum(s.n) > 0) m
    join brands b on b.id = m.brand_id
    order by m.n desc, b.id asc
    limit ${MAX_FACETS}`;
}
