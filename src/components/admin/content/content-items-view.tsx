'use client';

import { Button, Empty, Grid, Space, Table } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { CONTENT_SECTION_SPECS, type AdminContentRowDto, type AdminContentTypeDto, type ContentSectionName } from '@/contracts/content-editing';
import { useTableState } from '@/components/data/query-state';
import { useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { useKeysetQuery } from '../common/keyset-list';
import { RecordHistory } from '../common/record-history';
import { ContentEditor } from './content-editor';
import { ContentFilters, CursorPager, DEFAULTS, listFilters, nameIn, titleIn, useContentColumns, type ContentQuery } from './content-parts';
import { ContentTypesDrawer } from './content-types-drawer';

// Without the categories the filter and the editor offer none.
const NO_TYPES: AdminContentTypeDto[] = [];

/**
 * A content page of the back-office (CONTENT.EDIT, ADR 0033 and 0035), one per section: news,
 * applications, citations, support questions, resources, brand articles. Items, drafts and published,
 * with search, category, status, recommended (and brand) filters, sorting and keyset pages; the
 * section's categories in a drawer; an editor drawer with both languages side by side.
 */
export function ContentItemsView({ section }: { section: ContentSectionName }) {
  const t = useTranslations('adminContent');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const locale = useLocale();
  const spec = CONTENT_SECTION_SPECS[section];
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const list = useKeysetQuery(`/api/admin/content/${section}` as const, listFilters(query));
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ts('empty')} />);
  const typesQuery = useApiQuery('get', `/api/admin/content/${section}/types` as const);
  const types = typesQuery.data ?? NO_TYPES;
  const [typesOpen, setTypesOpen] = useState(false);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [history, setHistory] = useState<AdminContentRowDto | null>(null);
  const wide = Grid.useBreakpoint().md !== false;
  const columns = useContentColumns(section, wide, { onEdit: setEditing, onHistory: setHistory });
  // A filter (or the same search again) starts from the first page.
  const filter = (patch: Partial<ContentQuery>) => {
    list.first();
    setQuery(patch);
  };
  const typeOptions = types.map((ty) => ({ value: String(ty.id), label: spec.kinds.length > 1 ? `${nameIn(locale, ty)} (${t(`kinds.${ty.kind}`)})` : nameIn(locale, ty) }));

  return (
    <section className="rounded-lg bg-white p-4" data-testid={`${section}-view`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{ts('title')}</h1>
        <Space wrap>
          {spec.categories && <Button onClick={() => setTypesOpen(true)} data-testid={`${section}-types`}>{ts('categories')}</Button>}
          <Button type="primary" onClick={() => setEditing('new')} data-testid={`${section}-add`}>{ts('add')}</Button>
        </Space>
      </div>
      <ContentFilters section={section} query={query} typeOptions={typeOptions} onFilter={filter} />
      <Table<AdminContentRowDto>
        rowKey="id"
        {...table}
        dataSource={list.page?.items}
        pagination={false}
        scroll={{ x: 1000 }}
        columns={columns}
      />
      <CursorPager list={list} />
      {editing !== null && (
        <ContentEditor section={section} id={editing} types={types} wide={wide} onClose={() => setEditing(null)} onSaved={setEditing} />
      )}
      {spec.categories && section !== 'brand-articles' && (
        <ContentTypesDrawer section={section} open={typesOpen} types={types} loadFailed={typesQuery.isError} wide={wide} onClose={() => setTypesOpen(false)} />
      )}
      <RecordHistory entity={history?.kind ?? spec.kinds[0]!} entityId={history?.id ?? null} title={history ? titleIn(locale, history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
