import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FileDown } from 'lucide-react';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { Pagination } from '@/components/content/pagination';
import { RichText } from '@/components/content/rich-text';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { getContentType } from '@/server/modules/content/categories';
import { getContentDetail, listContent } from '@/server/modules/content/items';
import { loadPreviewPage } from '../../../_lib/load-content-pages';
import { ResourcesFrame } from '../../../_lib/resources-frame';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(locale: string, search: Record<string, string | string[] | undefined>) {
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const typeId = positiveInt(search.type);
  const id = positiveInt(search.id);
  const type = typeId ? await getContentType(db, { kind: 'resource', id: typeId, lang }) : null;
  if (!type) return null;
  // A staff preview (ADR 0033, 0035): `preview=1` shows a draft too to a member holding CONTENT.EDIT.
  const preview = id && firstParam(search.preview) === '1' ? await loadPreviewPage('resource', id, locale as Locale) : null;
  const item = preview?.item ?? (id ? await getContentDetail(db, { id, kind: 'resource', lang }) : null);
  if (id && (!item || item.categoryId !== type.id)) return null;
  return { type, item, db, lang, page: positiveInt(search.page) ?? 1, previewStatus: preview?.status ?? null };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const data = await load(locale, await searchParams);
  const t = await getTranslations({ locale, namespace: 'resources' });
  if (!data) return { robots: { index: false } };
  if (data.previewStatus) return { title: data.item?.title ?? data.type.type, robots: { index: false, follow: false } };
  return pageMetadata({
    locale, path: '/resources/index/detail', query: { type: data.type.id, id: data.item?.id },
    title: data.item?.title ?? data.type.type, description: data.item?.summary ?? t('description'),
  });
}

/** A resource type's files (query type), or one resource (query type and id). */
export default async function ResourceDetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const data = await load(locale, await searchParams);
  if (!data) notFound();
  const [t, format] = [await getTranslations('resources'), await getFormatter()];
  const list = await listContent(data.db, { kind: 'resource', categoryId: data.type.id, lang: data.lang, limit: 10, offset: data.page });
  const date = (iso: string) => format.dateTime(new Date(iso), 'day');
  return (
    <ResourcesFrame locale={locale} active={{ type: data.type.id }} title={data.item?.title ?? data.type.type}>
      {data.previewStatus && (
        <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="content-preview">
          {(await getTranslations('adminContent'))(data.previewStatus === 'draft' ? 'previewBanner' : 'previewPublished')}
        </p>
      )}
      {data.item && (
        <article className="mb-8 rounded-lg border border-line bg-white p-5" data-testid="resource-item">
          <p className="text-xs text-muted"><time dateTime={data.item.publishedAt}>{date(data.item.publishedAt)}</time></p>
          <RichText html={data.item.body} className="mt-2" />
          {data.item.fileUrl && (
            <a href={data.item.fileUrl} download className="mt-4 inline-flex items-center gap-2 rounded-md bg-brand-500 px-4 py-2 text-sm font-medium text-white hover:bg-brand-600" data-testid="resource-download">
              <FileDown aria-hidden size={16} />{t('downloadPdf')}
            </a>
          )}
        </article>
      )}
      <ul className="divide-y divide-line rounded-lg border border-line bg-white" data-testid="resource-list">
        {list.list.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <Link href={{ pathname: '/resources/index/detail', query: { type: String(data.type.id), id: String(r.id) } }} className="font-medium hover:text-brand-600">{r.title}</Link>
              <p className="mt-1 line-clamp-2 text-sm text-muted">{r.summary}</p>
            </div>
            {r.fileUrl && (
              <a href={r.fileUrl} download className="inline-flex shrink-0 items-center gap-1 text-sm text-brand-600 hover:underline"><FileDown aria-hidden size={15} />{t('download')}</a>
            )}
          </li>
        ))}
      </ul>
      {list.list.length === 0 && <p className="p-6 text-center text-muted">{t('noDocuments')}</p>}
      <Pagination pathname="/resources/index/detail" query={{ type: data.type.id }} page={data.page} total={list.total} limit={list.limit} />
    </ResourcesFrame>
  );
}
