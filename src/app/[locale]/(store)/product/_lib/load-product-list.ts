import 'server-only';
import type { BrandFacetDto, CategoryNode, ProductListRowDto, ProductPageDto } from '@/contracts/catalog-browse';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { Lang } from '@/lib/lang';
import type { ListParams } from '@/lib/product-list-params';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { findListRows, findProductsAndFacets, type ProductFilter } from '@/server/modules/catalog/browse';
import { getCategory, listCategoryTree } from '@/server/modules/catalog/categories';
import { sharedCache } from '../../../_lib/shared-cache';

export const LIST_PAGE_SIZE = 20;

export interface ProductListData {
  page: ProductPageDto;
  facets: BrandFacetDto[];
  /** First-level categories, for the category filter of lists that are not a category's own. */
  roots: CategoryNode[];
  /** The cursor in the URL was not valid for this list: the first page is shown instead. */
  cursorReset: boolean;
  /** The list view's grade and packs per product of the page (empty for the card view). */
  rows: ProductListRowDto[];
}

interface ListRequest {
  locale: Locale;
  key?: string;
  type?: string;
  flag?: ProductFilter['flag'];
  categoryId?: number;
  list: ListParams;
}

/**
 * What a product list page shows: one keyset page, the brand facets, the category filter. Lists
 * without a search key (hot, new, special, a category, with or without "in stock", sorted, a page
 * further on) are the same for everyone and come from the shared cache (ADR 0025); searches are
 * read afresh (their keys are unbounded), with the category tree from the cache.
 */
export async function loadProductList(params: ListRequest): Promise<ProductListData> {
  const lang = messagesFor(params.locale);
  const request = { key: params.key, type: params.type, flag: params.flag, categoryId: params.categoryId, list: params.list };
  return params.key ? readProductList(request, lang) : loadSharedList(request, lang);
}

const loadSharedTree = sharedCache('category-tree', [storefrontTags.catalogue], async (lang: Lang): Promise<CategoryNode[]> =>
  listCategoryTree(await getDb(), { lang }),
);

async function readProductList(params: Omit<ListRequest, 'locale'>, lang: Lang): Promise<ProductListData> {
  const db = await getDb();
  const base = {
    key: params.key,
    type: params.type,
    flag: params.flag,
    categoryId: params.categoryId ?? params.list.cat,
    inStock: params.list.inStock,
  };
  const filter: ProductFilter = {
    ...base, brandIds: params.list.brandIds, sort: params.list.sort, cursor: params.list.cursor, page: params.list.cursor ? undefined : params.list.page, limit: LIST_PAGE_SIZE,
  };
  // A search by relevance counts its brand facets in the same pass over its matches (findProductsAndFacets).
  const [roots, first] = await Promise.all([
    loadSharedTree(lang),
    findProductsAndFacets(db, filter, lang).then(
      (found) => ({ ...found, cursorReset: false }),
      (error: unknown) => {
        if (error instanceof AppError && error.messageKey === 'invalidCursor') return null;
        throw error;
      },
    ),
  ]);
  // A bad cursor, or a numbered page past the last one (the list shrank since the link was made): the first page.
  const outOfRange = first !== null && first.page.items.length === 0 && first.page.total > 0;
  const result = first && !outOfRange ? first : { ...(await findProductsAndFacets(db, { ...filter, cursor: undefined, page: undefined }, lang)), cursorReset: true };
  const rows = params.list.view === 'list' ? await findListRows(db, result.page.items.map((p) => p.id), lang) : [];
  return { ...result, roots, rows };
}

const loadSharedList = sharedCache('product-list', [storefrontTags.catalogue], readProductList);

/** A category with its ancestors, for category pages; null when unknown. */
export async function loadCategory(params: { locale: Locale; id: number }) {
  return loadSharedCategory(params.id, messagesFor(params.locale));
}

const loadSharedCategory = sharedCache('category', [storefrontTags.catalogue], async (id: number, lang: Lang) => getCategory(await getDb(), { id, lang }));

/** The whole tree, for the category overview pages. */
export async function loadCategoryTree(params: { locale: Locale }): Promise<CategoryNode[]> {
  return loadSharedTree(messagesFor(params.locale));
}
