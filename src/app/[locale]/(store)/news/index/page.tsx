import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentList } from '@/components/content/content-list';
import { PageTitle } from '@/components/content/page-title';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listBanners } from '@/server/modules/content/banners';
import { listContentTypes } from '@/server/modules/content/categories';
import { listContent, listLatestPerCategory } from '@/server/modules/content/items';
import { listTags } from '@/server/modules/content/tags';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const [t, tn] = [await getTranslations({ locale, namespace: 'content' }), await getTranslations({ locale, namespace: 'nav' })];
  return pageMetadata({ locale, path: '/news/index', title: tn('news'), description: t('newsDescription') });
}

/** The news front page: slideshow, recommended news, the latest of each type, topics and posters. */
export default async function NewsIndexPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const [t, tn, format, slides, posters, types, topics, recommended, latestByType] = await Promise.all([
    getTranslations('content'), getTranslations('nav'), getFormatter(),
    listBanners(db, { position: 'news-slideshow', lang }),
    listBanners(db, { position: 'news-poster', lang }),
    listContentTypes(db, { kind: 'news', lang }),
    listTags(db, { kind: 'news', lang }),
    listContent(db, { kind: 'news', featured: true, lang, limit: 4, offset: 1 }),
    listLatestPerCategory(db, { kind: 'news', perCategory: 4, lang }),
  ]);
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('news') }]} title={tn('news')} />
      {slides.length > 0 && (
        <ul className="mb-8 grid gap-4 md:grid-cols-2" data-testid="news-slideshow">
          {slides.map((s) => (
            <li key={s.id}>
              <Link href={s.link || '/news/list'} className="block h-full rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white hover:opacity-95">
                <span className="block text-lg font-semibold">{s.title}</span>
                <span className="mt-1 block text-sm text-brand-100">{s.subtitle}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="recommended">
            <h2 id="recommended" className="mb-3 text-lg font-semibold">{t('recommended')}</h2>
            <ContentList items={recommended.list} detailPath="/news/detail" />
          </section>
          {types.map((ty) => (
            <section key={ty.id} aria-labelledby={`type-${ty.id}`}>
              <div className="mb-3 flex items-end justify-between">
                <h2 id={`type-${ty.id}`} className="text-lg font-semibold">{ty.type}</h2>
                <Link href={{ pathname: '/news/list', query: { typeId: String(ty.id) } }} className="text-sm text-brand-600 hover:underline">{t('more')}</Link>
              </div>
              <ul className="divide-y divide-line rounded-lg border border-line bg-white">
                {(latestByType.get(ty.id) ?? []).map((n) => (
                  <li key={n.id}>
                    <Link href={{ pathname: '/news/detail', query: { id: String(n.id) } }} className="flex items-baseline justify-between gap-4 px-4 py-3 hover:bg-brand-50">
                      <span className="min-w-0 truncate">{n.title}</span>
                      <time className="shrink-0 text-xs text-muted" dateTime={n.publishedAt}>{format.dateTime(new Date(n.publishedAt), 'day')}</time>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <aside className="min-w-0 space-y-6">
          <section aria-labelledby="topics">
            <h2 id="topics" className="mb-3 text-base font-semibold">{t('topics')}</h2>
            <ul className="flex flex-wrap gap-2">
              {topics.map((tag) => (
                <li key={tag.id}><span className="rounded-full border border-line bg-white px-3 py-1 text-sm">{tag.name} <span className="text-xs text-muted">{tag.count}</span></span></li>
              ))}
            </ul>
          </section>
          {posters.map((p) => (
            <Link key={p.id} href={p.link || '/'} className="block rounded-lg border border-brand-100 bg-brand-50 p-4 hover:border-brand-500">
              <span className="block font-semibold text-brand-700">{p.title}</span>
              <span className="mt-1 block text-sm text-gray-600">{p.subtitle}</span>
            </Link>
          ))}
        </aside>
      </div>
    </div>
  );
}
