import 'server-only';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { BrandCardDto, ProductCardDto } from '@/contracts/catalog';
import type { Db } from '@/server/db/client';
import { brands, catalogueCountRows, products } from '@/server/db/schema';
import { limitInText, preparedPerHandle } from '@/server/db/prepared';
import { localised, type Lang } from '@/lib/lang';
import { brandLogoUrl } from './brands';
import { hazardOf } from './hazards';
import { gradeOf, minListPriceOf } from './search/cards';

export type ProductFlag = 'hot' | 'new' | 'special';


const flagColumn = { hot: products.isHot, new: products.isNew, special: products.isSpecial } as const;

/**
 * One prepared statement per flag and limit (ADR 0109): the flag, `active` and the limit are written into its text,
 * not passed as values, so that its generic plan still reads the flag's partial index for a short list; the time of
 * the promotion window is its value (a statement without one would go unprepared). The limits are the pages' and the
 * API's (1–50): at most 150 texts.
 */
function flaggedStatement(flag: ProductFlag, limit: number) {
  return preparedPerHandle((db: Db) => db
    .select({
      id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn,
      formula: products.formula, purity: products.purity, grade: products.grade, gradeZh: products.gradeZh,
      ghs: products.ghs, controlClass: products.controlClass, brandZh: brands.nameZh, brandEn: brands.nameEn,
      minPrice: products.minPrice, minListPrice: minListPriceOf(products.id), packCount: products.packCount, inStock: products.inStock,
      hasStructure: sql<boolean>`coalesce(${products.smiles}, '') <> ''`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    // Inside the promotion window only (ADR 0030): tested on the rows the flag's index leads to.
    .where(and(
      sql`${flagColumn[flag]}`, sql`${products.active}`,
      or(isNull(products.promoStartsAt), lte(products.promoStartsAt, sql.placeholder('now'))),
      or(isNull(products.promoEndsAt), gt(products.promoEndsAt, sql.placeholder('now'))),
    ))
    .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
    .limit(limitInText(limit))
    .prepare(`flagged_products_${flag}_${limit}`));
}

const flaggedStatements = new Map<string, ReturnType<typeof flaggedStatement>>();
function flaggedProducts(flag: ProductFlag, limit: number): ReturnType<typeof flaggedStatement> {
  const key = `${flag}:${limit}`;
  let statement = flaggedStatements.get(key);
  if (!statement) {
    statement = flaggedStatement(flag, limit);
    flaggedStatements.set(key, statement);
  }
  return statement;
}

/**
 * The newest hot, new or special products inside their promotion window, from the flag's partial index (migration 0010), with the
 * pack facts stored on the product row and the cheapest pack's regular price: reads `limit` rows (and a pack each)
 * whatever the size of the catalogue.
 */
export async function listFlaggedProducts(db: Db, params: { flag: ProductFlag; limit: number; lang: Lang }): Promise<ProductCardDto[]> {
  const rows = await flaggedProducts(params.flag, params.limit)(db).execute({ now: products.promoStartsAt.mapToDriverValue(new Date()) });
  return rows.map((r) => ({
    id: r.id,
    itemNo: r.itemNo,
    cas: r.cas,
    name: localised(r, 'name', params.lang),
    formula: r.formula,
    purity: r.purity,
    grade: gradeOf(params.lang, { grade: r.grade, grade_zh: r.gradeZh }),
    brandName: localised(r, 'brand', params.lang),
    minPrice: r.minPrice,
    minListPrice: r.minListPrice,
    packCount: Number(r.packCount ?? 0),
    hasStructure: r.hasStructure === true,
    inStock: r.inStock === true,
    hazard: hazardOf(r),
  }));
}


/** The home page's brands: a small table, so one statement whose limit is a value. */
const recommendedBrands = preparedPerHandle((db: Db) => db
  .select({ id: brands.id, nameZh: brands.nameZh, nameEn: brands.nameEn, logoText: brands.logoText, logoPath: brands.logoPath, country: brands.country, authorised: brands.authorised })
  .from(brands)
  .where(sql`${brands.recommended}`)
  .orderBy(asc(brands.sort), asc(brands.id))
  .limit(sql.placeholder('limit'))
  .prepare('recommended_brands'));

export async function listRecommendedBrands(db: Db, params: { limit: number; lang: Lang }): Promise<BrandCardDto[]> {
  const rows = await recommendedBrands(db).execute({ limit: params.limit });
  return rows.map((r) => ({ id: r.id, name: localised(r, 'name', params.lang), logoText: r.logoText, logoUrl: brandLogoUrl(r.id, r.logoPath), country: r.country, authorised: r.authorised }));
}

/** Catalogue size for the home page: active products, exact, from the kept counts (ADR 0078), and brands. */
export async function countCatalogue(db: Db): Promise<{ products: number; brands: number; authorisedBrands: number }> {
  // The kept counts: one row per category and brand, whatever the number of products.
  const [[p], [b]] = await Promise.all([
    db.select({ n: sql<number>`coalesce(sum(${catalogueCountRows.products}), 0)::int` }).from(catalogueCountRows),
    db.select({ n: sql<number>`count(*)::int`, authorised: sql<number>`count(*) filter (where ${brands.authorised})::int` }).from(brands),
  ]);
  return { products: Number(p?.n ?? 0), brands: Number(b?.n ?? 0), authorisedBrands: Number(b?.authorised ?? 0) };
}
