import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { priceAscSql, priceDescSql } from '@/server/db/schema/search-sql';
import { intArray, PROMOTION_WINDOW_SQL } from './conditions';
import type { ProductSort } from './cursor';
import type { ListScope } from './summary';

/** The page's direction as the lanes need it: the comparison past the cursor and the order of every sort column. */
export interface LaneDirection {
  cmp: SQL;
  orderText: string;
}

type LaneSort = Exclude<ProductSort, 'relevance'>;

/**
 * Each sort's key as its lane indexes hold it (`products_{category,brand}_{newest,item_no,price_asc,price_desc}_idx`),
 * and the key's text in a cursor, the same as the walk and the collect give (search/products.ts).
 */
const LANE_KEYS: Record<LaneSort, { expr: string; text: (column: string) => string }> = {
  newest: { expr: 'p.created_at', text: (c) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` },
  itemNo: { expr: 'p.item_no', text: (c) => `${c}::text` },
  priceAsc: { expr: priceAscSql('p.'), text: (c) => `${c}::text` },
  priceDesc: { expr: priceDescSql('p.'), text: (c) => `${c}::text` },
};

/**
 * A page of a list without a key, lane by lane (ADR 0078, 0088): for each of its categories (or, without one, each
 * of its brands) the first rows past the cursor from that lane's own range of a covering index, then the best of
 * them all. Reads at most lanes × (rows of the page and those skipped) index entries, and the filters on the
 * index's trailing columns (in stock, brand) need no table row:
 *   - newest, item number, price either way: `products_category_*_idx` or `products_brand_*_idx`;
 *   - a flag with categories, newest first: `products_category_flagged_idx` (only flagged rows; the flag and its
 *     promotion window are columns of the index); with brands only, `products_brand_flagged_idx` (ADR 0092).
 * Null where no lane index fits (a flag with neither categories nor brands, whose own index `products_*_newest_idx`
 * the walk reads; a flag in another sort; a list of neither categories nor brands).
 */
export function lanesSql(scope: ListScope, sort: LaneSort, cursorKey: SQL | null, limit: number, skip: number, dir: LaneDirection): SQL | null {
  if (scope.flag && (sort !== 'newest' || (!scope.categoryIds && !scope.brandIds))) return null;
  const byCategory = scope.categoryIds !== null;
  const lanes = scope.categoryIds ?? scope.brandIds;
  if (!lanes) return null;
  const key = LANE_KEYS[sort];
  const conditions: SQL[] = [sql.raw('p.active'), byCategory ? sql`p.category_id = g.v` : sql`p.brand_id = g.v`];
  if (scope.flag) conditions.push(sql.raw(`(p.is_hot or p.is_new or p.is_special) and p.is_${scope.flag}`), PROMOTION_WINDOW_SQL);
  if (byCategory && scope.brandIds) conditions.push(sql`p.brand_id = any(${intArray(scope.brandIds)})`);
  if (scope.inStock) conditions.push(sql`p.in_stock`);
  if (cursorKey) conditions.push(sql`(${sql.raw(key.expr)}, p.id) ${dir.cmp} (${cursorKey})`);
  return sql`
      select l.id, ${sql.raw(key.text('l.s0'))} as k0
      from unnest(${intArray(lanes)}) g(v)
      cross join lateral (
        select p.id::int as id, ${sql.raw(key.expr)} as s0 from products p
        where ${sql.join(conditions, sql` and `)}
        order by ${sql.raw(`${key.expr} ${dir.orderText}, p.id ${dir.orderText}`)}
        limit ${limit + 1 + skip}) l
      order by ${sql.raw(`l.s0 ${dir.orderText}, l.id ${dir.orderText}`)}
      limit ${limit + 1} offset ${skip}`;
}
