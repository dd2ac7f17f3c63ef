import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

type Query = Record<string, string | number | undefined>;

function pagesAround(current: number, last: number): (number | 'gap')[] {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - (sorted[i - 1] as number) > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** Page links that keep the list's other query parameters; nothing when everything fits on one page. */
export async function Pagination({ pathname, query, page, total, limit }: { pathname: string; query: Query; page: number; total: number; limit: number }) {
  const t = await getTranslations('content');
  const last = Math.max(1, Math.ceil(Math.min(total, 10_000) / limit));
  if (last <= 1) return null;
  const href = (p: number) => ({ pathname, query: Object.fromEntries(Object.entries({ ...query, page: p > 1 ? p : undefined }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) });
  const item = 'flex h-9 min-w-9 items-center justify-center rounded-md border border-line bg-white px-2 text-sm';
  return (
    <nav aria-label={t('pagination')} className="mt-6 flex flex-wrap items-center justify-center gap-1" data-testid="pagination">
      {page > 1 ? (
        <Link href={href(page - 1)} className={`${item} hover:border-brand-500`} rel="prev" aria-label={t('previousPage')}><ChevronLeft aria-hidden size={16} /></Link>
      ) : null}
      {pagesAround(page, last).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-muted">…</span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${item} border-brand-500 bg-brand-500 font-medium text-white`}>{p}</span>
        ) : (
          <Link key={p} href={href(p)} className={`${item} hover:border-brand-500`} aria-label={t('pageN', { page: p })}>{p}</Link>
        ),
      )}
      {page < last ? (
        <Link href={href(page + 1)} className={`${item} hover:border-brand-500`} rel="next" aria-label={t('nextPage')}><ChevronRight aria-hidden size={16} /></Link>
      ) : null}
    </nav>
  );
}
