import 'server-only';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ProductCardDto } from '@/contracts/catalog';
import type { ProductListRowDto } from '@/contracts/catalog-browse';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { intArray } from './conditions';
import { hazardOf } from '../hazards';
import { brands, products } from '@/server/db/schema';
import { isAnyOf, preparedPerHandle } from '@/server/db/prepared';
import { byLang, type Lang } from '@/lib/lang';

/** The grade in the visitor's language: the Chinese catalogue's word (分析纯) on the Chinese site when there is one. */
export function gradeOf(lang: Lang, r: { grade: string; grade_zh: string }): string {
  return lang === 'zh' && r.grade_zh ? r.grade_zh : r.grade;
}

/**
 * The regular price of a product's cheapest pack, when it has one: one pack read through the packs'
 * product index per card.
 */
export function minListPriceOf(productId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select k.list_price::text from product_packs k where k.product_id = ${productId} order by k.price, k.sort, k.id limit 1)`;
}

/** A product card's columns, `brands` joined: the flagged lists' and the search pages' cards. */
export const cardColumns = {
  id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn,
  formula: products.formula, purity: products.purity, grade: products.grade, gradeZh: products.gradeZh,
  ghs: products.ghs, controlClass: products.controlClass, brandZh: brands.nameZh, brandEn: brands.nameEn,
  minPrice: products.minPrice, minListPrice: minListPriceOf(products.id), packCount: products.packCount, inStock: products.inStock,
  hasStructure: sql<boolean>`coalesce(${products.smiles}, '') <> ''`,
};

/** Cards of a list of products: one prepared text for any number of them (ADR 0109). */
const cardsById = preparedPerHandle((db: Db) => db
  .select(cardColumns)
  .from(products)
  .innerJoin(brands, eq(brands.id, products.brandId))
  .where(isAnyOf(products.id, 'ids'))
  .prepare('cards_by_id'));

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardsById>['execute']>>[number];

/** A row of `cardColumns` as the card the visitor's language shows. */
export function cardOf(r: CardRow, lang: Lang): ProductCardDto {
  return {
    id: r.id,
    itemNo: r.itemNo,
    cas: r.cas,
    name: byLang(lang, { zh: r.nameZh, en: r.nameEn }),
    formula: r.formula,
    purity: r.purity,
    grade: gradeOf(lang, { grade: r.grade, grade_zh: r.gradeZh }),
    brandName: byLang(lang, { zh: r.brandZh, en: r.brandEn }),
    minPrice: r.minPrice,
    minListPrice: r.minListPrice,
    packCount: Number(r.packCount ?? 0),
    hasStructure: r.hasStructure === true,
    inStock: r.inStock === true,
    hazard: hazardOf(r),
  };
}

/** Card data of the given products, in the given order: the pack facts stored on the product rows (migration 0010),
 * and the cheapest pack's regular price. */
export async function loadCards(db: Db, ids: readonly number[], lang: Lang): Promise<ProductCardDto[]> {
  if (ids.length === 0) return [];
  const rows = await cardsById(db).execute({ ids: [...ids] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [cardOf(r, lang)] : [];
  });
}

interface ListRowRow {
  product_id: number;
  grade: string;
  grade_zh: string;
  pack_id: number | null;
  size: string | null;
  price: string | null;
  list_price: string | null;
  stock: number | null;
  lead_time_days: number | null;
}

/**
 * What the list view adds to a page's cards: each product's grade in the visitor's language and
 * its packs (size, price, stock, lead time) in the order the detail page shows them — one query
 * for the whole page, by the packs' product index.
 */
export async function loadListRows(db: Db, ids: readonly number[], lang: Lang): Promise<ProductListRowDto[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<ListRowRow>(await db.execute(sql`
    select p.id::int as product_id, p.grade, p.grade_zh, k.id::int as pack_id, k.size, k.price::text as price, k.list_price::text as list_price,
      k.stock::int as stock, k.lead_time_days::int as lead_time_days
    from products p
    left join product_packs k on k.product_id = p.id
    where p.id = any(${intArray(ids)})
    order by p.id, k.sort, k.id`));
  const byId = new Map<number, ProductListRowDto>();
  for (const r of rows) {
    const id = Number(r.product_id);
    let row = byId.get(id);
    if (!row) {
      row = { productId: id, grade: gradeOf(lang, r), packs: [] };
      byId.set(id, row);
    }
    if (r.pack_id !== null && r.size !== null && r.price !== null) {
      row.packs.push({ id: Number(r.pack_id), size: r.size, price: r.price, listPrice: r.list_price, stock: Number(r.stock ?? 0), leadTimeDays: Number(r.lead_time_days ?? 0) });
    }
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
