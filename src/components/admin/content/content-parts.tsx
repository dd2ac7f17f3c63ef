'use client';

import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { CONTENT_SECTION_SPECS, NEWS_SORTS, NEWS_STATUSES, type AdminContentKind, type AdminContentRowDto, type ContentItemStatus, type ContentSectionName } from '@/contracts/content-editing';
import { useApiMutation } from '@/lib/api/query';
import { BrandSelect } from '../catalog/brand-select';
import type { KeysetControls } from '../common/keyset-list';
import { contentItemReads } from './content-paths';
import { SearchField } from '@/components/ui/search-field';

export const DEFAULTS = { key: '', categoryId: '', status: '', featured: '', brandId: '', sort: '-publishedAt' };
export type ContentQuery = typeof DEFAULTS;
const PAGE_SIZE = 10;

/** The list's query of the view's filters (empty ones left out), a page at a time. */
export function listFilters(query: ContentQuery) {
  return {
    key: query.key || undefined,
    categoryId: query.categoryId || undefined,
    status: NEWS_STATUSES.find((s) => s === query.status),
    featured: query.featured === '' ? undefined : query.featured === 'true',
    brandId: query.brandId || undefined,
    sort: NEWS_SORTS.find((s) => s === query.sort) ?? '-publishedAt',
    limit: PAGE_SIZE,
  };
}

/** The storefront page that shows an item of a kind; `preview=1` shows a draft to a member with CONTENT.EDIT (ADR 0033). */
export function contentPreviewHref(locale: string, item: { id: number; kind: AdminContentKind; categoryId: number | null }): string {
  switch (item.kind) {
    case 'news': return `/${locale}/news/detail?id=${item.id}&preview=1`;
    case 'application': return `/${locale}/applications/detail?id=${item.id}&preview=1`;
    case 'citation': return `/${locale}/citations/detail?id=${item.id}&preview=1`;
    case 'support': return `/${locale}/support/detail?id=${item.id}&preview=1`;
    case 'resource': return `/${locale}/resources/index/detail?${item.categoryId ? `type=${item.categoryId}&` : ''}id=${item.id}&preview=1`;
  }
}

/** A name in the page's language. */
export const nameIn = (locale: string, n: { nameZh: string; nameEn: string }) => (locale === 'en' ? n.nameEn : n.nameZh);
/** A title in the page's language. */
export const titleIn = (locale: string, n: { titleZh: string; titleEn: string }) => (locale === 'en' ? n.titleEn : n.titleZh);

/** The list's filters and sort, kept in the view's query. */
export function ContentFilters({ section, query, typeOptions, onFilter }: {
  section: ContentSectionName; query: ContentQuery; typeOptions: { value: string; label: string }[]; onFilter: (patch: Partial<ContentQuery>) => void;
}) {
  const t = useTranslations('adminContent');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const spec = CONTENT_SECTION_SPECS[section];
  return (
    <Space wrap className="mb-3">
      <SearchField allowClear placeholder={t('searchTitle')} aria-label={t('searchTitle')} defaultValue={query.key}
        onSearch={(key) => onFilter({ key })} style={{ width: 260, maxWidth: '100%' }} data-testid={`${section}-search`} />
      <Select aria-label={ts('category')} value={query.categoryId} style={{ width: 170 }} onChange={(categoryId) => onFilter({ categoryId })}
        options={[{ value: '', label: ts('allCategories') }, ...typeOptions]} />
      {spec.brand !== 'none' && (
        <BrandSelect allowClear ariaLabel={t('brand')} value={query.brandId ? Number(query.brandId) : null} style={{ width: 200 }}
          onChange={(brandId) => onFilter({ brandId: brandId === null ? '' : String(brandId) })} />
      )}
      <Select aria-label={t('status')} value={query.status} style={{ width: 130 }} onChange={(status) => onFilter({ status })}
        options={[{ value: '', label: t('allStatuses') }, { value: 'draft', label: t('statuses.draft') }, { value: 'published', label: t('statuses.published') }]} />
      {spec.featured && (
        <Select aria-label={t('featured')} value={query.featured} style={{ width: 150 }} onChange={(featured) => onFilter({ featured })}
          options={[{ value: '', label: t('allFeatured') }, { value: 'true', label: t('onlyFeatured') }, { value: 'false', label: t('notFeatured') }]} />
      )}
      <Select aria-label={t('sort')} value={query.sort} style={{ width: 170 }} onChange={(sort) => onFilter({ sort })}
        options={[
          { value: '-publishedAt', label: t('sorts.newest') }, { value: 'publishedAt', label: t('sorts.oldest') },
          { value: '-views', label: t('sorts.mostRead') }, { value: 'views', label: t('sorts.leastRead') },
        ]} />
    </Space>
  );
}

/** The total and the keyset pager: first, previous and next page. */
export function CursorPager({ list }: { list: KeysetControls }) {
  const t = useTranslations('adminContent');
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-slate-500">{t('total', { total: list.page?.total ?? 0 })}</span>
      <Space wrap>
        <Button disabled={list.atFirst} onClick={list.first}>{t('firstPage')}</Button>
        <Button disabled={list.atFirst} onClick={list.previous}>{t('previousPage')}</Button>
        <Button disabled={!list.page?.nextCursor} onClick={list.next}>{t('nextPage')}</Button>
      </Space>
    </div>
  );
}

/** The list's columns as far as the section's items have them; the actions publish, withdraw and delete an item. */
export function useContentColumns(section: ContentSectionName, wide: boolean, { onEdit, onHistory }: {
  onEdit: (id: number) => void; onHistory: (row: AdminContentRowDto) => void;
}) {
  const t = useTranslations('adminContent');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const locale = useLocale();
  const format = useFormatter();
  const spec = CONTENT_SECTION_SPECS[section];
  const invalidates = contentItemReads(section);
  const publish = useApiMutation('post', `/api/admin/content/${section}/{id}/publish` as const, { invalidates, success: t('published') });
  const unpublish = useApiMutation('post', `/api/admin/content/${section}/{id}/unpublish` as const, { invalidates, success: t('unpublished') });
  const remove = useApiMutation('delete', `/api/admin/content/${section}/{id}` as const, { invalidates, success: t('deleted') });
  const byId = (id: number) => ({ params: { path: { id } } });
  const typeName = (ty: { nameZh: string; nameEn: string }) => nameIn(locale, ty);
  const statusTag = (s: ContentItemStatus) => <Tag color={s === 'published' ? 'green' : 'default'} data-testid={`${section}-status`}>{t(`statuses.${s}`)}</Tag>;
  return [
    {
      title: t('titleColumn'), key: 'title', render: (_: unknown, n: AdminContentRowDto) => (
        <div className="min-w-48">
          <div className="font-medium">
            {titleIn(locale, n)}
            {n.example && <Tag color="orange" className="ml-2" data-testid="content-example-tag">{t('exampleTag')}</Tag>}
          </div>
          <div className="text-xs text-slate-500">{locale === 'en' ? n.titleZh : n.titleEn}</div>
          {spec.source && n.source && <div className="text-xs italic text-slate-500">{locale === 'en' && n.sourceEn ? n.sourceEn : n.source}</div>}
        </div>
      ),
    },
    ...(spec.kinds.length > 1 ? [{ title: t('kind'), key: 'kind', width: 100, render: (_: unknown, n: AdminContentRowDto) => t(`kinds.${n.kind}`) }] : []),
    ...(spec.brand !== 'none' ? [{
      title: t('brand'), key: 'brand', width: 140, render: (_: unknown, n: AdminContentRowDto) => (n.brandNameZh ? typeName({ nameZh: n.brandNameZh, nameEn: n.brandNameEn ?? '' }) : '—'),
    }] : []),
    { title: ts('category'), key: 'type', width: 130, render: (_: unknown, n: AdminContentRowDto) => (n.categoryNameZh ? typeName({ nameZh: n.categoryNameZh, nameEn: n.categoryNameEn ?? '' }) : '—') },
    ...(spec.file ? [{
      title: t('file'), key: 'file', width: 110, render: (_: unknown, n: AdminContentRowDto) => (n.fileName ? <Tag color="blue">PDF</Tag> : <Tag>{t('noFile')}</Tag>),
    }] : []),
    { title: t('status'), dataIndex: 'status', width: 100, render: statusTag },
    ...(spec.featured ? [{ title: t('featured'), dataIndex: 'featured', width: 90, render: (v: boolean) => (v ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) }] : []),
    { title: t('publishedAt'), dataIndex: 'publishedAt', width: 150, render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'short', timeStyle: 'short' }) },
    { title: t('views'), dataIndex: 'views', width: 80 },
    {
      title: t('actions'), key: 'actions', width: 330, fixed: wide ? 'right' as const : undefined, render: (_: unknown, n: AdminContentRowDto) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => onEdit(n.id)} data-testid={`${section}-edit`}>{t('edit')}</Button>
          {n.status === 'draft'
            ? <Button size="small" type="primary" ghost onClick={() => void publish.send(byId(n.id))} data-testid={`${section}-publish`}>{t('publish')}</Button>
            : <Button size="small" onClick={() => void unpublish.send(byId(n.id))} data-testid={`${section}-unpublish`}>{t('unpublish')}</Button>}
          <a href={contentPreviewHref(locale, n)} target="_blank" rel="noreferrer" className="text-xs">{t('preview')}</a>
          <Popconfirm title={ts('deleteConfirm', { title: titleIn(locale, n) })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
            onConfirm={() => remove.send(byId(n.id))}>
            <Button size="small" danger data-testid={`${section}-delete`}>{t('delete')}</Button>
          </Popconfirm>
          <Button size="small" type="link" onClick={() => onHistory(n)}>{t('history')}</Button>
        </Space>
      ),
    },
  ];
}
