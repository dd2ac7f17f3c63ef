import 'server-only';
import type { BrandDetailDto, BrandListType, BrandPageDto, BrandSlideDto, BrandSummaryDto, ProductPageDto } from '@/contracts/catalog-browse';
import type { ContentPage } from '@/contracts/content';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { Lang } from '@/lib/lang';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { listContent } from '@/server/modules/content/items';
import { getBrandDetail, getBrandSummary, listBrandSlides } from '@/server/modules/catalog/brands';
import { findBrands, findProducts } from '@/server/modules/catalog/browse';
import { sharedCache } from '../../../_lib/shared-cache';

export const BRAND_PAGE_SIZE = 24;
export const BRAND_ARTICLES_PAGE_SIZE = 10;

/** A brand list page (`/brand?type=`) or a brand search (`/brand/list?sk=`), with the slides. */
export async function loadBrandList(params: { locale: Locale; type: BrandListType; key?: string; page: number }): Promise<{ brands: BrandPageDto; slides: BrandSlideDto[] }> {
  const lang = messagesFor(params.locale);
  const request = { type: params.type, key: params.key, page: params.page };
  // Brand searches are read afresh (their keys are unbounded); the lists are the same for everyone.
  return params.key ? readBrandList(request, lang) : loadSharedBrandList(request, lang);
}

async function readBrandList(params: { type: BrandListType; key?: string; page: number }, lang: Lang): Promise<{ brands: BrandPageDto; slides: BrandSlideDto[] }> {
  const db = await getDb();
  const [brands, slides] = await Promise.all([
    findBrands(db, { type: params.type, key: params.key, lang, limit: BRAND_PAGE_SIZE, offset: params.page }),
    params.key ? Promise.resolve([]) : listBrandSlides(db, { lang, limit: 6 }),
  ]);
  return { brands, slides };
}

const loadSharedBrandList = sharedCache('brand-list', [storefrontTags.catalogue, storefrontTags.content], readBrandList);

/** A brand's page: the brand, its first products (keyset, newest first) and its latest articles; null when unknown. */
export async function loadBrandDetail(params: { locale: Locale; id: number }): Promise<{ brand: BrandDetailDto; products: ProductPageDto; articles: ContentPage } | null> {
  return loadSharedBrandDetail(params.id, messagesFor(params.locale));
}

const loadSharedBrandDetail = sharedCache('brand-detail', [storefrontTags.catalogue, storefrontTags.content], async (id: number, lang: Lang): Promise<{ brand: BrandDetailDto; products: ProductPageDto; articles: ContentPage } | null> => {
  const db = await getDb();
  const brand = await getBrandDetail(db, { id, lang });
  if (!brand) return null;
  const [products, articles] = await Promise.all([
    findProducts(db, { brandIds: [brand.id], limit: 12 }, lang),
    listContent(db, { brandId: brand.id, lang, limit: 5, offset: 1 }),
  ]);
  return { brand, products, articles };
});

/** Articles linked to a brand, one page; null when the brand is unknown. */
export async function loadBrandArticles(params: { locale: Locale; id: number; page: number }): Promise<{ brand: BrandSummaryDto; articles: ContentPage } | null> {
  return loadSharedBrandArticles(params.id, params.page, messagesFor(params.locale));
}

const loadSharedBrandArticles = sharedCache('brand-articles', [storefrontTags.catalogue, storefrontTags.content], async (id: number, page: number, lang: Lang): Promise<{ brand: BrandSummaryDto; articles: ContentPage } | null> => {
  const db = await getDb();
  const brand = await getBrandSummary(db, { id, lang });
  if (!brand) return null;
  const articles = await listContent(db, { brandId: brand.id, lang, limit: BRAND_ARTICLES_PAGE_SIZE, offset: page });
  return { brand, articles };
});

/** A brand without counts, for page metadata; null when unknown. */
export async function loadBrandSummary(params: { locale: Locale; id: number }): Promise<BrandSummaryDto | null> {
  return loadSharedBrandSummary(params.id, messagesFor(params.locale));
}

const loadSharedBrandSummary = sharedCache('brand-summary', [storefrontTags.catalogue], async (id: number, lang: Lang): Promise<BrandSummaryDto | null> =>
  getBrandSummary(await getDb(), { id, lang }),
);
