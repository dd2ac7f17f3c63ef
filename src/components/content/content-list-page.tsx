import { getTranslations } from 'next-intl/server';
import type { ContentTypeDto, ContentPage } from '@/contracts/content';
import { ContentList } from './content-list';
import { PageTitle } from './page-title';
import { Pagination } from './pagination';
import { SideMenu } from './side-menu';

export interface ContentSection {
  /** The nav label key (nav.*) and the section's title. */
  navKey: 'news' | 'applications' | 'citations' | 'support';
  listPath: string;
  detailPath: string;
  /** The query parameter that carries the type id on the list page (docs/requirements/storefront.md#routes). */
  typeParam: 'typeId' | 'id';
  /** Where the section starts, for the breadcrumb. */
  homePath: string;
}

/** A section's list page: breadcrumb, types menu, items and page links. */
export async function ContentListPage({ section, types, activeType, page, showSource = false, keyword }: {
  section: ContentSection;
  types: ContentTypeDto[];
  activeType: ContentTypeDto | null;
  page: ContentPage;
  showSource?: boolean;
  keyword?: string;
}) {
  const t = await getTranslations('content');
  const tn = await getTranslations('nav');
  const title = activeType?.type ?? t('all');
  const allCount = types.reduce((sum, ty) => sum + ty.count, 0);
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn(section.navKey), href: section.homePath }, { label: title }]} title={`${tn(section.navKey)} · ${title}`} />
      <div className="flex flex-col gap-6 md:flex-row">
        <SideMenu
          title={t('categories')}
          items={[
            { key: 'all', label: t('all'), href: section.listPath, active: activeType === null, count: allCount },
            ...types.map((ty) => ({ key: String(ty.id), label: ty.type, href: { pathname: section.listPath, query: { [section.typeParam]: String(ty.id) } }, active: ty.id === activeType?.id, count: ty.count })),
          ]}
        />
        <div className="min-w-0 flex-1">
          <form role="search" className="mb-4 flex gap-2" action="">
            {activeType && <input type="hidden" name={section.typeParam} value={activeType.id} />}
            <label htmlFor="content-keyword" className="sr-only">{t('searchLabel')}</label>
            <input id="content-keyword" name="keyword" defaultValue={keyword} maxLength={50} placeholder={t('searchPlaceholder')}
              className="h-9 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-sm outline-none focus:border-brand-500" />
            <button type="submit" className="h-9 rounded-md bg-brand-500 px-4 text-sm text-white hover:bg-brand-600">{t('search')}</button>
          </form>
          <p className="mb-3 text-sm text-muted" data-testid="result-count">{t('resultCount', { count: page.total })}</p>
          <ContentList items={page.list} detailPath={section.detailPath} showSource={showSource} />
          <Pagination
            pathname={section.listPath}
            query={{ [section.typeParam]: activeType?.id, keyword }}
            page={page.offset}
            total={page.total}
            limit={page.limit}
          />
        </div>
      </div>
    </div>
  );
}
