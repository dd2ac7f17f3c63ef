import 'server-only';
import type { BrandFacetDto, BrandListType, BrandPageDto, ProductListRowDto, ProductPageDto, ProductPageInput, ProductSearchType } from '@/contracts/catalog-browse';
import { PRODUCT_SEARCH_TYPES } from '@/contracts/catalog-browse';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { countSearchBeside } from '@/server/modules/dashboard/search-counts';
import { listBrands, listBrandsByIds } from './brands';
import { searchBrands } from './search/brands';
import { InvalidCursorError } from './search/cursor';
import { loadListRows } from './search/cards';
import { brandFacets, type PageFacet } from './search/facets';
import type { SearchedBy } from './search/key';
import { listProducts, type ProductQuery } from './search/products';
import { byLang, type Lang } from '@/lib/lang';
import type { z } from 'zod';
import type { productSearchPageInputSchema, productSearchPageSchema } from '@/contracts/structure-search';
import { searchByStructure } from '@/server/modules/structure-search/search';

/**
 * The search type of a product search. Without a key there is none; with a key, a missing type
 * searches every field (item number, CAS and names), and anything but 1–3 falls back to a name
 * search (3) that the page notes.
 */
export function resolveSearchType(key: string | undefined, type: string | undefined): { type: ProductSearchType | undefined; fallback: boolean } {
  if (!key) return { type: undefined, fallback: false };
  if (type === undefined) return { type: undefined, fallback: false };
  const n = /^\d$/.test(type) ? Number(type) : NaN;
  if ((PRODUCT_SEARCH_TYPES as readonly number[]).includes(n)) return { type: n as ProductSearchType, fallback: false };
  return { type: 3, fallback: true };
}

/** The type a search is counted under when its key was recognised as a number (a formula counts under its type). */
const SEARCHED_TYPE: Partial<Record<SearchedBy, ProductSearchType>> = { itemNo: 1, cas: 2 };

export type ProductFilter = Omit<ProductPageInput, 'limit' | 'cursor' | 'page'> & { cursor?: string | null; page?: number; limit: number };

function toQuery(filter: ProductFilter, lang: Lang, structureKey?: string): { query: ProductQuery; fallback: boolean } {
  const key = filter.key || undefined;
  const { type, fallback } = resolveSearchType(key, filter.type);
  return {
    fallback,
    query: {
      lang,
      key,
      type,
      structureKey: key ? structureKey : undefined,
      flag: filter.flag,
      categoryId: filter.categoryId,
      brandIds: filter.brandIds && filter.brandIds.length > 0 ? filter.brandIds : undefined,
      inStock: filter.inStock || undefined,
      sort: filter.sort,
      cursor: filter.cursor ?? null,
      page: filter.page,
      limit: filter.limit,
    },
  };
}

/**
 * One keyset page of products for the lists and `/api/product/sx`; a bad cursor is a 400. The first
 * page of a keyed search counts for the dashboard's top searches, unless `countSearch` is false
 * (a search that is not a buyer's, such as staff picking quotation lines).
 */
export async function findProducts(db: Db, filter: ProductFilter, lang: Lang, options: { countSearch?: boolean; structureKey?: string } = {}): Promise<ProductPageDto> {
  const { facets: _facets, ...page } = await readProducts(db, filter, lang, options);
  return page;
}

async function readProducts(
  db: Db, filter: ProductFilter, lang: Lang, options: { countSearch?: boolean; facets?: boolean; structureKey?: string },
): Promise<ProductPageDto & { facets?: PageFacet[] }> {
  const { query, fallback } = toQuery(filter, lang, options.structureKey);
  try {
    const page = await listProducts(db, { ...query, facets: options.facets });
    if (options.countSearch !== false && query.key && !query.cursor && (query.page ?? 1) === 1) {
      countSearchBeside(db, { key: page.searched?.key ?? query.key, type: SEARCHED_TYPE[page.searched?.by ?? 'all'] ?? query.type ?? null, found: page.total, now: new Date() });
    }
    return { ...page, type: query.type ?? null, typeFallback: fallback };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new AppError(400, 'invalidCursor');
    throw error;
  }
}

/**
 * A structure search as a page of products (`getPage` with type 5, ADR 0075): the substances' products in
 * result order, each with its similarity score in similarity mode, numbered pages only, and the matches' brands
 * with their counts (the brand filter left out, as `/sx/brands` counts them for the other searches).
 */
export async function findByStructure(db: Db, input: z.infer<typeof productSearchPageInputSchema>, lang: Lang): Promise<z.infer<typeof productSearchPageSchema>> {
  const key = input.key ?? '';
  if (key.trim() === '') throw new AppError(400, 'structureKeyRequired', [{ field: 'key', message: 'structureKeyRequired' }]);
  const mode = input.mode ?? 'exact';
  const result = await searchByStructure(db, {
    key, mode, threshold: input.threshold, lang,
    brandIds: input.brandIds && input.brandIds.length > 0 ? input.brandIds : undefined,
    categoryId: input.categoryId ?? undefined, inStock: input.inStock || undefined,
    page: input.page ?? 1, limit: input.limit, facets: true,
  });
  const items = result.groups.flatMap((g) => g.products.map((p) => ({ ...p, similarity: g.similarity, substanceId: g.substance.id })));
  const lastPage = Math.max(1, Math.ceil(result.count / result.limit));
  const page = Math.min(result.page, lastPage);
  return {
    items, nextCursor: null, prevCursor: null, page,
    total: result.count, totalCapped: result.countCapped, notice: null, type: 5, typeFallback: false,
    searched: { by: 'structure', key: result.canonicalSmiles },
    structure: { mode, canonicalSmiles: result.canonicalSmiles, threshold: mode === 'sim' ? result.threshold : null, partial: result.partial, engine: result.engine },
    partial: result.partial,
    facets: result.facets ?? [],
  };
}

/**
 * A product list page's products and brand facets (the facets without the brand filter). A keyed
 * search by relevance without a brand filter counts both in one pass over its matches; any other
 * list, or a page past the last, asks for the facets apart, at the same time. `structureKey` is the key as typed,
 * for `getPage` (a SMILES or InChI recognised before cleaning), used by the list and the facets alike.
 */
export async function findProductsAndFacets(
  db: Db, filter: ProductFilter, lang: Lang, options: { structureKey?: string } = {},
): Promise<{ page: ProductPageDto; facets: BrandFacetDto[] }> {
  const { brandIds: _b, cursor: _c, page: _p, limit: _l, sort: _s, ...facetFilter } = filter;
  const onePass = Boolean(filter.key) && (filter.sort ?? 'relevance') === 'relevance' && !(filter.brandIds && filter.brandIds.length > 0);
  if (!onePass) {
    const [page, facets] = await Promise.all([findProducts(db, filter, lang, options), findBrandFacets(db, facetFilter, lang, options.structureKey)]);
    return { page, facets };
  }
  const { facets, ...page } = await readProducts(db, filter, lang, { ...options, facets: true });
  if (facets) return { page, facets: facets.map((f) => ({ id: f.id, name: byLang(lang, { zh: f.nameZh, en: f.nameEn }), count: f.count })) };
  return { page, facets: await findBrandFacets(db, facetFilter, lang, options.structureKey) };
}

/** Brand facets (with counts) for the same filters as a product list. */
export async function findBrandFacets(db: Db, filter: Omit<ProductFilter, 'brandIds' | 'cursor' | 'limit' | 'sort'>, lang: Lang, structureKey?: string): Promise<BrandFacetDto[]> {
  const { query } = toQuery({ ...filter, limit: 1 }, lang, structureKey);
  const { brandIds: _b, cursor: _c, page: _p, limit: _l, sort: _s, ...rest } = query;
  return brandFacets(db, rest);
}

/** The list view's grade and packs of a page's products, in the page's order. */
export async function findListRows(db: Db, productIds: readonly number[], lang: Lang): Promise<ProductListRowDto[]> {
  return loadListRows(db, productIds, lang);
}

/** A brand list page (`/brand?type=`), or a brand search (`/brand/list?sk=`) when a key is given. */
export async function findBrands(db: Db, params: { type: BrandListType; key?: string; lang: Lang; limit: number; offset: number }): Promise<BrandPageDto> {
  if (!params.key) return listBrands(db, params);
  const found = await searchBrands(db, { key: params.key, lang: params.lang, offset: (params.offset - 1) * params.limit, limit: params.limit });
  const list = await listBrandsByIds(db, { ids: found.items.map((b) => b.id), lang: params.lang });
  return { list, total: found.total, limit: params.limit, offset: params.offset };
}
