import 'server-only';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminProductListDto, AdminProductListInput, AdminProductRowDto } from '@/contracts/catalog-editing-products';
import { normaliseCas } from '@/lib/cas';
import { rowsOf, type Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { brands, categories, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { COUNT_CAP } from '@/server/modules/catalog/search/capped';
import { categoryWithDescendants, intArray, isValidId } from '@/server/modules/catalog/search/conditions';
import { InvalidCursorError } from '@/server/modules/catalog/search/cursor';
import { listProducts } from '@/server/modules/catalog/search/products';
import { inTransaction, WALK_SETTINGS, withSearchSettings } from '@/server/modules/catalog/search/settings';

/**
 * The back-office product list (ADR 0030): active products through the storefront's search engine,
 * withdrawn ones through `products_inactive_idx`, keyset pages and capped counts.
 */

/** The most inactive matches shown before the storefront engine's page when a list shows both. */
const INACTIVE_HEAD = 20;

const rowColumns = {
  id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn,
  brandZh: brands.nameZh, brandEn: brands.nameEn, categoryZh: categories.nameZh, categoryEn: categories.nameEn,
  purity: products.purity, minPrice: products.minPrice, packCount: products.packCount, inStock: products.inStock,
  isHot: products.isHot, isNew: products.isNew, isSpecial: products.isSpecial,
  promoStartsAt: products.promoStartsAt, promoEndsAt: products.promoEndsAt, active: products.active, createdAt: products.createdAt,
};

/** The list rows of these ids, in their order: one query by the primary key. */
async function loadRows(db: Db, ids: readonly number[]): Promise<AdminProductRowDto[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(rowColumns).from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{
      ...r, packCount: Number(r.packCount), promoStartsAt: r.promoStartsAt?.toISOString() ?? null, promoEndsAt: r.promoEndsAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }] : [];
  });
}

/**
 * The key as the fallback for withdrawn products reads it: an item-number prefix, an exact CAS
 * number, or a part of a name. It runs only together with `not p.active`, and so reads
 * `products_inactive_idx` (withdrawn products are few); the storefront engine covers the active ones.
 */
function inactiveKeySql(key: string): SQL {
  const upper = key.toUpperCase();
  const lower = `%${escapeLike(key.toLowerCase())}%`;
  const cas = normaliseCas(key);
  return sql`(p.item_no like ${`${escapeLike(upper)}%`} ${cas ? sql`or p.cas = ${cas}` : sql``}
    or lower(p.name_en) like ${lower} or lower(p.name_zh) like ${lower} or lower(p.synonyms) like ${lower})`;
}

/** Filters of the list other than the key and `active`, on `products p`; null when nothing can match. */
async function filterSql(db: Db, input: AdminProductListInput): Promise<SQL[] | null> {
  const conditions: SQL[] = [];
  if (input.brandId !== undefined) conditions.push(sql`p.brand_id = ${input.brandId}`);
  if (input.categoryId !== undefined) {
    if (!isValidId(input.categoryId)) return null;
    const ids = await categoryWithDescendants(db, input.categoryId);
    if (ids.length === 0) return null;
    conditions.push(ids.length === 1 ? sql`p.category_id = ${ids[0]}` : sql`p.category_id = any(${intArray(ids)})`);
  }
  if (input.flag) conditions.push(sql.raw({ hot: 'p.is_hot', new: 'p.is_new', special: 'p.is_special' }[input.flag]));
  // Like the storefront's filter: "in stock only"; false filters nothing.
  if (input.inStock) conditions.push(sql`p.in_stock`);
  return conditions;
}

interface OwnCursor { s: 'newest' | 'itemNo'; k: [string, number] | [number] }

function encodeOwn(c: OwnCursor): string {
  return `b.${Buffer.from(JSON.stringify(c), 'utf8').toString('base64url')}`;
}

function decodeOwn(raw: string, sort: 'newest' | 'itemNo'): OwnCursor {
  try {
    const c = JSON.parse(Buffer.from(raw.slice(2), 'base64url').toString('utf8')) as OwnCursor;
    const ok = c.s === sort && (sort === 'newest'
      ? c.k.length === 1 && Number.isInteger(c.k[0]) && (c.k[0] as number) > 0
      : c.k.length === 2 && typeof c.k[0] === 'string' && c.k[0].length <= 200 && Number.isInteger(c.k[1]));
    if (ok) return c;
  } catch { /* falls through */ }
  throw new AppError(400, 'invalidCursor');
}

/**
 * Products of every state or the withdrawn ones, without the storefront engine: newest (by id) or
 * by item number, keyset pages, the count capped at 10,000 (ADR 0015). Like the engine, the page
 * walks the sort's index (primary key, `products_item_no_uq`, `products_inactive_idx`) when the
 * matches are dense and collects them through the filters' indexes when they are at most the cap.
 */
async function listOwn(db: Db, input: AdminProductListInput, where: SQL[]): Promise<AdminProductListDto> {
  const sort = input.sort === 'itemNo' ? 'itemNo' : 'newest';
  const conditions = [...where];
  if (input.cursor) {
    if (!input.cursor.startsWith('b.')) throw new AppError(400, 'invalidCursor');
    const c = decodeOwn(input.cursor, sort);
    conditions.push(sort === 'newest' ? sql`p.id < ${c.k[0]}` : sql`(p.item_no, p.id) > (${c.k[0]}::text, ${c.k[1]}::int)`);
  }
  const whereSql = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const countWhere = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const order = sort === 'newest' ? sql`p.id desc` : sql`p.item_no asc, p.id asc`;
  const outerOrder = sort === 'newest' ? sql`s.id desc` : sql`s.item_no asc, s.id asc`;
  const limit = input.limit;
  const inactiveOnly = input.active === 'false';
  const [rows, n] = await withSearchSettings(db, async (s) => {
    // In id order, so that the count reads an index (the primary key, a filter's (…, id) index or
    // products_inactive_idx) and stops at the cap.
    const counted = rowsOf<{ n: number }>(await s.execute(sql`
      select count(*)::int as n from (select 1 from products p where ${countWhere} order by p.id desc limit ${COUNT_CAP + 1}) c`));
    const total = Number(counted[0]?.n ?? 0);
    type Row = { id: number; item_no: string };
    if (total > COUNT_CAP || (inactiveOnly && sort === 'newest')) {
      // Dense matches, or withdrawn products newest first: walk the sort's index.
      return [await inTransaction(s, WALK_SETTINGS, async (tx) => rowsOf<Row>(await tx.execute(sql`
        select p.id::int as id, p.item_no from products p where ${whereSql} order by ${order} limit ${limit + 1}`))), total] as const;
    }
    // At most the cap: collect the matches through the filters' indexes (withdrawn ones through
    // products_inactive_idx, in its order and capped), then sort.
    const inner = inactiveOnly
      ? sql`select p.id::int as id, p.item_no from products p where ${whereSql} order by p.id desc limit ${COUNT_CAP + 1}`
      : sql`select p.id::int as id, p.item_no from products p where ${whereSql} offset 0`;
    return [rowsOf<Row>(await s.execute(sql`select s.id, s.item_no from (${inner}) s order by ${outerOrder} limit ${limit + 1}`)), total] as const;
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await loadRows(db, page.map((r) => Number(r.id))),
    nextCursor: more && last ? encodeOwn(sort === 'newest' ? { s: sort, k: [Number(last.id)] } : { s: sort, k: [last.item_no, Number(last.id)] }) : null,
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
  };
}

/**
 * The back-office's product list (ADR 0030). Active products with a key or a storefront sort go
 * through the storefront's search engine (item number, CAS, names, pinyin; relevance; keyset pages;
 * capped counts); the engine reads active products only, so withdrawn ones are found by
 * `inactiveKeySql` through `products_inactive_idx` — shown alone (`active=false`) or, for
 * `active=all` with a key, before the engine's first page (at most 20).
 */
export async function listAdminProducts(db: Db, input: AdminProductListInput): Promise<AdminProductListDto> {
  const filters = await filterSql(db, input);
  if (!filters) return { items: [], nextCursor: null, total: 0, totalCapped: false };
  const useEngine = input.active === 'true' || (input.active === 'all' && input.key !== undefined);
  if (!useEngine) {
    const where = [...filters];
    if (input.active === 'false') where.unshift(sql`not p.active`);
    if (input.key) {
      // Withdrawn products only here (`active=false`); `all` with a key is the engine's path.
      where.push(inactiveKeySql(input.key));
    }
    if (input.sort === 'priceAsc' || input.sort === 'priceDesc' || input.sort === 'relevance') {
      // Price and relevance orders are the storefront engine's, over active products.
      input = { ...input, sort: 'newest' };
    }
    return listOwn(db, input, where);
  }
  if (input.cursor && !input.cursor.startsWith('a.')) throw new AppError(400, 'invalidCursor');
  let page;
  try {
    page = await listProducts(db, {
      lang: 'zh', key: input.key, flag: input.flag, flagWindow: false, categoryId: input.categoryId,
      brandIds: input.brandId !== undefined ? [input.brandId] : undefined, inStock: input.inStock === true ? true : undefined,
      sort: input.sort, cursor: input.cursor ? input.cursor.slice(2) : null, limit: input.limit,
    });
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new AppError(400, 'invalidCursor');
    throw error;
  }
  let ids = page.items.map((p) => p.id);
  let extra = 0;
  if (input.active === 'all' && input.key && !input.cursor) {
    const where = [sql`not p.active`, inactiveKeySql(input.key), ...filters];
    const inactive = rowsOf<{ id: number }>(await db.execute(sql`
      select p.id::int as id from products p where ${sql.join(where, sql` and `)} order by p.id desc limit ${INACTIVE_HEAD}`));
    extra = inactive.length;
    ids = [...inactive.map((r) => Number(r.id)), ...ids];
  }
  return {
    items: await loadRows(db, ids),
    nextCursor: page.nextCursor ? `a.${page.nextCursor}` : null,
    // Past the engine's cap the total is the cap ("more than 1,000"), the withdrawn ones shown before it aside.
    total: page.totalCapped ? page.total : page.total + extra,
    totalCapped: page.totalCapped,
  };
}
