import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SubstanceView } from '@/components/substance/substance-view';
import { ClientMessages } from '@/i18n/client-messages-provider';
import type { SubstancePageDto } from '@/contracts/substances';
import type { Locale } from '@/i18n/routing';
import { jsonLd, localisedPath, pageMetadata, siteUrl } from '@/lib/seo';
import { loadSubstance } from '../_lib/load-substance';

interface PageProps {
  params: Promise<{ locale: string; key: string }>;
}

/** Not cached by Next.js: prices, stock and lots are read from the shared cache on every request (the page cache keeps the HTML). */
export const dynamic = 'force-dynamic';

const pathOf = (key: string) => `/substance/${encodeURIComponent(key)}`;

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, key } = await params;
  const load = await loadSubstance(decodeURIComponent(key), locale as Locale);
  if (!load || load.kind !== 'page') return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
  const t = await getTranslations({ locale, namespace: 'substance' });
  const d = load.data;
  return pageMetadata({
    locale,
    path: pathOf(d.key),
    title: t('title', { name: d.name }),
    description: t('description', { name: d.name, cas: d.cas.join(', ') || d.formula || d.key }),
  });
}

/** schema.org ChemicalSubstance, and a Product with an aggregate offer over every brand's packs. */
function substanceLd(d: SubstancePageDto, locale: string, url: string): Record<string, unknown>[] {
  const prices = d.packs.map((p) => Number(p.price)).filter((n) => n > 0);
  const inLanguage = locale === 'en' ? 'en-US' : 'zh-CN';
  return [
    {
      '@context': 'https://schema.org', '@type': 'ChemicalSubstance', name: d.name, alternateName: [d.otherName, ...d.synonyms].filter(Boolean),
      url, inLanguage, identifier: d.inchikey ?? d.key, molecularFormula: d.formula ?? undefined, molecularWeight: d.molecularWeight ? `${d.molecularWeight} g/mol` : undefined,
      inChIKey: d.inchikey ?? undefined, smiles: d.smiles ?? undefined, image: d.structureUrl ? `${siteUrl()}${d.structureUrl}` : undefined,
      additionalProperty: d.cas.map((cas) => ({ '@type': 'PropertyValue', name: 'CAS', value: cas })),
    },
    {
      '@context': 'https://schema.org', '@type': 'Product', name: d.name, url, inLanguage,
      offers: prices.length === 0 ? undefined : {
        '@type': 'AggregateOffer', priceCurrency: 'CNY', lowPrice: Math.min(...prices).toFixed(2), highPrice: Math.max(...prices).toFixed(2), offerCount: d.packs.length,
        offers: d.packs.slice(0, 50).map((p) => ({
          '@type': 'Offer', sku: `${p.itemNo}-${p.size}`, name: `${p.brand.name} ${p.size}`, price: p.price, priceCurrency: 'CNY',
          availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/BackOrder', seller: { '@type': 'Organization', name: p.brand.name },
        })),
      },
    },
  ];
}

export default async function SubstancePage({ params }: PageProps) {
  const { locale, key } = await params;
  setRequestLocale(locale);
  const load = await loadSubstance(decodeURIComponent(key), locale as Locale);
  if (!load) notFound();
  if (load.kind === 'redirect') permanentRedirect(localisedPath(locale, pathOf(load.inchikey)));
  const url = `${siteUrl()}${localisedPath(locale, pathOf(load.data.key))}`;
  return (
    <>
      {substanceLd(load.data, locale, url).map((ld, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(ld) }} />)}
      <ClientMessages namespaces={['substance', 'productDetail', 'catalog', 'catalog.hazard']}>
        <SubstanceView data={load.data} />
      </ClientMessages>
    </>
  );
}
