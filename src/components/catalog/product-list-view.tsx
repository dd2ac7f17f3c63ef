import { Check, ChevronDown, ChevronLeft, ChevronRight, Info, LayoutGrid, List, Search } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { BrandFacetDto, CategoryNode, ProductListRowDto, ProductPageDto } from '@/contracts/catalog-browse';
import { PageTitle } from '@/components/content/page-title';
import { Link } from '@/i18n/navigation';
import { categoryHref } from '@/lib/category-links';
import { listQuery, pagerNumbers, type ListParams, type ListSort, type ListView } from '@/lib/product-list-params';
import { AutoSubmit } from './auto-submit';
import { FacetSearch } from './facet-search';
import { FeedbackFormOnDemand } from './feedback-form-on-demand';
import { ProductListCard } from './product-list-card';
import { ProductListRows } from './product-list-rows';

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
  /** A customer is signed in: the list view's add-to-cart adds instead of asking to sign in. */
  signedIn?: boolean;
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
  const format = await getFormatter();
  const filters = { brand: list.brandIds, stock: list.inStock, cat: list.cat, view: list.view };
  const view: ListView = list.view ?? 'cards';
  const sorts: ListSort[] = search ? ['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc'] : ['newest', 'itemNo', 'priceAsc', 'priceDesc'];
  const activeSort: ListSort = list.sort ?? (search ? 'relevance' : 'newest');
  const href = (extra: Record<string, string | number | boolean | number[] | undefined>) => ({
    pathname,
    query: listQuery({ ...baseQuery, ...filters, sort: list.sort, ...extra }),
  });
  const filtered = list.brandIds.length > 0 || list.inStock || list.cat !== undefined;

  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={props.homeLabel} crumbs={props.crumbs} title={props.title}>
        {props.children}
      </PageTitle>

      <div className="flex flex-col gap-3" aria-live="polite">
        {page.typeFallback && (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="type-fallback-note">
            <Info aria-hidden size={16} className="mt-0.5 shrink-0" />{t('typeFallback')}
          </p>
        )}
        {page.notice === 'casCheckDigit' && search && (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="cas-notice">
            <Info aria-hidden size={16} className="mt-0.5 shrink-0" />{t('casCheckDigit', { cas: search.key })}
          </p>
        )}
        {props.cursorReset && <p className="text-sm text-muted" data-testid="cursor-reset">{t('cursorReset')}</p>}
      </div>

      {props.subcategories && props.subcategories.length > 0 && (
        <nav aria-label={t('subcategories')} className="mt-2 mb-4">
          <ul className="flex flex-wrap gap-2">
            {props.subcategories.map((c) => (
              <li key={c.id}>
                <Link href={categoryHref(c)} className="block rounded-full border border-line bg-white px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-700">{c.classify}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="mt-4 flex flex-col gap-6 lg:flex-row">
        <aside className="lg:w-60 lg:shrink-0">
          {/* Folded on phones so that results come first; always open beside the results from 1024 px (globals.css). */}
          <details className="filters-panel group rounded-lg border border-line bg-white" data-testid="filters-panel">
            <summary className="flex cursor-pointer select-none items-center justify-between px-4 py-3 text-sm font-semibold lg:hidden" data-testid="filters-toggle">
              <span>{t('filters')}{filtered && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">{t('filtersOn')}</span>}</span>
              <ChevronDown aria-hidden size={16} className="text-muted transition-transform group-open:rotate-180" />
            </summary>
            <div className="flex flex-col gap-4 px-4 pb-4 lg:pt-4" data-testid="list-filters">
              <Link
                href={href({ stock: !list.inStock, cursor: undefined })}
                rel="nofollow"
                data-active={list.inStock}
                className="flex items-center gap-2 text-sm hover:text-brand-700"
                data-testid="filter-stock"
              >
                <CheckMark on={list.inStock} />{t('inStockOnly')}{list.inStock && <span className="sr-only"> ({t('filterOn')})</span>}
              </Link>
              {props.categoryFilter && props.categoryFilter.length > 0 && (
                <form method="get" action="" className="flex flex-col gap-1 text-sm" aria-label={t('category')}>
                  <AutoSubmit />
                  {Object.entries(listQuery({ ...baseQuery, brand: list.brandIds, stock: list.inStock, sort: list.sort, view: list.view })).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
                  <label htmlFor="filter-category" className="font-medium">{t('category')}</label>
                  <div className="flex gap-2">
                    <select id="filter-category" name="cat" defaultValue={list.cat ? String(list.cat) : ''} className="h-9 min-w-0 flex-1 rounded-md border border-line bg-white px-2" data-testid="filter-category">
                      <option value="">{t('allCategories')}</option>
                      {props.categoryFilter.map((c) => <option key={c.id} value={c.id}>{c.classify}</option>)}
                    </select>
                    <button type="submit" className="h-9 rounded-md border border-line px-3 text-sm hover:border-brand-500">{t('apply')}</button>
                  </div>
                </form>
              )}
              <div className="flex flex-col gap-1 text-sm">
                <p className="mb-1 font-medium">{t('brands')}</p>
                {facets.length === 0 ? <p className="text-xs text-muted">{t('noBrands')}</p> : (
                  <FacetSearch count={facets.length} icon={<Search aria-hidden size={14} className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-muted" />}>
                  <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" data-testid="brand-facets">
                    {facets.map((f) => {
                      const on = list.brandIds.includes(f.id);
                      const brandsAfter = on ? list.brandIds.filter((b) => b !== f.id) : [...list.brandIds, f.id];
                      return (
                        <li key={f.id} data-facet-name={f.name}>
                          <Link href={href({ brand: brandsAfter, cursor: undefined })} rel="nofollow" data-active={on} className="flex items-center gap-2 hover:text-brand-700" data-testid="brand-facet">
                            <CheckMark on={on} />
                            <span className="min-w-0 flex-1 truncate" data-testid="brand-facet-name">{f.name}</span>
                            {on && <span className="sr-only"> ({t('filterOn')})</span>}
                            <span className="text-xs text-muted">{format.number(f.count)}</span>
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                  </FacetSearch>
                )}
              </div>
              {filtered && <Link href={{ pathname, query: listQuery({ ...baseQuery, sort: list.sort, view: list.view }) }} className="text-sm text-brand-700 hover:underline" data-testid="clear-filters">{t('clearFilters')}</Link>}
            </div>
          </details>
        </aside>

        <section className="min-w-0 flex-1" aria-labelledby="list-count">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p id="list-count" className="text-sm text-muted" data-testid="result-count">
              {page.totalCapped ? t('resultsCapped', { count: format.number(10_000) }) : t('results', { count: page.total })}
            </p>
            <nav aria-label={t('sortBy')} className="flex flex-wrap items-center gap-1 text-sm" data-testid="sort-links">
              <span className="text-muted">{t('sortBy')}:</span>
              {sorts.map((s) => (
                s === activeSort
                  ? <span key={s} aria-current="true" className="rounded bg-brand-500 px-2 py-1 text-white">{t(`sort.${s}`)}</span>
                  : <Link key={s} href={href({ sort: s })} className="rounded px-2 py-1 hover:bg-brand-50 hover:text-brand-700">{t(`sort.${s}`)}</Link>
              ))}
            </nav>
            <nav aria-label={t('viewLabel')} className="flex items-center gap-1 text-sm" data-testid="view-links">
              {(['cards', 'list'] as const).map((v) => {
                const Icon = v === 'list' ? List : LayoutGrid;
                const label = <><Icon aria-hidden size={15} />{t(`view.${v}`)}</>;
                return v === view
                  ? <span key={v} aria-current="true" className="flex items-center gap-1 rounded border border-brand-500 px-2 py-1 text-brand-700">{label}</span>
                  : <Link key={v} href={href({ view: v === 'list' ? 'list' : undefined, cursor: list.cursor, page: list.cursor ? undefined : list.page })} rel="nofollow" className="flex items-center gap-1 rounded border border-line px-2 py-1 hover:border-brand-500 hover:text-brand-700" data-testid={`view-${v}`}>{label}</Link>;
              })}
            </nav>
          </div>

          {page.items.length === 0 ? (
            <div className="rounded-lg border border-dashed border-line bg-white p-8 text-center" data-testid="list-empty">
              <p className="font-medium text-ink">{search ? t('noResultsFor', { key: search.key }) : filtered ? t('noResultsFiltered') : t('emptyList')}</p>
              {search && page.notice !== 'casCheckDigit' && (
                <div className="flex justify-center"><FeedbackFormOnDemand searchKey={search.key} type={search.type} /></div>
              )}
            </div>
          ) : view === 'list' ? (
            <ProductListRows items={page.items} rows={props.rows ?? []} signedIn={props.signedIn ?? false} />
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

type ListHref = (extra: Record<string, string | number | boolean | number[] | undefined>) => { pathname: string; query: Record<string, string> };

interface PagerLabels {
  pagination: string;
  previous: string;
  next: string;
  pageN: (n: number) => string;
  gap: string;
}

/**
 * Previous and next by keyset cursor (cheap at any depth), and numbered pages around the current one
 * (`page=N`, read by offset within the 10,000 counted matches). With a capped count the last page is
 * not known, so the pager ends with "…" instead of a number.
 */
function NumberedPager({ page, pageSize, href, labels }: { page: ProductPageDto; pageSize: number; href: ListHref; labels: PagerLabels }) {
  if (!page.prevCursor && !page.nextCursor) return null;
  const current = page.page;
  const counted = Math.max(1, Math.ceil(page.total / pageSize));
  const pages = current === null ? counted : Math.max(counted, current + (page.nextCursor ? 1 : 0));
  const numbers = current === null ? [] : pagerNumbers(current, pages, !page.totalCapped);
  const box = 'flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-2 text-sm sm:px-3';
  return (
    <nav aria-label={labels.pagination} className="mt-6 flex flex-wrap items-center justify-center gap-1.5 sm:gap-2" data-testid="keyset-pager">
      {page.prevCursor ? (
        <Link href={href({ cursor: page.prevCursor })} rel="prev" className={`${box} border-line bg-white hover:border-brand-500`} data-testid="pager-prev">
          <ChevronLeft aria-hidden size={16} /><span className="max-sm:sr-only">{labels.previous}</span>
        </Link>
      ) : null}
      {numbers.map((n, i) => (n === null
        ? <span key={`gap-${i}`} className="px-1 text-muted" aria-label={labels.gap}>…</span>
        : n === current
          ? <span key={n} aria-current="page" className={`${box} border-brand-500 bg-brand-500 font-medium text-white`} data-testid="pager-current">{n}</span>
          // On phones only the nearest neighbours are numbered, so that the pager keeps to one line.
          : <Link key={n} href={href({ page: n > 1 ? n : undefined, cursor: undefined })} rel="nofollow" aria-label={labels.pageN(n)} className={`${box} border-line bg-white hover:border-brand-500 ${current !== null && Math.abs(n - current) === 2 && n !== 1 && n !== pages ? 'max-sm:hidden' : ''}`} data-testid="pager-page">{n}</Link>))}
      {page.nextCursor ? (
        <Link href={href({ cursor: page.nextCursor })} rel="next" className={`${box} border-line bg-white hover:border-brand-500`} data-testid="pager-next">
          <span className="max-sm:sr-only">{labels.next}</span><ChevronRight aria-hidden size={16} />
        </Link>
      ) : null}
    </nav>
  );
}

/** The box of a filter link: ticked when the filter is on. */
function CheckMark({ on }: { on: boolean }) {
  return (
    <span aria-hidden className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${on ? 'border-brand-500 bg-brand-500 text-white' : 'border-gray-400 bg-white'}`}>
      {on && <Check size={12} strokeWidth={3} />}
    </span>
  );
}
