import 'server-only';
import { sql } from 'drizzle-orm';
import type { ProductCardDto } from '@/contracts/catalog';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { intArray } from './conditions';
import { byLang, type Lang } from '@/lib/lang';

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

/** Card data of the given products, in the given order: the pack facts stored on the product rows (migration 0010), no pack read. */
export async function loadCards(db: Db, ids: readonly number[], lang: Lang): Promise<ProductCardDto[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<CardRow>(await db.execute(sql`
    select p.id::int as id, p.item_no, p.cas, p.name_zh, p.name_en, p.formula, p.purity,
      coalesce(p.smiles, '') <> '' as has_structure, b.name_zh as brand_zh, b.name_en as brand_en,
      p.min_price::text as min_price, p.pack_count, p.in_stock
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
      brandName: byLang(lang, { zh: r.brand_zh, en: r.brand_en }),
      minPrice: r.min_price,
      packCount: Number(r.pack_count ?? 0),
      hasStructure: r.has_structure === true,
      inStock: r.in_stock === true,
    }];
  });
}
