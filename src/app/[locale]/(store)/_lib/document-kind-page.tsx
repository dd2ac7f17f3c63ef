import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Pagination } from '@/components/content/pagination';
import { messagesFor, type Locale } from '@/i18n/routing';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listProductDocuments } from '@/server/modules/content/documents';
import { DocumentTable } from './document-table';
import { ResourcesFrame } from './resources-frame';

export type DocumentPageProps = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The resource sub-pages that list one kind of product document, searchable by item number, CAS or name. */
const KINDS = {
  msds: { kind: 'msds', path: '/resources/index/msds', title: 'msds', text: 'msdsText' },
  protocols: { kind: 'protocol', path: '/resources/index/protocols', title: 'protocols', text: 'protocolsText' },
} as const;

export type DocumentPageKind = keyof typeof KINDS;

export async function documentPageMetadata(kind: DocumentPageKind, { params }: DocumentPageProps): Promise<Metadata> {
  const { locale } = await params;
  const page = KINDS[kind];
  const t = await getTranslations({ locale, namespace: 'resources' });
  return pageMetadata({ locale, path: page.path, title: t(page.title), description: t(page.text) });
}

export async function DocumentKindPage({ kind, params, searchParams }: DocumentPageProps & { kind: DocumentPageKind }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const page = KINDS[kind];
  const search = await searchParams;
  const keyword = firstParam(search.keyword)?.trim().slice(0, 50) || undefined;
  const pageNo = positiveInt(search.page) ?? 1;
  const t = await getTranslations('resources');
  const data = await listProductDocuments(await getDb(), { kind: page.kind, keyword, lang: messagesFor(locale as Locale), limit: 20, offset: pageNo });
  return (
    <ResourcesFrame locale={locale} active={{ sub: kind }} title={t(page.title)}>
      <p className="mb-4 text-sm text-gray-600">{t(page.text)}</p>
      <form role="search" className="mb-4 flex gap-2">
        <label htmlFor="doc-keyword" className="sr-only">{t('keyword')}</label>
        <input id="doc-keyword" name="keyword" defaultValue={keyword} maxLength={50} placeholder={t('keywordPlaceholder')} className="h-9 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-sm outline-none focus:border-brand-500" />
        <button type="submit" className="h-9 rounded-md bg-brand-500 px-4 text-sm text-white hover:bg-brand-600">{t('filter')}</button>
      </form>
      <p className="mb-3 text-sm text-muted">{t('documentCount', { count: data.total })}</p>
      <DocumentTable docs={data.list} />
      <Pagination pathname={page.path} query={{ keyword }} page={pageNo} total={data.total} limit={data.limit} />
    </ResourcesFrame>
  );
}
