import { FileDown } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ContentSummary } from '@/contracts/content';
import { Link } from '@/i18n/navigation';
import { ExampleLabel } from './example-label';

/** A list of articles, cases, citations or support items with date, category and summary. */
export async function ContentList({ items, detailPath, showSource = false }: { items: ContentSummary[]; detailPath: string; showSource?: boolean }) {
  const t = await getTranslations('content');
  const format = await getFormatter();
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed border-line bg-white p-8 text-center text-muted" data-testid="content-empty">{t('empty')}</p>;
  }
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-white" data-testid="content-list">
      {items.map((item) => (
        <li key={item.id} className="p-4 sm:p-5">
          <article>
            <h2 className="text-base font-semibold leading-snug text-ink">
              <Link href={{ pathname: detailPath, query: { id: String(item.id) } }} className="hover:text-brand-600">{item.title}</Link>
            </h2>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
              <time dateTime={item.publishedAt}>{format.dateTime(new Date(item.publishedAt), 'day')}</time>
              {item.categoryName && <span>{item.categoryName}</span>}
              {showSource && item.source && <span className="italic">{item.source}</span>}
              <ExampleLabel example={item.example} />
              <span>{t('views', { count: item.views })}</span>
            </p>
            {item.summary && <p className="mt-2 line-clamp-2 text-sm text-gray-600">{item.summary}</p>}
            {item.fileUrl && (
              <a href={item.fileUrl} className="mt-2 inline-flex items-center gap-1 text-sm text-brand-600 hover:underline" download>
                <FileDown aria-hidden size={15} />{t('download')}
              </a>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
