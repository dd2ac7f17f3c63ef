import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentList } from '@/components/content/content-list';
import { PageTitle } from '@/components/content/page-title';
import { Pagination } from '@/components/content/pagination';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata, positiveInt } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { getBrandName } from '@/server/modules/content/brands';
import { listContent } from '@/server/modules/content/items';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const brandId = positiveInt((await searchParams).brandId);
  const t = await getTranslations({ locale, namespace: 'content' });
  const brand = brandId ? await getBrandName(await getDb(), { id: brandId, lang: messagesFor(locale as Locale) }) : null;
  return pageMetadata({ locale, path: '/news/linked_article', query: { brandId }, title: t('linkedTitle', { brand: brand ?? '' }), description: t('newsDescription') });
}

/** News linked to a brand (from the brand pages): ?brandId=. */
export default async function LinkedArticlePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const brandId = positiveInt(search.brandId);
  const page = positiveInt(search.page) ?? 1;
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const brand = brandId ? await getBrandName(db, { id: brandId, lang }) : null;
  if (!brandId || !brand) notFound();
  const [t, tn, news] = [await getTranslations('content'), await getTranslations('nav'), await listContent(db, { kind: 'news', brandId, lang, limit: 10, offset: page })];
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('news'), href: '/news/index' }, { label: brand }]} title={t('linkedTitle', { brand })} />
      <ContentList items={news.list} detailPath="/news/detail" />
      <Pagination pathname="/news/linked_article" query={{ brandId }} page={page} total={news.total} limit={news.limit} />
    </div>
  );
}
