import { LayoutGrid, List } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ProductPageDto } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/navigation';
import type { ListParams, ListSort, ListView } from '@/lib/product-list-params';
import type { ListHref } from './product-list-href';

interface ProductListToolbarProps {
  page: ProductPageDto;
  list: ListParams;
  view: ListView;
  /** A search sorts by relevance first. */
  searching: boolean;
  href: ListHref;
}

/** Above the results: the count, the sort links and the view links (cards or list). */
export async function ProductListToolbar({ page, list, view, searching, href }: ProductListToolbarProps) {
  const t = await getTranslations('catalog');
  const format = await getFormatter();
  const sorts: ListSort[] = searching ? ['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc'] : ['newest', 'itemNo', 'priceAsc', 'priceDesc'];
  const activeSort: ListSort = list.sort ?? (searching ? 'relevance' : 'newest');
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <p id="list-count" className="text-sm text-muted" data-testid="result-count">
        {page.totalCapped ? t('resultsCapped', { count: format.number(page.total) }) : t('results', { count: page.total })}
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
  );
}
