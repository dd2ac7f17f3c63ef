import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ProductCardDto } from '@/contracts/catalog';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/migrate';
import {
  brandIdsMatching, filterConditions, intArray, keyConditions, type FilterInput, type KeyConditions, type Lang,
} from './conditions';
import { decodeCursor, encodeCursor, type Cursor, type ProductSort } from './cursor';
import { planIsEmpty, planKey, type KeyPlan, type SearchTypeCode } from './key';

export const COUNT_CAP = 10_000;
export const MAX_LIMIT = 100;

export interface ProductQuery {
  lang: Lang;
  key?: string;
  type?: SearchTypeCode;
  flag?: 'hot' | 'new' | 'special';
  categoryId?: number;
  brandIds?: number[];
  inStock?: boolean;
  sort?: ProductSort;
  cursor?: string | null;
  limit: number;
}

export interface ProductPage {
  items: ProductCardDto[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalCapped: boolean;
  notice: 'casCheckDigit' | null;
}

/** The WHERE clause of a query and, with a key, its relevance expressions. */
export interface PreparedQuery {
  where: SQL;
  key: KeyConditions | null;
  notice: 'casCheckDigit' | null;
  /** Nothing can match: answer empty without a query. */
  empty: boolean;
}

/** Key plan + filters → SQL, shared by the list, the facets and the suggestions. */
export async function prepareQuery(db: Db, q: { key?: string; type?: SearchTypeCode } & FilterInput): Promise<PreparedQuery> {
  const none = (notice: PreparedQuery['notice'] = null): PreparedQuery => ({ where: sql`false`, key: null, notice, empty: true });
  let plan: KeyPlan | null = null;
  if (q.key !== undefined) {
    plan = planKey(q.key, q.type);
    if (!plan.key) plan = null;
  }
  if (plan?.casCheckDigit) return none('casCheckDigit');
  if (plan && planIsEmpty(plan)) return none();
  const filters = await filterConditions(db, q);
  if (!filters) return none();
  let key: KeyConditions | null = null;
  if (plan) {
    const brandIds = plan.brands ? await brandIdsMatching(db, plan.key) : [];
    key = keyConditions(plan, brandIds);
    if (!key) return none();
    filters.push(key.match);
  }
  return { where: sql.join(filters, sql` and `), key, notice: null, empty: false };
}

interface SortSpec {
  /** Sort key expressions, all ordered in `dir`, the product id last. */
  exprs: SQL[];
  dir: 'asc' | 'desc';
  /** SQL type of each key (for the cursor parameters). */
  casts: string[];
  /** Needs the product's lowest pack price. */
  price: boolean;
}

const NO_PRICE_ASC = '10000000000';

function sortSpec(sort: ProductSort, key: KeyConditions | null): SortSpec {
  switch (sort) {
    case 'relevance':
      if (!key) throw new Error('relevance needs a key');
      return { exprs: [key.tier, sql`(-${key.score})`, sql.raw('p.id')], dir: 'asc', casts: ['int', 'int', 'int'], price: false };
    case 'newest':
      return {
        exprs: [sql.raw('p.created_at'), sql.raw('p.id')], dir: 'desc', casts: ['timestamptz', 'int'], price: false,
      };
    case 'itemNo':
      return { exprs: [sql.raw('p.item_no'), sql.raw('p.id')], dir: 'asc', casts: ['text', 'int'], price: false };
    case 'priceAsc':
      return { exprs: [sql.raw(`coalesce(mp.min_price, ${NO_PRICE_ASC})`), sql.raw('p.id')], dir: 'asc', casts: ['numeric', 'int'], price: true };
    case 'priceDesc':
      return { exprs: [sql.raw('(-coalesce(mp.min_price, -1))'), sql.raw('p.id')], dir: 'asc', casts: ['numeric', 'int'], price: true };
  }
}

/** The cursor value of a sort key as SQL returns it (text for timestamps and numerics). */
function keySelect(sort: ProductSort, spec: SortSpec): SQL {
  const cols = spec.exprs.map((e, i) => {
    if (sort === 'newest' && i === 0) return sql`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k0`;
    const cast = spec.casts[i] === 'numeric' ? 'text' : spec.casts[i] === 'int' ? 'int' : 'text';
    return sql`(${e})::${sql.raw(cast)} as ${sql.raw(`k${i}`)}`;
  });
  return sql.join(cols, sql`, `);
}

function effectiveSort(q: ProductQuery, hasKey: boolean): ProductSort {
  const sort = q.sort ?? (hasKey ? 'relevance' : 'newest');
  return sort === 'relevance' && !hasKey ? 'newest' : sort;
}

interface KeyRow {
  id: number;
  k0: string | number;
  k1: string | number;
  k2?: string | number;
}

function rowKey(row: KeyRow, spec: SortSpec): (string | number)[] {
  const values = [row.k0, row.k1, row.k2].slice(0, spec.exprs.length);
  return values.map((v, i) => (spec.casts[i] === 'int' ? Number(v) : String(v)));
}

/** Products of a search or list, one keyset page at a time (ADR 0015). */
export async function listProducts(db: Db, q: ProductQuery): Promise<ProductPage> {
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(q.limit)));
  const prepared = await prepareQuery(db, q);
  const sort = effectiveSort(q, prepared.key !== null);
  // Decode before answering an empty result, so that a bad cursor is always reported.
  const cursor: Cursor | null = q.cursor ? decodeCursor(q.cursor, sort) : null;
  if (prepared.empty) return { items: [], nextCursor: null, prevCursor: null, total: 0, totalCapped: false, notice: prepared.notice };

  const spec = sortSpec(sort, prepared.key);
  const backwards = cursor?.dir === 'p';
  // A page backwards reads the rows before the position in reverse order and flips them.
  const ascending = (spec.dir === 'asc') !== backwards;
  // Nulls last going forward and first going back, so that a backward page is the same index
  // read in reverse (no column here is null; the clause only has to match the indexes).
  const direction = sql.raw(`${ascending ? 'asc' : 'desc'} nulls ${backwards ? 'first' : 'last'}`);
  const order = sql.join(spec.exprs.map((e) => sql`${e} ${direction}`), sql`, `);
  const conditions: SQL[] = [prepared.where];
  if (cursor) {
    const params = cursor.key.map((v, i) => sql`${v}::${sql.raw(spec.casts[i] ?? 'text')}`);
    conditions.push(sql`(${sql.join(spec.exprs, sql`, `)}) ${sql.raw(ascending ? '>' : '<')} (${sql.join(params, sql`, `)})`);
  }
  const priceJoin = spec.price
    ? sql`left join lateral (select min(price) as min_price from product_packs pk where pk.product_id = p.id) mp on true`
    : sql``;
  const [rowsResult, total] = await Promise.all([
    db.execute(sql`
      select p.id::int as id, ${keySelect(sort, spec)}
      from products p ${priceJoin}
      where ${sql.join(conditions, sql` and `)}
      order by ${order}
      limit ${limit + 1}`),
    cappedCount(db, prepared.where),
  ]);
  const rows = rowsOf<KeyRow>(rowsResult);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const at = (row: KeyRow | undefined, dir: 'n' | 'p'): string | null => (row ? encodeCursor({ sort, dir, key: rowKey(row, spec) }) : null);
  const nextCursor = backwards ? at(last, 'n') : more ? at(last, 'n') : null;
  const prevCursor = backwards ? (more ? at(first, 'p') : null) : cursor ? at(first, 'p') : null;
  return {
    items: await loadCards(db, page.map((r) => Number(r.id)), q.lang),
    nextCursor,
    prevCursor,
    total: Math.min(total, COUNT_CAP),
    totalCapped: total > COUNT_CAP,
    notice: null,
  };
}

/** Matching rows up to COUNT_CAP + 1: never an unbounded count. */
export async function cappedCount(db: Db, where: SQL): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from (select 1 from products p where ${where} limit ${COUNT_CAP + 1}) capped`));
  return Number(rows[0]?.n ?? 0);
}

interface CardRow {
  id: number;
  item_no: string;
  cas: string | null;
  name_zh: string;
  name_en: string;
  formula: string | null;
  purity: string;
  has_structure: boolean;
  brand_zh: string;
  brand_en: string;
  min_price: string | null;
  pack_count: number;
  in_stock: boolean | null;
}

/** Card data of the given products, in the given order. */
export async function loadCards(db: Db, ids: readonly number[], lang: Lang): Promise<ProductCardDto[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<CardRow>(await db.execute(sql`
    select p.id::int as id, p.item_no, p.cas, p.name_zh, p.name_en, p.formula, p.purity,
      coalesce(p.smiles, '') <> '' as has_structure, b.name_zh as brand_zh, b.name_en as brand_en,
      pk.min_price::text as min_price, pk.pack_count::int as pack_count, pk.in_stock
    from products p
    join brands b on b.id = p.brand_id
    left join lateral (
      select min(price) as min_price, count(*) as pack_count, bool_or(stock > 0) as in_stock
      from product_packs where product_id = p.id
    ) pk on true
    where p.id = any(${intArray(ids)})`));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id: Number(r.id),
      itemNo: r.item_no,
      cas: r.cas,
      name: lang === 'en' ? r.name_en : r.name_zh,
      formula: r.formula,
      purity: r.purity,
      brandName: lang === 'en' ? r.brand_en : r.brand_zh,
      minPrice: r.min_price,
      packCount: Number(r.pack_count ?? 0),
      hasStructure: r.has_structure === true,
      inStock: r.in_stock === true,
    }];
  });
}
