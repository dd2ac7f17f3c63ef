import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BrandDetailDto, BrandListType, BrandPageDto, BrandSlideDto, BrandSummaryDto, BrandTypeDto } from '@/contracts/catalog-browse';
import type { Db } from '@/server/db/client';
import { brands, catalogueCountRows, contentItems } from '@/server/db/schema';
import { localised, otherLang, type Lang } from '@/lib/lang';

type BrandRow = typeof brands.$inferSelect;

const TYPE_NAMES: Record<BrandListType, Record<Lang, string>> = {
  1: { zh: '授权品牌', en: 'Authorised brands' },
  0: { zh: '品牌总览', en: 'Brand overview' },
};

/** Where a brand's logo image is served; the stored key's name makes the URL change with the image. */
export function brandLogoUrl(id: number, logoPath: string | null): string | null {
  if (!logoPath) return null;
  const name = logoPath.slice(logoPath.lastIndexOf('/') + 1);
  return `/api/web/files/brand-logo/${id}?v=${name.slice(0, name.lastIndexOf('.'))}`;
}

/** The stored key of a brand's logo image; null when the brand or its image is unknown. */
export async function getBrandLogoPath(db: Db, params: { id: number }): Promise<string | null> {
  const [row] = await db.select({ logoPath: brands.logoPath }).from(brands).where(eq(brands.id, params.id));
  return row?.logoPath ?? null;
}

function toSummary(r: BrandRow, lang: Lang): BrandSummaryDto {
  return {
    id: r.id,
    name: localised(r, 'name', lang),
    logoText: r.logoText,
    logoUrl: brandLogoUrl(r.id, r.logoPath),
    country: r.country,
    authorised: r.authorised,
    description: localised(r, 'description', lang),
  };
}

/** The two brand lists (`/brand?type=1` authorised, `type=0` all) with their sizes. */
export async function listBrandTypes(db: Db, params: { lang: Lang }): Promise<BrandTypeDto[]> {
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, authorised: sql<number>`(count(*) filter (where ${brands.authorised}))::int` })
    .from(brands);
  return [
    { type: 1, name: TYPE_NAMES[1][params.lang], count: Number(row?.authorised ?? 0) },
    { type: 0, name: TYPE_NAMES[0][params.lang], count: Number(row?.all ?? 0) },
  ];
}

/** One page of brands in the shop's order: authorised ones (type 1) or all (type 0). */
export async function listBrands(db: Db, params: { type: BrandListType; lang: Lang; limit: number; offset: number }): Promise<BrandPageDto> {
  const where = params.type === 1 ? eq(brands.authorised, true) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(brands).where(where).orderBy(asc(brands.sort), asc(brands.id)).limit(params.limit).offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(brands).where(where),
  ]);
  return { list: rows.map((r) => toSummary(r, params.lang)), total: Number(total?.n ?? 0), limit: params.limit, offset: params.offset };
}

/** Brands by id in the order given (search results keep their ranking). */
export async function listBrandsByIds(db: Db, params: { ids: number[]; lang: Lang }): Promise<BrandSummaryDto[]> {
  if (params.ids.length === 0) return [];
  const rows = await db.select().from(brands).where(inArray(brands.id, params.ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return params.ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toSummary(r, params.lang)] : [];
  });
}

/** Recommended brands (home page, brand pages), in the shop's order. */
export async function listRecommendedBrandSummaries(db: Db, params: { lang: Lang; limit: number }): Promise<BrandSummaryDto[]> {
  const rows = await db.select().from(brands).where(eq(brands.recommended, true)).orderBy(asc(brands.sort), asc(brands.id)).limit(params.limit);
  return rows.map((r) => toSummary(r, params.lang));
}

/** Slides of the brand pages: the recommended authorised brands, each linking to its page. */
export async function listBrandSlides(db: Db, params: { lang: Lang; limit: number }): Promise<BrandSlideDto[]> {
  const rows = await db
    .select()
    .from(brands)
    .where(and(eq(brands.recommended, true), eq(brands.authorised, true)))
    .orderBy(asc(brands.sort), asc(brands.id))
    .limit(params.limit);
  return rows.map((r) => ({
    id: r.id,
    title: localised(r, 'name', params.lang),
    subtitle: localised(r, 'description', params.lang),
    link: `/brand/detail?id=${r.id}`,
  }));
}

/** A brand without counts (for pages and calls that only need it to exist); null when unknown. */
export async function getBrandSummary(db: Db, params: { id: number; lang: Lang }): Promise<BrandSummaryDto | null> {
  const [row] = await db.select().from(brands).where(eq(brands.id, params.id));
  return row ? toSummary(row, params.lang) : null;
}

/** A brand with its active products' count (exact, from the kept counts) and linked-article count; null when unknown. */
export async function getBrandDetail(db: Db, params: { id: number; lang: Lang }): Promise<BrandDetailDto | null> {
  const [row] = await db.select().from(brands).where(eq(brands.id, params.id));
  if (!row) return null;
  // The kept counts (ADR 0078): the brand's rows of the kept counts, a few hundred at most, not its products.
  const [[productCount], [articleCount]] = await Promise.all([
    db.select({ n: sql<number>`coalesce(sum(${catalogueCountRows.products}), 0)::int` }).from(catalogueCountRows).where(eq(catalogueCountRows.brandId, row.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(contentItems).where(and(eq(contentItems.brandId, row.id), eq(contentItems.status, 'published'))),
  ]);
  return {
    ...toSummary(row, params.lang),
    otherName: localised(row, 'name', otherLang(params.lang)),
    productCount: Number(productCount?.n ?? 0),
    articleCount: Number(articleCount?.n ?? 0),
  };
}
