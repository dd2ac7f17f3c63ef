import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProductListView } from '@/components/catalog/product-list-view';
import { ClientMessages } from '@/i18n/client-messages-provider';
import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { categoryHref } from '@/lib/category-links';
import { parseListParams, parseSearchKey } from '@/lib/product-list-params';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { resolveSearchType } from '@/server/modules/catalog/browse';
import { LIST_PAGE_SIZE, loadCategory, loadProductList } from './load-product-list';

export type Search = Record<string, string | string[] | undefined>;
export interface PageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Search>;
}

export type Flag = 'hot' | 'new' | 'special';

/** What one list route shows, decided from its query before anything is loaded. */
interface ListSpec {
  pathname: string;
  baseQuery: Record<string, string>;
  titleKey: 'hot' | 'new' | 'special' | 'promotion' | 'allProducts' | 'searchResults';
  flag?: Flag;
  key?: string;
  type?: string;
  /** The (validated) category of a category list. */
  categoryId?: number;
}

const FLAG_TITLE: Record<Flag, ListSpec['titleKey']> = { hot: 'hot', new: 'new', special: 'special' };

/** A list of flagged products (hot, new, special) under a fixed path. */
export function flagList(pathname: string, flag: Flag) {
  return productListPage(() => ({ pathname, baseQuery: {}, titleKey: FLAG_TITLE[flag], flag }));
}

/** `/promotion/hot`: hot products; the nav bar's link carries `type=1`, which the links keep. */
export function promotionHotList() {
  return productListPage((search) => ({
    pathname: '/promotion/hot',
    baseQuery: (firstParam(search.type) === '1' ? { type: '1' } : {}) as Record<string, string>,
    titleKey: 'hot',
    flag: 'hot',
  }));
}

/** `/promotion/products`: the current offers above the special-offer products. */
export function promotionProductsList(intro: (locale: Locale) => Promise<ReactNode>) {
  return productListPage(() => ({ pathname: '/promotion/products', baseQuery: {}, titleKey: 'promotion', flag: 'special' }), intro);
}

/**
 * A search: `sk` (or `searchKey`) and `type`; without a key, every product. The key is cleaned by
 * the shared rule; a type other than 1–3 searches names and the page says so.
 */
export function searchList(pathname: string, keyParam: 'sk' | 'searchKey') {
  return productListPage((search): Decision => {
    const key = parseSearchKey(search[keyParam]);
    const typeText = firstParam(search.type);
    if (!key) return { pathname, baseQuery: {}, titleKey: 'allProducts' };
    // Type 4 is the brand search (docs/requirements/storefront.md#search-types): the search bar's plain-form fallback lands here with it.
    if (typeText === '4') return { brandSearch: key };
    const baseQuery: Record<string, string> = { [keyParam]: key };
    if (typeText !== undefined && typeText !== '') baseQuery.type = typeText.slice(0, 10);
    return { pathname, baseQuery, titleKey: 'searchResults', key, type: typeText?.slice(0, 10) };
  });
}

/** The list of a category (`typeId`, with `fatherId` and `classify` kept); every product without one. */
export function categoryList(pathname: string) {
  return productListPage((search) => {
    const raw = firstParam(search.typeId);
    if (raw === undefined) return { pathname, baseQuery: {}, titleKey: 'allProducts' };
    const typeId = positiveInt(raw);
    if (!typeId) return 'notFound';
    const baseQuery: Record<string, string> = { typeId: String(typeId) };
    const fatherId = firstParam(search.fatherId);
    const classify = firstParam(search.classify);
    if (fatherId && /^\d{1,9}$/.test(fatherId)) baseQuery.fatherId = fatherId;
    if (classify) baseQuery.classify = classify.slice(0, 60);
    return { pathname, baseQuery, titleKey: 'allProducts', categoryId: typeId };
  });
}

type Decision = ListSpec | 'notFound' | { brandSearch: string };

function productListPage(decide: (search: Search) => Decision, intro?: (locale: Locale) => Promise<ReactNode>) {
  async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const search = await searchParams;
    const spec = decide(search);
    const t = await getTranslations({ locale, namespace: 'catalog' });
    if (spec === 'notFound') return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
    if ('brandSearch' in spec) return { robots: { index: false } };
    const category = spec.categoryId ? await loadCategory({ locale: locale as Locale, id: spec.categoryId }) : null;
    if (spec.categoryId && !category) return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
    const title = category ? category.node.classify : spec.key ? t('searchTitle', { key: spec.key }) : t(`titles.${spec.titleKey}`);
    const list = parseListParams(search);
    return pageMetadata({
      locale,
      path: spec.pathname,
      query: spec.categoryId ? { typeId: spec.categoryId } : undefined,
      title,
      description: category ? t('categoryDescription', { name: category.node.classify }) : t(`descriptions.${spec.titleKey}`),
      noIndex: Boolean(spec.key) || list.brandIds.length > 0 || list.inStock || Boolean(list.cursor) || list.page !== undefined || list.cat !== undefined,
    });
  }

  async function Page({ params, searchParams }: PageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const search = await searchParams;
    const spec = decide(search);
    if (spec === 'notFound') notFound();
    if ('brandSearch' in spec) {
      redirect({ href: { pathname: '/brand/list', query: { sk: spec.brandSearch, type: '4', t: String(Date.now()) } }, locale });
      return null;
    }
    const category = spec.categoryId ? await loadCategory({ locale: locale as Locale, id: spec.categoryId }) : null;
    if (spec.categoryId && !category) notFound();
    const list = parseListParams(search);
    const data = await loadProductList({
      locale: locale as Locale,
      key: spec.key,
      type: spec.type,
      flag: spec.flag,
      categoryId: spec.categoryId,
      list: category ? { ...list, cat: undefined } : list,
    });
    const [t, tn] = [await getTranslations('catalog'), await getTranslations('nav')];
    const productCrumb = { label: tn('product'), href: '/product/index' };
    const crumbs = category
      ? [productCrumb, ...category.ancestors.map((a) => ({ label: a.classify, href: hrefText(categoryHref(a)) })), { label: category.node.classify }]
      : [productCrumb, { label: spec.key ? t('titles.searchResults') : t(`titles.${spec.titleKey}`) }];
    const title = category ? category.node.classify : spec.key ? t('searchTitle', { key: spec.key }) : t(`titles.${spec.titleKey}`);
    const searchInfo = spec.key ? { key: spec.key, type: resolveSearchType(spec.key, spec.type).type ?? 3 } : null;
    return (
      <ClientMessages namespaces={['catalog', 'productDetail']}>
        <ProductListView
          pathname={spec.pathname}
          baseQuery={spec.baseQuery}
          title={title}
          crumbs={crumbs}
          homeLabel={tn('home')}
          page={data.page}
          facets={data.facets}
          list={list}
          search={searchInfo}
          categoryFilter={category ? undefined : data.roots}
          subcategories={category?.node.secondJson}
          cursorReset={data.cursorReset}
          rows={data.rows}
          pageSize={LIST_PAGE_SIZE}
        >
          {intro ? await intro(locale as Locale) : null}
        </ProductListView>
      </ClientMessages>
    );
  }
  return { generateMetadata, Page };
}

/** A link object as a path with its query (breadcrumbs take strings). */
export function hrefText(href: { pathname: string; query: Record<string, string> }): string {
  const qs = new URLSearchParams(href.query).toString();
  return qs ? `${href.pathname}?${qs}` : href.pathname;
}
