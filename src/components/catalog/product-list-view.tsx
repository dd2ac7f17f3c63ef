import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { BrandFacetDto, CategoryNode, ProductListRowDto, ProductPageDto } from '@/contracts/catalog-browse';
import { PageTitle } from '@/components/content/page-title';
import type { ListParams, ListView } from '@/lib/product-list-params';
import { FeedbackFormOnDemand } from './feedback-form-on-demand';
import { ProductListCard } from './product-list-card';
import { ProductListFilters } from './product-list-filters';
import { listHref } from './product-list-href';
import { ProductListNotices, SubcategoryLinks } from './product-list-notices';
import { NumberedPager } from './product-list-pager';
import { ProductListRows } from './product-list-rows';
import { ProductListToolbar } from './product-list-toolbar';

export interface ProductListViewProps {
  /** The page's own path, e.g. `/product/list`. */
  pathname: string;
  /** The parameters that pick the list (sk and type, typeId…); kept by every link and by the form. */
  baseQuery: Record<string, string>;
  title: string;
  crumbs: { label: string; href?: string }[];
  homeLabel: string;
  page: ProductPageDto;
  facets: BrandFacetDto[];
  list: ListParams;
  /** The search, when the list is one. */
  search: { key: string; type: number } | null;
  /** First-level categories for the category filter; omitted on a category's own list. */
  categoryFilter?: CategoryNode[];
  /** Child categories shown as links above a category's list. */
  subcategories?: CategoryNode[];
  cursorReset?: boolean;
  /** The list view's grade and packs per product (loaded only for `view=list`). */
  rows?: ProductListRowDto[];
  /** Rows per page, for the numbered pager. */
  pageSize: number;
  children?: ReactNode;
}

/**
 * A product list (hot, new, special, promotion, category, search): notices, the count, sort links,
 * filters that work without JavaScript (brand and stock toggles as links, the category as a GET form), cards or
 * the list view (rows with packs, grouped by substance) and keyset paging with the engine's cursors; an empty
 * search offers the "could not find it" form.
 */
export async function ProductListView(props: ProductListViewProps) {
  const { pathname, baseQuery, page, facets, list, search } = props;
  const t = await getTranslations('catalog');
  const view: ListView = list.view ?? 'cards';
  const href = listHref(pathname, baseQuery, list);
  const filtered = list.brandIds.length > 0 || list.inStock || list.cat !== undefined;

  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={props.homeLabel} crumbs={props.crumbs} title={props.title}>
        {props.children}
      </PageTitle>

      <ProductListNotices page={page} search={search} cursorReset={props.cursorReset} />

      <SubcategoryLinks subcategories={props.subcategories} />

      <div className="mt-4 flex flex-col gap-6 lg:flex-row">
        <ProductListFilters pathname={pathname} baseQuery={baseQuery} list={list} facets={facets} categoryFilter={props.categoryFilter} filtered={filtered} href={href} />

        <section className="min-w-0 flex-1" aria-labelledby="list-count">
          <ProductListToolbar page={page} list={list} view={view} searching={search !== null} href={href} />

          {page.items.length === 0 ? (
            <div className="rounded-lg border border-dashed border-line bg-white p-8 text-center" data-testid="list-empty">
              <p className="font-medium text-ink">{search ? t('noResultsFor', { key: search.key }) : filtered ? t('noResultsFiltered') : t('emptyList')}</p>
              {search && page.notice !== 'casCheckDigit' && (
                <div className="flex justify-center"><FeedbackFormOnDemand searchKey={search.key} type={search.type} /></div>
              )}
            </div>
          ) : view === 'list' ? (
            <ProductListRows items={page.items} rows={props.rows ?? []} />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="product-list">
              {page.items.map((p) => <li key={p.id}><ProductListCard product={p} /></li>)}
            </ul>
          )}

          <NumberedPager page={page} pageSize={props.pageSize} href={href} labels={{ pagination: t('pagination'), previous: t('previous'), next: t('next'), pageN: (n) => t('pageN', { n }), gap: t('pageGap') }} />
        </section>
      </div>
    </div>
  );
}
