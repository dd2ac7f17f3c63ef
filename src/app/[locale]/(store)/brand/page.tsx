import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BrandGrid } from '@/components/catalog/brand-grid';
import { PageTitle } from '@/components/content/page-title';
import { Pagination } from '@/components/content/pagination';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { BRAND_PAGE_SIZE, loadBrandList } from './_lib/load-brand-pages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `type=1` authorised brands; anything else the brand overview (type 0). */
const typeOf = (value: string | string[] | undefined): 0 | 1 => (firstParam(value) === '1' ? 1 : 0);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const search = await searchParams;
  const type = typeOf(search.type);
  const [t, tn] = [await getTranslations({ locale, namespace: 'brandPages' }), await getTranslations({ locale, namespace: 'nav' })];
  const page = positiveInt(search.page) ?? 1;
  return pageMetadata({
    locale, path: '/brand', query: { type, page: page > 1 ? page : undefined },
    title: type === 1 ? tn('authorisedBrands') : tn('brandOverview'),
    description: type === 1 ? t('authorisedDescription') : t('overviewDescription'),
  });
}

/** The brand lists of docs/requirements/storefront.md#routes: authorised brands (type 1) and the brand overview (type 0). */
export default async function BrandPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const type = typeOf(search.type);
  const page = positiveInt(search.page) ?? 1;
  const [{ brands, slides }, t, tn] = await Promise.all([
    loadBrandList({ locale: locale as Locale, type, page }),
    getTranslations('brandPages'),
    getTranslations('nav'),
  ]);
  const title = type === 1 ? tn('authorisedBrands') : tn('brandOverview');
  const tab = (value: 0 | 1, label: string) => value === type
    ? <span aria-current="page" className="rounded-md bg-brand-500 px-3 py-1.5 text-sm font-medium text-white">{label}</span>
    : <Link href={{ pathname: '/brand', query: { type: String(value) } }} className="rounded-md border border-line bg-white px-3 py-1.5 text-sm hover:border-brand-500">{label}</Link>;
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: title }]} title={title}>
        <p className="mt-1 text-sm text-muted">{type === 1 ? t('authorisedDescription') : t('overviewDescription')}</p>
      </PageTitle>
      {slides.length > 0 && page === 1 && (
        <ul className="mb-6 flex snap-x gap-3 overflow-x-auto pb-2" aria-label={t('featured')} data-testid="brand-slides">
          {slides.map((s) => (
            <li key={s.id} className="w-72 shrink-0 snap-start">
              <Link href={{ pathname: '/brand/detail', query: { id: String(s.id) } }} className="block h-full rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 p-4 text-white hover:opacity-95">
                <span className="block font-semibold">{s.title}</span>
                <span className="mt-1 line-clamp-2 block text-sm text-brand-100">{s.subtitle}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label={t('lists')} className="mb-4 flex flex-wrap gap-2">
        {tab(1, tn('authorisedBrands'))}
        {tab(0, tn('brandOverview'))}
      </nav>
      <p className="mb-3 text-sm text-muted" data-testid="brand-count">{t('count', { count: brands.total })}</p>
      {brands.list.length === 0 ? <p className="rounded-lg border border-dashed border-line bg-white p-8 text-center text-muted">{t('empty')}</p> : <BrandGrid brands={brands.list} />}
      <Pagination pathname="/brand" query={{ type }} page={page} total={brands.total} limit={BRAND_PAGE_SIZE} />
    </div>
  );
}
