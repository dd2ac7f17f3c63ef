import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Pagination } from '@/components/content/pagination';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { firstParam, pageMetadata, positiveInt } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listCoasOfYear, listCoaYears } from '@/server/modules/content/documents';
import { DocumentTable } from '../../../_lib/document-table';
import { ResourcesFrame } from '../../../_lib/resources-frame';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'resources' });
  return pageMetadata({ locale, path: '/resources/index/coas', title: t('coas'), description: t('coasText') });
}

/** COAs by year (newest year first), with a keyword filter and pages. */
export default async function CoasByYearPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const db = await getDb();
  const t = await getTranslations('resources');
  const years = await listCoaYears(db);
  const wanted = positiveInt(search.year);
  const year = wanted && years.includes(wanted) ? wanted : years[0];
  const keyword = firstParam(search.keyword)?.trim().slice(0, 50) || undefined;
  const page = positiveInt(search.page) ?? 1;
  const data = year ? await listCoasOfYear(db, { year, keyword, lang: messagesFor(locale as Locale), limit: 20, offset: page }) : null;
  return (
    <ResourcesFrame locale={locale} active={{ sub: 'coas' }} title={t('coas')}>
      <nav aria-label={t('years')} className="mb-4 flex flex-wrap gap-2" data-testid="coa-years">
        {years.map((y) => (
          <Link key={y} href={{ pathname: '/resources/index/coas', query: { year: String(y) } }} aria-current={y === year ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${y === year ? 'border-brand-500 bg-brand-500 text-white' : 'border-line bg-white hover:border-brand-500'}`}>{y}</Link>
        ))}
      </nav>
      <form role="search" className="mb-4 flex gap-2">
        {year && <input type="hidden" name="year" value={year} />}
        <label htmlFor="coas-keyword" className="sr-only">{t('keyword')}</label>
        <input id="coas-keyword" name="keyword" defaultValue={keyword} maxLength={50} placeholder={t('keywordPlaceholder')} className="h-9 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-sm outline-none focus:border-brand-500" />
        <button type="submit" className="h-9 rounded-md bg-brand-500 px-4 text-sm text-white hover:bg-brand-600">{t('filter')}</button>
      </form>
      {data ? (
        <>
          <p className="mb-3 text-sm text-muted">{t('documentCount', { count: data.total })}</p>
          <DocumentTable docs={data.list} showLot />
          <Pagination pathname="/resources/index/coas" query={{ year, keyword }} page={page} total={data.total} limit={data.limit} />
        </>
      ) : (
        <p className="text-muted">{t('noDocuments')}</p>
      )}
    </ResourcesFrame>
  );
}
