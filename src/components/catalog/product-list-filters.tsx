import { Check, ChevronDown, Search } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { BrandFacetDto, CategoryNode } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/navigation';
import { listQuery, type ListParams } from '@/lib/product-list-params';
import { AutoSubmit } from './auto-submit';
import { FacetSearch } from './facet-search';
import type { ListHref } from './product-list-href';

interface ProductListFiltersProps {
  pathname: string;
  baseQuery: Record<string, string>;
  list: ListParams;
  /** The brands found with their counts (without the brand filter). */
  facets: BrandFacetDto[];
  categoryFilter?: CategoryNode[];
  /** A filter is on. */
  filtered: boolean;
  href: ListHref;
}

/**
 * The filters, which work without JavaScript: the stock toggle and the brands as links, the category as a GET form,
 * and a link that clears them.
 */
export async function ProductListFilters({ pathname, baseQuery, list, facets, categoryFilter, filtered, href }: ProductListFiltersProps) {
  const t = await getTranslations('catalog');
  return (
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
          <CategoryFilter baseQuery={baseQuery} list={list} categories={categoryFilter} />
          <BrandFacets list={list} facets={facets} href={href} />
          {filtered && <Link href={{ pathname, query: listQuery({ ...baseQuery, sort: list.sort, view: list.view }) }} className="text-sm text-brand-700 hover:underline" data-testid="clear-filters">{t('clearFilters')}</Link>}
        </div>
      </details>
    </aside>
  );
}

/** The first-level categories as a GET form that keeps the other parameters; it submits on change once hydrated. */
async function CategoryFilter({ baseQuery, list, categories }: { baseQuery: Record<string, string>; list: ListParams; categories?: CategoryNode[] }) {
  if (!categories || categories.length === 0) return null;
  const t = await getTranslations('catalog');
  return (
    <form method="get" action="" className="flex flex-col gap-1 text-sm" aria-label={t('category')}>
      <AutoSubmit />
      {Object.entries(listQuery({ ...baseQuery, brand: list.brandIds, stock: list.inStock, sort: list.sort, view: list.view })).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <label htmlFor="filter-category" className="font-medium">{t('category')}</label>
      <div className="flex gap-2">
        <select id="filter-category" name="cat" defaultValue={list.cat ? String(list.cat) : ''} className="h-9 min-w-0 flex-1 rounded-md border border-line bg-white px-2" data-testid="filter-category">
          <option value="">{t('allCategories')}</option>
          {categories.map((c) => <option key={c.id} value={c.id}>{c.classify}</option>)}
        </select>
        <button type="submit" className="h-9 rounded-md border border-line px-3 text-sm hover:border-brand-500">{t('apply')}</button>
      </div>
    </form>
  );
}

/** The brands found, each a link that turns it on or off, with its count; searchable when they are many. */
async function BrandFacets({ list, facets, href }: { list: ListParams; facets: BrandFacetDto[]; href: ListHref }) {
  const t = await getTranslations('catalog');
  const format = await getFormatter();
  return (
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
