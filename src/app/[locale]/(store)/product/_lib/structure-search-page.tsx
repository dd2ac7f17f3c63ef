import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StructureResultsView } from '@/components/catalog/structure-results-view';
import { ClientMessages } from '@/i18n/client-messages-provider';
import type { Locale } from '@/i18n/routing';
import { firstParam, pageMetadata } from '@/lib/seo';
import { parseListParams } from '@/lib/product-list-params';
import { STRUCTURE_SEARCH_TYPE, parseStructureQuery, structureSearchQuery } from '@/lib/structure-query';
import { loadCategoryTree } from './load-product-list';
import { STRUCTURE_PAGE_SIZE, loadStructureSearch } from './load-structure-search';
import type { PageProps, Search } from './product-pages';

/** A product list address that asks for a structure search (`type=5`, ADR 0075). */
export function isStructureSearch(search: Search): boolean {
  return firstParam(search.type) === String(STRUCTURE_SEARCH_TYPE);
}

/** The structure search's result page under a list path (`/product/list?type=5&mode=…&sk=…`). */
export function structureSearchPage(pathname: string) {
  async function generateMetadata({ params }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'structureSearch' });
    return pageMetadata({ locale, path: pathname, title: t('title'), description: t('description'), noIndex: true });
  }

  async function Page({ params, searchParams }: PageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const search = await searchParams;
    const query = parseStructureQuery(search);
    const list = parseListParams(search);
    const page = list.page ?? 1;
    const [state, roots, tn] = await Promise.all([
      loadStructureSearch({ locale: locale as Locale, query, list, page }),
      loadCategoryTree({ locale: locale as Locale }),
      getTranslations('nav'),
    ]);
    return (
      <ClientMessages namespaces={['catalog', 'productDetail']}>
        <StructureResultsView
          pathname={pathname}
          baseQuery={structureSearchQuery(query)}
          mode={query.mode}
          threshold={query.threshold}
          structureKey={query.key}
          list={{ ...list, cursor: undefined, sort: undefined, view: undefined }}
          page={page}
          pageSize={STRUCTURE_PAGE_SIZE}
          state={state}
          categoryFilter={roots}
          homeLabel={tn('home')}
          productCrumb={{ label: tn('product'), href: '/product/index' }}
        />
      </ClientMessages>
    );
  }
  return { generateMetadata, Page };
}
