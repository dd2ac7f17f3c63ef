import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ArticleView } from '@/components/content/article-view';
import { ClientMessages } from '@/i18n/client-messages-provider';
import { ContentListPage, type ContentSection } from '@/components/content/content-list-page';
import { PageTitle } from '@/components/content/page-title';
import { htmlLang, type Locale } from '@/i18n/routing';
import { firstParam, jsonLd, pageMetadata, positiveInt, siteUrl, localisedPath } from '@/lib/seo';
import type { ContentKind } from '@/server/db/schema';
import { loadContentMeta, loadDetailPage, loadListPage, loadPreviewPage } from './load-content-pages';

type Search = Record<string, string | string[] | undefined>;
export interface PageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Search>;
}

export const SECTIONS: Record<'news' | 'application' | 'citation' | 'support', ContentSection & { kind: ContentKind; descriptionKey: string }> = {
  news: { kind: 'news', navKey: 'news', listPath: '/news/list', detailPath: '/news/detail', typeParam: 'typeId', homePath: '/news/index', descriptionKey: 'newsDescription' },
  application: { kind: 'application', navKey: 'applications', listPath: '/applications/list', detailPath: '/applications/detail', typeParam: 'typeId', homePath: '/applications/list', descriptionKey: 'applicationsDescription' },
  citation: { kind: 'citation', navKey: 'citations', listPath: '/citations/list', detailPath: '/citations/detail', typeParam: 'typeId', homePath: '/citations/list', descriptionKey: 'citationsDescription' },
  support: { kind: 'support', navKey: 'support', listPath: '/support/list', detailPath: '/support/detail', typeParam: 'id', homePath: '/support/index', descriptionKey: 'supportDescription' },
};

type SectionKey = keyof typeof SECTIONS;

function listArgs(section: SectionKey, search: Search) {
  const s = SECTIONS[section];
  return {
    typeId: positiveInt(search[s.typeParam]),
    page: positiveInt(search.page) ?? 1,
    keyword: firstParam(search.keyword)?.trim().slice(0, 50) || undefined,
  };
}

/** generateMetadata and the page of a section's list (news, applications, citations, support). */
export function listPage(section: SectionKey) {
  const s = SECTIONS[section];
  async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const args = listArgs(section, await searchParams);
    const [t, tn] = [await getTranslations({ locale, namespace: 'content' }), await getTranslations({ locale, namespace: 'nav' })];
    const data = await loadListPage({ kind: s.kind, locale: locale as Locale, typeId: args.typeId, page: 1 });
    const typeName = data?.activeType?.type;
    return pageMetadata({
      locale, path: s.listPath, query: { [s.typeParam]: args.typeId, page: args.page > 1 ? args.page : undefined },
      title: typeName ? `${typeName} · ${tn(s.navKey)}` : tn(s.navKey),
      description: t(s.descriptionKey),
      noIndex: Boolean(args.keyword),
    });
  }
  async function Page({ params, searchParams }: PageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const args = listArgs(section, await searchParams);
    const data = await loadListPage({ kind: s.kind, locale: locale as Locale, ...args });
    if (!data) notFound();
    return <ContentListPage section={s} types={data.types} activeType={data.activeType} page={data.page} showSource={section === 'citation'} keyword={args.keyword} />;
  }
  return { generateMetadata, Page };
}

/** generateMetadata and the page of one item of a section; unknown ids answer 404. */
export function detailPage(section: SectionKey) {
  const s = SECTIONS[section];
  async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
    const { locale } = await params;
    const search = await searchParams;
    const id = positiveInt(search.id);
    const preview = id && firstParam(search.preview) === '1' ? await loadPreviewPage(s.kind, id, locale as Locale) : null;
    if (preview) return { title: preview.item.title, robots: { index: false, follow: false } };
    const item = id ? await loadContentMeta(s.kind, id, locale as Locale) : null;
    if (!item) return { title: (await getTranslations({ locale, namespace: 'errors' }))('notFoundTitle'), robots: { index: false } };
    return pageMetadata({ locale, path: s.detailPath, query: { id }, title: item.title, description: item.summary || item.title, type: 'article' });
  }
  async function Page({ params, searchParams }: PageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const search = await searchParams;
    const id = positiveInt(search.id);
    const preview = id && firstParam(search.preview) === '1' ? await loadPreviewPage(s.kind, id, locale as Locale) : null;
    const data = preview ?? (id ? await loadDetailPage({ kind: s.kind, id, locale: locale as Locale }) : null);
    if (!data) notFound();
    const previewStatus = preview?.status ?? null;
    const [tn, tm] = [await getTranslations('nav'), await getTranslations('meta')];
    const { item } = data;
    const url = `${siteUrl()}${localisedPath(locale, `${s.detailPath}?id=${item.id}`)}`;
    const ld = {
      '@context': 'https://schema.org',
      '@type': section === 'news' ? 'NewsArticle' : section === 'citation' ? 'ScholarlyArticle' : 'Article',
      headline: item.title,
      description: item.summary,
      datePublished: item.publishedAt,
      inLanguage: htmlLang(locale as Locale),
      mainEntityOfPage: url,
      url,
      keywords: item.tags.map((tag) => tag.name).join(', ') || undefined,
      publisher: { '@type': 'Organization', name: tm('siteName'), url: siteUrl() },
    };
    const typeQuery: Record<string, string> = item.categoryId === null ? {} : { [s.typeParam]: String(item.categoryId) };
    return (
      <div className="container-page py-6">
        {previewStatus && (
          <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="content-preview">
            {(await getTranslations('adminContent'))(previewStatus === 'draft' ? 'previewBanner' : 'previewPublished')}
          </p>
        )}
        {!preview && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(ld) }} />}
        <PageTitleCrumbs homeLabel={tn('home')} crumbs={[{ label: tn(s.navKey), href: s.homePath }, ...(item.categoryName ? [{ label: item.categoryName, href: `${s.listPath}?${new URLSearchParams(typeQuery).toString()}` }] : [])]} />
        <ClientMessages namespaces={['content']}>
          <ArticleView item={item} detailPath={s.detailPath} listPath={{ pathname: s.listPath, query: typeQuery }} comments={data.comments} />
        </ClientMessages>
      </div>
    );
  }
  return { generateMetadata, Page };
}

/** Only the breadcrumb (the article renders its own heading). */
function PageTitleCrumbs({ homeLabel, crumbs }: { homeLabel: string; crumbs: { label: string; href?: string }[] }) {
  return (
    <PageTitle homeLabel={homeLabel} crumbs={crumbs} title="" />
  );
}
