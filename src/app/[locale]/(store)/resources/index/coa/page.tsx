import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { messagesFor, type Locale } from '@/i18n/routing';
import { firstParam, pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { findCoas } from '@/server/modules/content/documents';
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
  const input = 'h-10 w-full rounded-md border border-line bg-white px-3 text-sm outline-none focus:border-brand-500';
  return (
    <ResourcesFrame locale={locale} active={{ sub: 'coa' }} title={t('coa')}>
      <p className="mb-4 text-sm text-gray-600">{t('coaText')}</p>
      <form className="mb-6 grid gap-3 rounded-lg border border-line bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="coa-form">
        <div>
          <label htmlFor="coa-item" className="mb-1 block text-sm font-medium">{t('itemNo')}</label>
          <input id="coa-item" name="itemNo" defaultValue={itemNo} maxLength={40} required placeholder={t('itemNoPlaceholder')} className={input} />
        </div>
        <div>
          <label htmlFor="coa-lot" className="mb-1 block text-sm font-medium">{t('lotNo')}</label>
          <input id="coa-lot" name="lotNo" defaultValue={lotNo} maxLength={40} required placeholder={t('lotNoPlaceholder')} className={input} />
        </div>
        <button type="submit" className="h-10 rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600">{t('lookUp')}</button>
      </form>
      {missing && <p role="alert" className="mb-4 text-sm text-red-600">{t('coaBothNeeded')}</p>}
      {asked && !missing && (
        results.length > 0 ? <DocumentTable docs={results} showLot /> : <p role="status" className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-muted" data-testid="coa-not-found">{t('coaNotFound')}</p>
      )}
    </ResourcesFrame>
  );
}
