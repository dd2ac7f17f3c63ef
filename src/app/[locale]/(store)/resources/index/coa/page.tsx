import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { messagesFor, type Locale } from '@/i18n/routing';
import { firstParam, pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { findCoas } from '@/server/modules/content/documents';
import { CoaLookupForm } from '../../../_lib/coa-lookup-form';
import { DocumentTable } from '../../../_lib/document-table';
import { ResourcesFrame } from '../../../_lib/resources-frame';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'resources' });
  return pageMetadata({ locale, path: '/resources/index/coa', title: t('coa'), description: t('coaText') });
}

/** COA look-up by item number and lot number; no sign-in needed (a plain GET form, works without script). */
export default async function CoaLookupPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const itemNo = firstParam(search.itemNo)?.trim().slice(0, 40) ?? '';
  const lotNo = firstParam(search.lotNo)?.trim().slice(0, 40) ?? '';
  const t = await getTranslations('resources');
  const asked = itemNo !== '' || lotNo !== '';
  const missing = asked && (itemNo === '' || lotNo === '');
  const results = asked && !missing ? await findCoas(await getDb(), { itemNo, lotNo, lang: messagesFor(locale as Locale) }) : [];
  return (
    <ResourcesFrame locale={locale} active={{ sub: 'coa' }} title={t('coa')}>
      <p className="mb-4 text-sm text-gray-600">{t('coaText')}</p>
      <CoaLookupForm locale={locale} itemNo={itemNo} lotNo={lotNo} />
      {missing && <p role="alert" className="mb-4 text-sm text-red-600">{t('coaBothNeeded')}</p>}
      {asked && !missing && (
        results.length > 0 ? <DocumentTable docs={results} showLot /> : <p role="status" className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-muted" data-testid="coa-not-found">{t('coaNotFound')}</p>
      )}
    </ResourcesFrame>
  );
}
