import 'server-only';
import type { BrandFacetDto, CategoryNode, ProductPageDto } from '@/contracts/catalog-browse';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { ListParams } from '@/lib/product-list-params';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { findBrandFacets, findProducts, type ProductFilter } from '@/server/modules/catalog/browse';
import { getCategory, listCategoryTree } from '@/server/modules/catalog/categories';

export const LIST_PAGE_SIZE = 20;

export interface ProductListData {
  page: ProductPageDto;
  facets: BrandFacetDto[];
  /** First-level categories, for the category filter of lists that are not a category's own. */
  roots: CategoryNode[];
  /** The cursor in the URL was not valid for this list: the first page is shown instead. */
  cursorReset: boolean;
}

/** What a product list page shows: one keyset page, the brand facets, the category filter. */
export async function loadProductList(params: {
  locale: Locale;
  key?: string;
  type?: string;
  flag?: ProductFilter['flag'];
  categoryId?: number;
  list: ListParams;
}): Promise<ProductListData> {
  const db = await getDb();
  const lang = messagesFor(params.locale);
  const base = {
    key: params.key,
    type: params.type,
    flag: params.flag,
    categoryId: params.categoryId ?? params.list.cat,
    inStock: params.list.inStock,
  };
  const filter: ProductFilter = { ...base, brandIds: params.list.brandIds, sort: params.list.sort, cursor: params.list.cursor, limit: LIST_PAGE_SIZE };
  const [facets, roots, first] = await Promise.all([
    findBrandFacets(db, base, lang),
    listCategoryTree(db, { lang }),
    findProducts(db, filter, lang).then(
      (page) => ({ page, cursorReset: false }),
      (error: unknown) => {
        if (error instanceof AppError && error.messageKey === 'invalidCursor') return null;
        throw error;
      },
    ),
  ]);
  const result = first ?? { page: await findProducts(db, { ...filter, cursor: undefined }, lang), cursorReset: true };
  return { ...result, facets, roots };
}

/** A category with its ancestors, for category pages; null when unknown. */
export async function loadCategory(params: { locale: Locale; id: number }) {
  return getCategory(await getDb(), { id: params.id, lang: messagesFor(params.locale) });
}

/** The whole tree, for the category overview pages. */
export async function loadCategoryTree(params: { locale: Locale }): Promise<CategoryNode[]> {
  return listCategoryTree(await getDb(), { lang: messagesFor(params.locale) });
}
