import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BrandArticleList } from '@/components/catalog/brand-article-list';
import { PageTitle } from '@/components/content/page-title';
import { Pagination } from '@/components/content/pagination';
import type { Locale } from '@/i18n/routing';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { BRAND_ARTICLES_PAGE_SIZE, loadBrandArticles, loadBrandSummary } from '../_lib/load-brand-pages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const idOf = (value: string | string[] | undefined) => (firstParam(value) === undefined ? undefined : positiveInt(value));

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const search = await searchParams;
  const id = idOf(search.id);
  const brand = id ? await loadBrandSummary({ locale: locale as Locale, id }) : null;
  if (!brand) return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
  const t = await getTranslations({ locale, namespace: 'brandPages' });
  const page = positiveInt(search.page) ?? 1;
  return pageMetadata({ locale, path: '/brand/linked_article', query: { id, page: page > 1 ? page : undefined }, title: t('articlesOf', { brand: brand.name }), description: brand.description || brand.name });
}

/** Articles linked to a brand (`content_items.brand_id`), newest first. */
export default async function BrandArticlesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const id = idOf(search.id);
  const page = positiveInt(search.page) ?? 1;
  const data = id ? await loadBrandArticles({ locale: locale as Locale, id, page }) : null;
  if (!data) notFound();
  const [t, tn] = await Promise.all([getTranslations('brandPages'), getTranslations('nav')]);
  const { brand, articles } = data;
  return (
    <div className="container-page py-6">
      <PageTitle
        homeLabel={tn('home')}
        crumbs={[{ label: tn('brandOverview'), href: '/brand?type=0' }, { label: brand.name, href: `/brand/detail?id=${brand.id}` }, { label: t('articlesHeading') }]}
        title={t('articlesOf', { brand: brand.name })}
      />
      <BrandArticleList items={articles.list} />
      <Pagination pathname="/brand/linked_article" query={{ id: brand.id }} page={page} total={articles.total} limit={BRAND_ARTICLES_PAGE_SIZE} />
    </div>
  );
}
