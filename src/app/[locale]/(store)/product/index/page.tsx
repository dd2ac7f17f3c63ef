import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CategoryGrid } from '@/components/catalog/category-grid';
import { PageTitle } from '@/components/content/page-title';
import { ProductCard } from '@/components/storefront/product-card';
import { Link } from '@/i18n/navigation';
import { ClientMessages } from '@/i18n/client-messages-provider';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listCategoryTree } from '@/server/modules/catalog/categories';
import { listFlaggedProducts } from '@/server/modules/catalog/queries';

const ENTRIES = [
  { flag: 'hot', href: '/product/index/hot' },
  { flag: 'new', href: '/product/index/new' },
  { flag: 'special', href: '/product/index/special' },
] as const;

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const [t, tn] = [await getTranslations({ locale, namespace: 'catalog' }), await getTranslations({ locale, namespace: 'nav' })];
  return pageMetadata({ locale, path: '/product/index', title: tn('product'), description: t('descriptions.overview') });
}

/** The catalogue's front page: first-level categories, and the hot, new and special entry points. */
export default async function ProductIndexPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const [t, tn, tree, ...flagged] = await Promise.all([
    getTranslations('catalog'),
    getTranslations('nav'),
    listCategoryTree(db, { lang }),
    ...ENTRIES.map((e) => listFlaggedProducts(db, { flag: e.flag, limit: 3, lang })),
  ]);
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('product') }]} title={tn('product')} />
      <section aria-labelledby="entry-points" className="mb-8">
        <h2 id="entry-points" className="sr-only">{t('entryPoints')}</h2>
        <ul className="grid gap-4 md:grid-cols-3" data-testid="product-entry-points">
          {ENTRIES.map((e, i) => (
            <li key={e.flag} className="flex min-w-0 flex-col rounded-lg border border-line bg-white p-4">
              <div className="mb-3 flex items-baseline justify-between">
                <h3 className="font-semibold">{t(`titles.${e.flag}`)}</h3>
                <Link href={e.href} className="text-sm text-brand-700 hover:underline">{t('viewAll')}</Link>
              </div>
              {(flagged[i] ?? []).length === 0 ? <p className="text-sm text-muted">{t('emptyList')}</p> : (
                <ul className="flex flex-col gap-2">
                  <ClientMessages namespaces={['catalog.own']}>
                    {(flagged[i] ?? []).map((p) => <li key={p.id}><ProductCard product={p} /></li>)}
                  </ClientMessages>
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="categories">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="categories" className="text-lg font-semibold">{t('titles.categories')}</h2>
          <Link href="/product/children/cat_list_1st" className="text-sm text-brand-700 hover:underline">{t('viewAll')}</Link>
        </div>
        {tree.length === 0 ? <p className="text-muted">{t('noCategories')}</p> : <CategoryGrid nodes={tree} testId="category-grid" />}
      </section>
    </div>
  );
}
