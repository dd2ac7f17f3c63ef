import { getFormatter, getTranslations } from 'next-intl/server';
import type { ContentSummary } from '@/contracts/content';
import { Link } from '@/i18n/navigation';

const DETAIL_PATH: Record<ContentSummary['kind'], string> = {
  news: '/news/detail',
  application: '/applications/detail',
  citation: '/citations/detail',
  support: '/support/detail',
  resource: '/resources/index/detail',
};

function queryOf(item: ContentSummary): Record<string, string> {
  // Resource pages are addressed by their type as well as their id.
  return item.kind === 'resource' && item.categoryId !== null ? { type: String(item.categoryId), id: String(item.id) } : { id: String(item.id) };
}

/** Articles of any channel linked to a brand, each linking to its own channel's page. */
export async function BrandArticleList({ items }: { items: ContentSummary[] }) {
  const [t, format] = await Promise.all([getTranslations('brandPages'), getFormatter()]);
  if (items.length === 0) return <p className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-muted" data-testid="articles-empty">{t('noArticles')}</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-white" data-testid="brand-articles">
      {items.map((item) => (
        <li key={item.id} className="p-4">
          <Link href={{ pathname: DETAIL_PATH[item.kind], query: queryOf(item) }} className="font-medium text-ink hover:text-brand-600">{item.title}</Link>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted">
            <span>{t(`kinds.${item.kind}`)}</span>
            <time dateTime={item.publishedAt}>{format.dateTime(new Date(item.publishedAt), 'day')}</time>
          </p>
          {item.summary && <p className="mt-1 line-clamp-2 text-sm text-gray-600">{item.summary}</p>}
        </li>
      ))}
    </ul>
  );
}
