import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { BrandArticleList } from '@/components/catalog/brand-article-list';
import { ProductListCard } from '@/components/catalog/product-list-card';
import { ClientMessages } from '@/i18n/client-messages-provider';
import { PageTitle } from '@/components/content/page-title';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { countryName } from '@/lib/country';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { BrandLogo } from '@/components/catalog/brand-logo';
import { loadBrandDetail, loadBrandSummary } from '../_lib/load-brand-pages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const idOf = (value: string | string[] | undefined) => (firstParam(value) === undefined ? undefined : positiveInt(value));

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const id = idOf((await searchParams).id);
  const brand = id ? await loadBrandSummary({ locale: locale as Locale, id }) : null;
  if (!brand) return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
  return pageMetadata({ locale, path: '/brand/detail', query: { id }, title: brand.name, description: brand.description || brand.name });
}

/** One brand: description, its products (newest first, via the search engine) and its linked articles. */
export default async function BrandDetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const id = idOf((await searchParams).id);
  const data = id ? await loadBrandDetail({ locale: locale as Locale, id }) : null;
  if (!data) notFound();
  const [t, tn, format] = await Promise.all([getTranslations('brandPages'), getTranslations('nav'), getFormatter()]);
  const { brand, products, articles } = data;
  const listHref = { pathname: '/product/list', query: { brand: String(brand.id) } };
  return (
    <div className="container-page py-6">
      <PageTitle
        homeLabel={tn('home')}
        crumbs={[{ label: brand.authorised ? tn('authorisedBrands') : tn('brandOverview'), href: brand.authorised ? '/brand?type=1' : '/brand?type=0' }, { label: brand.name }]}
        title={brand.name}
      />
      <section className="mb-8 grid gap-6 rounded-lg border border-line bg-white p-5 md:grid-cols-[12rem_1fr]" data-testid="brand-detail">
        <div className="flex h-24 items-center justify-center rounded bg-brand-50 px-2 text-center text-2xl font-bold text-brand-700"><BrandLogo brand={brand} /></div>
        <div className="min-w-0">
          <p className="text-sm text-muted">
            {brand.otherName !== brand.name && <>{brand.otherName} · </>}
            {countryName(brand.country, locale)}
            {brand.authorised && <> · <span className="text-emerald-700">{t('authorised')}</span></>}
          </p>
          {brand.description && <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-gray-700">{brand.description}</p>}
          <p className="mt-3 text-sm text-muted">
            {brand.productCount > 10_000 ? t('productsCapped', { count: format.number(10_000) }) : t('products', { count: brand.productCount })}
          </p>
        </div>
      </section>

      <section aria-labelledby="brand-products" className="mb-8">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="brand-products" className="text-lg font-semibold">{t('productsHeading')}</h2>
          {products.items.length > 0 && <Link href={listHref} className="text-sm text-brand-700 hover:underline" data-testid="brand-all-products">{t('allProducts')}</Link>}
        </div>
        {products.items.length === 0
          ? <p className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-muted">{t('noProducts')}</p>
          : <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="product-list"><ClientMessages namespaces={['catalog.own']}>{products.items.map((p) => <li key={p.id}><ProductListCard product={p} /></li>)}</ClientMessages></ul>}
      </section>

      <section aria-labelledby="brand-articles">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="brand-articles" className="text-lg font-semibold">{t('articlesHeading')}</h2>
          {articles.total > articles.list.length && <Link href={{ pathname: '/brand/linked_article', query: { id: String(brand.id) } }} className="text-sm text-brand-700 hover:underline">{t('allArticles')}</Link>}
        </div>
        <BrandArticleList items={articles.list} />
      </section>
    </div>
  );
}
