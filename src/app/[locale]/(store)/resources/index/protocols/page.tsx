import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Pagination } from '@/components/content/pagination';
import { messagesFor, type Locale } from '@/i18n/routing';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listProductDocuments } from '@/server/modules/content/documents';
import { DocumentTable } from '../../../_lib/document-table';
import { ResourcesFrame } from '../../../_lib/resources-frame';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'resources' });
  return pageMetadata({ locale, path: '/resources/index/protocols', title: t('protocols'), description: t('protocolsText') });
}

/** Protocols of products, searchable by item number, CAS number or name. */
export default async function DocumentsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const keyword = firstParam(search.keyword)?.trim().slice(0, 50) || undefined;
  const page = positiveInt(search.page) ?? 1;
  const t = await getTranslations('resources');
  const data = await listProductDocuments(await getDb(), { kind: 'protocol', keyword, lang: messagesFor(locale as Locale), limit: 20, offset: page });
  return (
    <ResourcesFrame locale={locale} active={{ sub: 'protocols' }} title={t('protocols')}>
      <p className="mb-4 text-sm text-gray-600">{t('protocolsText')}</p>
      <form role="search" className="mb-4 flex gap-2">
        <label htmlFor="doc-keyword" className="sr-only">{t('keyword')}</label>
        <input id="doc-keyword" name="keyword" defaultValue={keyword} maxLength={50} placeholder={t('keywordPlaceholder')} className="h-9 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-sm outline-none focus:border-brand-500" />
        <button type="submit" className="h-9 rounded-md bg-brand-500 px-4 text-sm text-white hover:bg-brand-600">{t('filter')}</button>
      </form>
      <p className="mb-3 text-sm text-muted">{t('documentCount', { count: data.total })}</p>
      <DocumentTable docs={data.list} />
      <Pagination pathname="/resources/index/protocols" query={{ keyword }} page={page} total={data.total} limit={data.limit} />
    </ResourcesFrame>
  );
}
