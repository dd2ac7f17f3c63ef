import { FileDown } from '@/components/ui/icons';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import type { CommentPage, ContentDetail } from '@/contracts/content';
import { Link } from '@/i18n/navigation';
import { labelColon } from '@/lib/label-colon';
import { Comments } from './comments';
import { LikeButton } from './like-button';
import { RichText } from './rich-text';
import { ExampleLabel } from './example-label';

const DETAIL_PATHS: Record<string, string> = { news: '/news/detail', application: '/applications/detail', citation: '/citations/detail', support: '/support/detail' };
const KIND_KEYS: Record<string, 'news' | 'application' | 'citation' | 'support'> = { news: 'news', application: 'application', citation: 'citation', support: 'support' };

/** An article, case, citation or support item: sanitised body, tags, likes, neighbours, related items and comments. */
export async function ArticleView({ item, detailPath, listPath, comments }: {
  item: ContentDetail;
  detailPath: string;
  listPath: { pathname: string; query?: Record<string, string> };
  comments: CommentPage;
}) {
  const t = await getTranslations('content');
  const colon = labelColon(await getLocale());
  const format = await getFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), 'day');
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <article className="min-w-0" data-testid="article">
        <header className="border-b border-line pb-4">
          <h1 className="text-2xl font-bold leading-snug text-ink" data-testid="page-title">{item.title}</h1>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <time dateTime={item.publishedAt}>{date(item.publishedAt)}</time>
            {item.categoryName && item.categoryId !== null && (
              <Link href={{ pathname: listPath.pathname, query: { ...listPath.query } }} className="hover:text-brand-600">{item.categoryName}</Link>
            )}
            {item.source && <span className="italic">{item.source}</span>}
            <ExampleLabel example={item.example} />
            <span>{t('views', { count: item.views })}</span>
          </p>
          {item.tags.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('tags')}>
              {item.tags.map((tag) => (
                <li key={tag.id}><span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-700">{tag.name}</span></li>
              ))}
            </ul>
          )}
        </header>
        <RichText html={item.body} className="mt-4" />
        {item.fileUrl && (
          <a href={item.fileUrl} download className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-500 px-4 py-2 text-sm font-medium text-white hover:bg-brand-600">
            <FileDown aria-hidden size={16} />{t('downloadPdf')}
          </a>
        )}
        <div className="mt-8"><LikeButton id={item.id} initial={item.tips} /></div>
        <nav aria-label={t('neighbours')} className="mt-8 grid gap-3 border-t border-line pt-4 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <span className="text-muted">{t('previous')}{colon}</span>
            {item.prev ? <Link href={{ pathname: detailPath, query: { id: String(item.prev.id) } }} className="hover:text-brand-600" data-testid="prev-link">{item.prev.title}</Link> : <span className="text-muted">{t('none')}</span>}
          </div>
          <div className="min-w-0 sm:text-right">
            <span className="text-muted">{t('next')}{colon}</span>
            {item.next ? <Link href={{ pathname: detailPath, query: { id: String(item.next.id) } }} className="hover:text-brand-600" data-testid="next-link">{item.next.title}</Link> : <span className="text-muted">{t('none')}</span>}
          </div>
        </nav>
        <Comments id={item.id} initial={comments} />
      </article>
      <aside className="min-w-0 space-y-6" aria-labelledby="related-heading">
        {item.linkedContent.length > 0 && (
          <section aria-labelledby="linked-content-heading" data-testid="linked-content">
            <h2 id="linked-content-heading" className="mb-3 text-base font-semibold">{t('linkedContent')}</h2>
            <ul className="space-y-2">
              {item.linkedContent.map((r) => (
                <li key={r.id} className="text-sm">
                  <span className="mr-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{t(`kinds.${KIND_KEYS[r.kind] ?? 'news'}`)}</span>
                  <Link href={{ pathname: DETAIL_PATHS[r.kind] ?? '/news/detail', query: { id: String(r.id) } }} className="hover:text-brand-600" data-testid="linked-content-item">{r.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {item.linkedProducts.length > 0 && (
          <section aria-labelledby="linked-products-heading" data-testid="linked-products">
            <h2 id="linked-products-heading" className="mb-3 text-base font-semibold">{t('linkedProducts')}</h2>
            <ul className="space-y-2">
              {item.linkedProducts.map((p) => (
                <li key={p.id} className="text-sm">
                  <Link href={{ pathname: '/product/detail', query: { id: String(p.id) } }} className="hover:text-brand-600" data-testid="linked-product">
                    <span className="font-mono text-xs text-muted">{p.itemNo}</span> <span className="break-words">{p.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div>
        <h2 id="related-heading" className="mb-3 text-base font-semibold">{t('related')}</h2>
        {item.related.length === 0 ? (
          <p className="text-sm text-muted">{t('empty')}</p>
        ) : (
          <ul className="space-y-3">
            {item.related.map((r) => (
              <li key={r.id} className="text-sm">
                <Link href={{ pathname: detailPath, query: { id: String(r.id) } }} className="line-clamp-2 hover:text-brand-600">{r.title}</Link>
                <time className="text-xs text-muted" dateTime={r.publishedAt}>{date(r.publishedAt)}</time>
              </li>
            ))}
          </ul>
        )}
        </div>
      </aside>
    </div>
  );
}
