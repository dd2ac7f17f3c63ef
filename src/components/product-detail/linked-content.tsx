import { getFormatter, getTranslations } from 'next-intl/server';
import type { ContentSummary } from '@/contracts/content';
import { Link } from '@/i18n/navigation';
import { ExampleLabel } from '@/components/content/example-label';

const DETAIL_PATH: Record<string, string> = { news: '/news/detail', application: '/applications/detail', citation: '/citations/detail', support: '/support/detail' };
const KIND_KEY = { news: 'kindNews', application: 'kindApplication', citation: 'kindCitation', support: 'kindSupport' } as const;

/** Articles or citations that name the product, each linking to its own page. */
export async function LinkedContent({ title, items, total, emptyText, testId }: { title: string; items: ContentSummary[]; total: number; emptyText: string; testId: string }) {
  const t = await getTranslations('productDetail');
  const format = await getFormatter();
  return (
    <section className="rounded-lg border border-line bg-white p-4 sm:p-5" aria-label={title} data-testid={testId}>
      <h2 className="text-lg font-semibold text-ink">{title}{total > 0 && <span className="ml-2 text-sm font-normal text-muted">({total})</span>}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{emptyText}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {items.map((item) => (
            <li key={item.id} className="py-2">
              <Link href={{ pathname: DETAIL_PATH[item.kind] ?? '/news/detail', query: { id: String(item.id) } }} className="font-medium text-ink hover:text-brand-600" data-testid="linked-item">
                {item.title}
              </Link>
              <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
                {item.kind in KIND_KEY && <span>{t(KIND_KEY[item.kind as keyof typeof KIND_KEY])}</span>}
                {item.source && <span className="italic">{item.source}</span>}
                <ExampleLabel example={item.example} />
                <time dateTime={item.publishedAt}>{format.dateTime(new Date(item.publishedAt), 'day')}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
