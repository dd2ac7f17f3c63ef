import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { INCHIKEY, SUBSTANCE_PACKS_SHOWN, type SubstancePackDto, type SubstancePageDto } from '@/contracts/substances';
import type { Db } from '@/server/db/client';
import { brands, productPacks, products, substances } from '@/server/db/schema';
import { localised, otherLang, type Lang } from '@/lib/lang';
import { normaliseCas } from '@/lib/cas';
import { pricePerUnit } from '@/lib/pack-amount';
import { smilesLimitFault } from '@/lib/structure-limits';
import { hazardOf } from '@/server/modules/catalog/hazards';
import { ghsDto } from '@/server/modules/product-detail/labels';
import { lotsOf, offeredLots, structureUrl } from '@/server/modules/product-detail/service';

/** Where a page key leads: a substance (by InChIKey), the products of a CAS number without a structure, or a redirect. */
export type SubstanceKey =
  | { kind: 'substance'; id: number; inchikey: string; smiles: string; formula: string; weight: string }
  /** The products of a CAS number: those without a structure, or all of them when it names several substances. */
  | { kind: 'cas'; cas: string; all: boolean }
  | { kind: 'redirect'; inchikey: string };

/**
 * Resolves a page key by unique indexes only (ADR 0086): an InChIKey through `substances_inchikey_uq`; a CAS
 * number through `products_cas_idx`, reading at most two distinct substances: one is a redirect to its
 * InChIKey, none (products of that CAS without a structure) or several the CAS page itself. Null: unknown.
 */
export async function resolveSubstanceKey(db: Db, params: { key: string }): Promise<SubstanceKey | null> {
  if (INCHIKEY.test(params.key)) {
    const [s] = await db.select({ id: substances.id, inchikey: substances.inchikey, smiles: substances.smiles, formula: substances.formula, weight: substances.weight })
      .from(substances).where(eq(substances.inchikey, params.key));
    return s ? { kind: 'substance', ...s } : null;
  }
  const cas = normaliseCas(params.key);
  if (!cas || cas !== params.key) return null;
  const named = await db.selectDistinct({ inchikey: substances.inchikey })
    .from(products).innerJoin(substances, eq(substances.id, products.substanceId))
    .where(and(eq(products.cas, cas), eq(products.active, true))).limit(2);
  if (named.length === 1 && named[0]) return { kind: 'redirect', inchikey: named[0].inchikey };
  // Several structures under one CAS number (salts, hydrates entered apart): the CAS page lists them all, as the list view groups them.
  if (named.length > 1) return { kind: 'cas', cas, all: true };
  const [plain] = await db.select({ id: products.id }).from(products)
    .where(and(eq(products.cas, cas), eq(products.active, true), isNull(products.substanceId))).limit(1);
  return plain ? { kind: 'cas', cas, all: false } : null;
}

const packColumns = {
  id: productPacks.id, size: productPacks.size, price: productPacks.price, listPrice: productPacks.listPrice,
  stock: productPacks.stock, leadTimeDays: productPacks.leadTimeDays, lots: offeredLots,
  productId: products.id, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, synonyms: products.synonyms,
  cas: products.cas, formula: products.formula, molecularWeight: products.molecularWeight, smiles: products.smiles,
  grade: products.grade, gradeZh: products.gradeZh, purity: products.purity, ghs: products.ghs, controlClass: products.controlClass,
  density: products.density, brandId: brands.id, brandZh: brands.nameZh, brandEn: brands.nameEn,
};

/** The packs of a substance's (or a CAS number's) active products, at most `limit`, products by id. */
export function substancePackRows(db: Db, key: Exclude<SubstanceKey, { kind: 'redirect' }>, limit: number) {
  const where = key.kind === 'substance'
    ? and(eq(products.substanceId, key.id), eq(products.active, true))
    : and(eq(products.cas, key.cas), eq(products.active, true), key.all ? undefined : isNull(products.substanceId));
  return db.select(packColumns).from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(productPacks, eq(productPacks.productId, products.id))
    .where(where)
    .orderBy(asc(products.id), asc(productPacks.sort), asc(productPacks.id))
    .limit(limit);
}
export type SubstancePackRow = Awaited<ReturnType<typeof substancePackRows>>[number];

const unique = (values: (string | null | undefined)[]): string[] => [...new Set(values.map((v) => v?.trim() ?? '').filter(Boolean))];

/**
 * Everything the substance page shows, in two queries (the key, then up to 201 packs with their products,
 * brands and lots): the names, synonyms, CAS numbers, GHS block and drawing of its first product that has
 * each, and every pack with its price per gram or millilitre.
 */
export async function getSubstancePage(db: Db, key: Exclude<SubstanceKey, { kind: 'redirect' }>, lang: Lang): Promise<SubstancePageDto | null> {
  const rows = await substancePackRows(db, key, SUBSTANCE_PACKS_SHOWN + 1);
  if (rows.length === 0) return null;
  const shown = rows.slice(0, SUBSTANCE_PACKS_SHOWN);
  const first = shown[0];
  const drawn = shown.find((r) => r.smiles && !smilesLimitFault(r.smiles));
  const hazardous = shown.find((r) => r.ghs !== null) ?? first;
  const packs: SubstancePackDto[] = shown.map((r) => {
    const per = pricePerUnit(r.price, r.size);
    return {
      id: r.id, productId: r.productId, itemNo: r.itemNo, productName: localised(r, 'name', lang),
      brand: { id: r.brandId, name: localised(r, 'brand', lang) },
      size: r.size, grade: lang === 'zh' && r.gradeZh ? r.gradeZh : r.grade, purity: r.purity,
      price: r.price, listPrice: r.listPrice,
      perUnit: per ? { value: Math.round(per.value * 10_000) / 10_000, unit: per.kind === 'mass' ? 'g' : 'mL' } : null,
      stock: r.stock, leadTimeDays: r.leadTimeDays, lots: lotsOf(r.lots),
    };
  });
  const name = first ? localised(first, 'name', lang) : (key.kind === 'substance' ? key.formula : key.cas);
  return {
    key: key.kind === 'substance' ? key.inchikey : key.cas,
    inchikey: key.kind === 'substance' ? key.inchikey : null,
    name,
    otherName: first ? localised(first, 'name', otherLang(lang)) : '',
    synonyms: unique(shown.flatMap((r) => r.synonyms.split(/;\s*/))).slice(0, 30),
    cas: key.kind === 'cas' ? [key.cas] : unique(shown.map((r) => r.cas)),
    formula: key.kind === 'substance' ? key.formula : (first?.formula ?? null),
    molecularWeight: key.kind === 'substance' ? key.weight : (first?.molecularWeight ?? null),
    smiles: key.kind === 'substance' ? key.smiles : (drawn?.smiles ?? null),
    structureUrl: drawn?.smiles ? structureUrl(drawn.productId, drawn.smiles) : null,
    ghs: hazardous ? ghsDto(hazardous.ghs, lang) : null,
    hazard: hazardous ? hazardOf(hazardous) : { hazardous: false, controlClass: null },
    productIds: [...new Set(shown.map((r) => r.productId))],
    packs,
    truncated: rows.length > SUBSTANCE_PACKS_SHOWN,
    grades: unique(packs.map((p) => p.grade)).sort(),
  };
}

/** The substances with an active product of one sitemap file: ids in (index × perFile, (index + 1) × perFile], by keyset in batches. */
export async function* substanceSitemapRows(db: Db, index: number, perFile: number, batch = 5_000): AsyncGenerator<{ inchikey: string; createdAt: Date }[]> {
  const last = (index + 1) * perFile;
  let after = index * perFile;
  for (;;) {
    const rows = await db.select({ id: substances.id, inchikey: substances.inchikey, createdAt: substances.createdAt }).from(substances)
      .where(sql`${substances.id} > ${after} and ${substances.id} <= ${last}
        and exists (select 1 from products p where p.substance_id = ${substances.id} and p.active)`).orderBy(asc(substances.id)).limit(batch);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? last;
    if (rows.length < batch) return;
  }
}

/** How many substance sitemap files there are (one primary-key lookup). */
export async function countSubstanceSitemaps(db: Db, perFile: number): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${substances.id})` }).from(substances);
  const max = Number(row?.max ?? 0);
  return max > 0 ? Math.ceil(max / perFile) : 0;
}
