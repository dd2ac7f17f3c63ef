import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CategoryGrid } from '@/components/catalog/category-grid';
import { PageTitle } from '@/components/content/page-title';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { categoryHref } from '@/lib/category-links';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { loadCategory, loadCategoryTree } from './load-product-list';
import { hrefText, type PageProps } from './product-pages';

/** First-level categories with their subcategories (`cat_list_1st`, route list1stCategory). */
export function firstLevelPage(path: string) {
  async function generateMetadata({ params }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'catalog' });
    return pageMetadata({ locale, path, title: t('titles.categories'), description: t('descriptions.categories') });
  }
  async function Page({ params }: PageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const [tree, t, tn] = await Promise.all([loadCategoryTree({ locale: locale as Locale }), getTranslations('catalog'), getTranslations('nav')]);
    return (
      <div className="container-page py-6">
        <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('product'), href: '/product/index' }, { label: t('titles.categories') }]} title={t('titles.categories')} />
        {tree.length === 0 ? <p className="text-muted">{t('noCategories')}</p> : <CategoryGrid nodes={tree} testId="category-grid" />}
      </div>
    );
  }
  return { generateMetadata, Page };
}

/** A category's subcategories (`cat_list_2nd?catId`, route list2ndCategory); unknown ids answer 404. */
export function secondLevelPage(path: string) {
  const idOf = async (searchParams: PageProps['searchParams']) => {
    const raw = firstParam((await searchParams).catId);
    return raw === undefined ? undefined : positiveInt(raw);
  };
  async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const id = await idOf(searchParams);
    const found = id ? await loadCategory({ locale: locale as Locale, id }) : null;
    if (!found) return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
    const t = await getTranslations({ locale, namespace: 'catalog' });
    return pageMetadata({ locale, path, query: { catId: id }, title: found.node.classify, description: t('categoryDescription', { name: found.node.classify }) });
  }
  async function Page({ params, searchParams }: PageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const id = await idOf(searchParams);
    const found = id ? await loadCategory({ locale: locale as Locale, id }) : null;
    if (!found) notFound();
    const [t, tn] = await Promise.all([getTranslations('catalog'), getTranslations('nav')]);
    const { node, ancestors } = found;
    const allProducts = { pathname: '/product/index/list', query: { typeId: String(node.id), fatherId: String(node.superiorId ?? 0), classify: node.classify } };
    return (
      <div className="container-page py-6">
        <PageTitle
          homeLabel={tn('home')}
          crumbs={[
            { label: tn('product'), href: '/product/index' },
            { label: t('titles.categories'), href: '/product/children/cat_list_1st' },
            ...ancestors.map((a) => ({ label: a.classify, href: hrefText(categoryHref(a)) })),
            { label: node.classify },
          ]}
          title={node.classify}
        >
          <Link href={allProducts} className="mt-2 inline-block text-sm text-brand-700 hover:underline" data-testid="category-all-products">
            {t('allProductsIn', { name: node.classify })}
          </Link>
        </PageTitle>
        {node.secondJson.length === 0 ? <p className="text-muted">{t('noSubcategories')}</p> : <CategoryGrid nodes={node.secondJson} testId="category-grid" />}
      </div>
    );
  }
  return { generateMetadata, Page };
}
