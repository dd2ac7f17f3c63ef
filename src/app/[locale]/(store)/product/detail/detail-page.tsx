import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProductDetailView } from '@/components/product-detail/product-detail-view';
import { ClientMessages } from '@/i18n/client-messages-provider';
import type { ProductDetailAllDto } from '@/contracts/product-detail';
import type { Locale } from '@/i18n/routing';
import { jsonLd, localisedPath, pageMetadata, positiveInt, siteUrl } from '@/lib/seo';
import { loadProductDetail } from '../_lib/load-product-detail';

interface PageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The canonical address of a product: /product/index/detail shows the same page under another name. */
const CANONICAL_PATH = '/product/detail';

export async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const id = positiveInt((await searchParams).id);
  const data = id ? await loadProductDetail(id, locale as Locale) : null;
  if (!data) return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
  const t = await getTranslations({ locale, namespace: 'productDetail' });
  const p = data.product;
  return pageMetadata({
    locale,
    path: CANONICAL_PATH,
    query: { id: p.id },
    title: `${p.name} ${p.itemNo}`,
    description: t('description', { name: p.name, itemNo: p.itemNo, cas: p.cas ? t('casPart', { cas: p.cas }) : '', brand: p.brand.name, purity: p.purity ? `${p.purity} ` : '' }),
  });
}

/** schema.org Product with one Offer per pack; the SKU is the item number. */
function productLd(data: ProductDetailAllDto, locale: string, url: string): Record<string, unknown> {
  const p = data.product;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    alternateName: p.otherName || undefined,
    sku: p.itemNo,
    mpn: p.itemNo,
    url,
    image: p.structureUrl ? `${siteUrl()}${p.structureUrl}` : undefined,
    brand: { '@type': 'Brand', name: p.brand.name },
    category: p.categories.map((c) => c.name).join(' > ') || undefined,
    inLanguage: locale === 'en' ? 'en-US' : 'zh-CN',
    additionalProperty: [
      p.cas && { '@type': 'PropertyValue', name: 'CAS', value: p.cas },
      p.mdl && { '@type': 'PropertyValue', name: 'MDL', value: p.mdl },
      p.formula && { '@type': 'PropertyValue', name: 'Molecular formula', value: p.formula },
      p.molecularWeight && { '@type': 'PropertyValue', name: 'Molecular weight', value: p.molecularWeight, unitText: 'g/mol' },
      p.purity && { '@type': 'PropertyValue', name: 'Purity', value: p.purity },
    ].filter(Boolean),
    offers: data.packs.map((pack) => ({
      '@type': 'Offer',
      sku: `${p.itemNo}-${pack.size}`,
      name: pack.size,
      price: pack.price,
      priceCurrency: 'CNY',
      availability: pack.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/BackOrder',
      url,
    })),
  };
}

export async function ProductDetailPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const id = positiveInt((await searchParams).id);
  const data = id ? await loadProductDetail(id, locale as Locale) : null;
  if (!data) notFound();
  const url = `${siteUrl()}${localisedPath(locale, `${CANONICAL_PATH}?id=${data.product.id}`)}`;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(productLd(data, locale, url)) }} />
      <ClientMessages namespaces={['productDetail', 'accountQuotations', 'catalog.hazard', 'catalog.own', 'listsIsland']}>
        <ProductDetailView data={data} />
      </ClientMessages>
    </>
  );
}
