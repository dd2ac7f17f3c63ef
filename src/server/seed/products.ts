import 'server-only';
import type { Db } from '@/server/db/client';
import {
  productDocuments, productLots, productPacks, products, type NewProduct, type NewProductDocument, type NewProductPack,
} from '@/server/db/schema';
import { insertInBatches } from './batch';
import type { SeededBrand } from './brands';
import { planCatalog, type PlannedProduct } from './catalog-plan';
import type { SeededCategories } from './categories';
import { planLots, type SeededCoa, type SeededPack } from './lots';
import { createRng, SEED } from './random';
import { buildSubstances } from './substances';
import { demoDensity } from './densities';

export interface ProductCounts {
  products: number;
  productPacks: number;
  productDocuments: number;
  productLots: number;
}

export function planProducts(count: number, brands: readonly SeededBrand[]): PlannedProduct[] {
  return planCatalog(count, buildSubstances(), brands, createRng(SEED).fork('products'));
}

/**
 * The demo's regular price of a special offer's pack: a quarter above the price, up to the next ten yuan
 * (¥80 → ¥100), so that the offer saves a round sum; none for a pack given away.
 */
export function demoRegularPrice(price: string): string | null {
  const value = Number(price);
  if (!(value > 0)) return null;
  return (Math.ceil((value * 1.25) / 10) * 10).toFixed(2);
}

export async function insertPlannedProducts(
  db: Db, planned: readonly PlannedProduct[], brands: readonly SeededBrand[], categories: SeededCategories,
): Promise<ProductCounts> {
  const brandId = new Map(brands.map((b) => [b.code, b.id]));
  const rows: NewProduct[] = planned.map((p) => ({
    ...p.product,
    brandId: brandId.get(p.brandCode) ?? 0,
    categoryId: categories.leafId(p.category),
    density: p.product.density ?? demoDensity(p.product.cas),
  }));
  const idByItemNo = new Map<string, number>();
  await insertInBatches(rows, async (batch) => {
    const inserted = await db.insert(products).values(batch).returning({ id: products.id, itemNo: products.itemNo });
    for (const r of inserted) idByItemNo.set(r.itemNo, r.id);
  });

  const productIdOf = (itemNo: string): number => {
    const id = idByItemNo.get(itemNo);
    if (id === undefined) throw new Error(`Product ${itemNo} was not inserted`);
    return id;
  };
  // The special offers' packs carry the regular price they undercut.
  const packs: NewProductPack[] = planned.flatMap((p) => p.packs.map((pack) => ({
    ...pack, productId: productIdOf(p.product.itemNo), listPrice: p.product.isSpecial ? demoRegularPrice(pack.price) : null,
  })));
  const documents: NewProductDocument[] = planned.flatMap((p) =>
    p.documents.map((doc) => ({ ...doc, productId: productIdOf(p.product.itemNo) })),
  );
  const seededPacks: SeededPack[] = [];
  await insertInBatches(packs, async (batch) => {
    seededPacks.push(...await db.insert(productPacks).values(batch)
      .returning({ id: productPacks.id, productId: productPacks.productId, stock: productPacks.stock }));
  });
  const coas: SeededCoa[] = [];
  await insertInBatches(documents, async (batch) => {
    const inserted = await db.insert(productDocuments).values(batch)
      .returning({ id: productDocuments.id, productId: productDocuments.productId, kind: productDocuments.kind, lotNo: productDocuments.lotNo, issuedAt: productDocuments.issuedAt });
    for (const d of inserted) if (d.kind === 'coa' && d.lotNo) coas.push({ id: d.id, productId: d.productId, lotNo: d.lotNo, issuedAt: d.issuedAt });
  });
  // Lots for a share of the packs (ADR 0032), from their own random stream: the rest of the seed is unchanged.
  const lots = planLots(createRng(SEED).fork('lots'), seededPacks, coas);
  await insertInBatches(lots, (batch) => db.insert(productLots).values(batch));
  return { products: rows.length, productPacks: packs.length, productDocuments: documents.length, productLots: lots.length };
}
