import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { productPageInputSchema } from '@/contracts/catalog-browse';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { productPacks } from '@/server/db/schema';
import { findProducts } from '@/server/modules/catalog/browse';
import { centsOf } from './pricing';

export interface CataloguePick {
  productId: number; itemNo: string; cas: string | null; name: string; brandName: string;
  packs: { packId: number; size: string; listCents: number; stock: number; leadTimeDays: number }[];
}

/** Products for a quotation's lines, found with the storefront's own search (name, item number, CAS), with their packs. */
export async function searchCatalogue(db: Db, key: string, lang: Lang): Promise<CataloguePick[]> {
  const page = await findProducts(db, productPageInputSchema.parse({ key, limit: 10 }), lang, { countSearch: false });
  if (!page.items.length) return [];
  const packs = await db.select({ id: productPacks.id, productId: productPacks.productId, size: productPacks.size, price: productPacks.price, stock: productPacks.stock, leadTimeDays: productPacks.leadTimeDays })
    .from(productPacks).where(inArray(productPacks.productId, page.items.map((p) => p.id))).orderBy(asc(productPacks.sort), asc(productPacks.id));
  return page.items.map((p) => ({
    productId: p.id, itemNo: p.itemNo, cas: p.cas, name: p.name, brandName: p.brandName,
    packs: packs.filter((k) => k.productId === p.id).map((k) => ({ packId: k.id, size: k.size, listCents: centsOf(k.price), stock: k.stock, leadTimeDays: k.leadTimeDays })),
  }));
}
