import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BrandGrid } from '@/components/catalog/brand-grid';
import { PageTitle } from '@/components/content/page-title';
import { Pagination } from '@/components/content/pagination';
import type { Locale } from '@/i18n/routing';
import { parseSearchKey } from '@/lib/product-list-params';
import { pageMetadata, positiveInt } from '@/lib/seo';
import { BRAND_PAGE_SIZE, loadBrandList } from '../_lib/load-brand-pages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const key = parseSearchKey((await searchParams).sk);
  const t = await getTranslations({ locale, namespace: 'brandPages' });
  return pageMetadata({ locale, path: '/brand/list', title: key ? t('searchTitle', { key }) : t('searchHeading'), description: t('overviewDescription'), noIndex: true });
}

/** Brand search (the search bar's type 4): `sk`, `type=4` and the timestamp `t`, which only makes each search a new URL. */
export default async function BrandSearchPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const key = parseSearchKey(search.sk);
  const page = positiveInt(search.page) ?? 1;
  const [t, tn] = await Promise.all([getTranslations('brandPages'), getTranslations('nav')]);
  const title = key ? t('searchTitle', { key }) : t('searchHeading');
  const crumbs = [{ label: tn('brandOverview'), href: '/brand?type=0' }, { label: t('searchHeading') }];
  if (!key) {
    return (
      <div className="container-page py-6">
        <PageTitle homeLabel={tn('home')} crumbs={crumbs} title={title} />
        <p className="rounded-lg border border-dashed border-line bg-white p-8 text-center text-muted" data-testid="brand-search-empty">{t('enterKey')}</p>
      </div>
    );
  }
  const { brands } = await loadBrandList({ locale: locale as Locale, type: 0, key, page });
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={crumbs} title={title} />
      <p className="mb-3 text-sm text-muted" data-testid="brand-count">{t('count', { count: brands.total })}</p>
      {brands.list.length === 0
        ? <p className="rounded-lg border border-dashed border-line bg-white p-8 text-center text-muted" data-testid="brand-search-empty">{t('noResults', { key })}</p>
        : <BrandGrid brands={brands.list} />}
      <Pagination pathname="/brand/list" query={{ sk: key, type: 4 }} page={page} total={brands.total} limit={BRAND_PAGE_SIZE} />
    </div>
  );
}
