import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import type { ProductPageDto } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/navigation';
import { pagerNumbers } from '@/lib/product-list-params';
import type { ListHref } from './product-list-href';

interface PagerLabels {
  pagination: string;
  previous: string;
  next: string;
  pageN: (n: number) => string;
  gap: string;
}

/**
 * Previous and next by keyset cursor (cheap at any depth), and numbered pages around the current one
 * (`page=N`, read by offset within the counted matches: 1,000 for a search, 10,000 for a list). With a
 * capped count the last page is not known, so the pager ends with "…" instead of a number.
 */
export function NumberedPager({ page, pageSize, href, labels }: { page: ProductPageDto; pageSize: number; href: ListHref; labels: PagerLabels }) {
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
