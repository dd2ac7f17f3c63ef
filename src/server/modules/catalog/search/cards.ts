import 'server-only';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ProductCardDto } from '@/contracts/catalog';
import type { ProductListRowDto } from '@/contracts/catalog-browse';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { intArray } from './conditions';
import { hazardOf } from '../hazards';
import type { GhsBlock } from '@/server/db/schema';
import { byLang, type Lang } from '@/lib/lang';

interface CardRow {
  id: number;
  item_no: string;
  cas: string | null;
  name_zh: string;
  name_en: string;
  formula: string | null;
  purity: string;
  grade: string;
  grade_zh: string;
  ghs: GhsBlock | string | null;
  control_class: string | null;
  has_structure: boolean;
  brand_zh: string;
  brand_en: string;
  min_price: string | null;
  min_list_price: string | null;
  pack_count: number;
  in_stock: boolean | null;
}

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

/** Card data of the given products, in the given order: the pack facts stored on the product rows (migration 0010),
 * and the cheapest pack's regular price. */
export async function loadCards(db: Db, ids: readonly number[], lang: Lang): Promise<ProductCardDto[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<CardRow>(await db.execute(sql`
    select p.id::int as id, p.item_no, p.cas, p.name_zh, p.name_en, p.formula, p.purity, p.grade, p.grade_zh, p.ghs, p.control_class,
      coalesce(p.smiles, '') <> '' as has_structure, b.name_zh as brand_zh, b.name_en as brand_en,
      p.min_price::text as min_price, ${minListPriceOf(sql`p.id`)} as min_list_price, p.pack_count, p.in_stock
    from products p
    join brands b on b.id = p.brand_id
    where p.id = any(${intArray(ids)})`));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id: Number(r.id),
      itemNo: r.item_no,
      cas: r.cas,
      name: byLang(lang, { zh: r.name_zh, en: r.name_en }),
      formula: r.formula,
      purity: r.purity,
      grade: gradeOf(lang, r),
      brandName: byLang(lang, { zh: r.brand_zh, en: r.brand_en }),
      minPrice: r.min_price,
      minListPrice: r.min_list_price,
      packCount: Number(r.pack_count ?? 0),
      hasStructure: r.has_structure === true,
      inStock: r.in_stock === true,
      hazard: hazardOf({ ghs: r.ghs, controlClass: r.control_class }),
    }];
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
