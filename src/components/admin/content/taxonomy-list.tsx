'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Form, Grid, Input, InputNumber, Popconfirm, Space, Table, Tooltip, type FormInstance } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useTableState } from '@/components/data/query-state';
import { RecordHistory } from '../common/record-history';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

/** What a category and a tag have in common: names in both languages, an order, how many items use it. */
export interface TaxonomyRow { id: number; nameZh: string; nameEn: string; sort: number; items: number }

/** What tells the categories page from the tags page. */
export interface TaxonomyKind<Row> {
  testId: string;
  addTestId: string;
  /** Translated: the page's title, the add button's and the editor's titles. */
  title: string;
  add: string;
  edit: string;
  entity: 'contentCategory' | 'contentTag';
  /** The first column on a wide screen, the first line's lead on a phone (channel or slug). */
  lead: { title: string; width: number; render: (row: Row) => ReactNode };
}

type ListQuery<Row> = Pick<UseQueryResult<Row[], Error>, 'data' | 'error' | 'isPending' | 'isFetching' | 'refetch'>;

/**
 * A taxonomy page of the back-office (ADR 0036): the list with the items filed under each entry, add,
 * edit and delete (only while no item uses it), history. The page brings its list, its filters, its own
 * first field (`fields`) and its writes; names and order are the same for both.
 */
export function TaxonomyList<Row extends TaxonomyRow, Values extends object>({ kind, list, form, valuesOf, filters, fields, onSave, onDelete }: {
  kind: TaxonomyKind<Row>;
  list: ListQuery<Row>;
  form: FormInstance<Values>;
  /** The form's values for an entry, or for a new one. */
  valuesOf: (row: Row | 'new') => Values;
  filters: ReactNode;
  fields: ReactNode;
  /** Answers whether it was saved. */
  onSave: (editing: Row | 'new', values: Values) => Promise<boolean>;
  onDelete: (row: Row) => Promise<unknown>;
}) {
  const t = useTranslations('adminTaxonomy');
  const te = useTranslations('api.errors');
  const locale = useLocale();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const wide = Grid.useBreakpoint().md !== false;
  const name = (c: Row) => (locale === 'en' ? c.nameEn : c.nameZh);
  const open = (row: Row | 'new') => {
    form.resetFields();
    form.setFieldsValue(valuesOf(row));
    setEditing(row);
  };
  const { saving, onFinish } = useFormSave(async (values: Values) => {
    if (editing !== null && await onSave(editing, values)) setEditing(null);
  });
  const actions = (c: Row) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => open(c)} aria-label={`${t('edit')}: ${name(c)}`}>{t('edit')}</Button>
      {c.items > 0 ? (
        <Tooltip title={t('inUse', { count: c.items })}><Button size="small" danger disabled aria-label={`${t('delete')}: ${name(c)}`}>{t('delete')}</Button></Tooltip>
      ) : (
        <Popconfirm title={t('confirmDelete', { name: name(c) })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => void onDelete(c)}>
          <Button size="small" danger aria-label={`${t('delete')}: ${name(c)}`}>{t('delete')}</Button>
        </Popconfirm>
      )}
      <Button size="small" type="link" onClick={() => setHistory(c)}>{t('history')}</Button>
    </Space>
  );

  return (
    <section className="rounded-lg bg-white p-4" data-testid={kind.testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{kind.title}</h1>
        <Button type="primary" onClick={() => open('new')} data-testid={kind.addTestId}>{kind.add}</Button>
      </div>
      {filters}
      <Table<Row>
        rowKey="id" {...table} dataSource={list.data} pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        showHeader={wide} scroll={wide ? { x: 760 } : undefined}
        columns={wide ? [
          { title: kind.lead.title, key: 'lead', width: kind.lead.width, render: (_: unknown, c) => kind.lead.render(c) },
          { title: t('nameZh'), dataIndex: 'nameZh' },
          { title: t('nameEn'), dataIndex: 'nameEn' },
          { title: t('sort'), dataIndex: 'sort', width: 80, sorter: (a, b) => a.sort - b.sort },
          { title: t('items'), dataIndex: 'items', width: 90, sorter: (a, b) => a.items - b.items },
          { title: t('actions'), key: 'actions', width: 220, render: (_: unknown, c) => actions(c) },
        ] : [
          { key: 'all', render: (_: unknown, c) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1">{kind.lead.render(c)}<span className="font-medium">{c.nameZh}</span><span className="text-slate-500">{c.nameEn}</span></div>
              <div className="text-xs text-slate-500">{t('items')}: {c.items} · {t('sort')}: {c.sort}</div>
              {actions(c)}
            </div>
          ) },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? kind.add : kind.edit} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}
        okText={t('save')} cancelText={t('cancel')} forceRender>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          {fields}
          <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, max: 60, message: te('taxonomyNameInvalid') }]}><Input /></Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, max: 60, message: te('taxonomyNameInvalid') }]}><Input /></Form.Item>
          <Form.Item name="sort" label={t('sort')} rules={[{ type: 'integer', min: 0, max: 100_000, message: te('taxonomySortInvalid') }]}><InputNumber min={0} max={100_000} precision={0} /></Form.Item>
        </Form>
      </FormModal>
      <RecordHistory entity={kind.entity} entityId={history?.id ?? null} title={history ? name(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

/** The search box of a taxonomy page. */
export function TaxonomySearch({ value, onSearch, className }: { value: string; onSearch: (key: string) => void; className?: string }) {
  const t = useTranslations('adminTaxonomy');
  return <SearchField allowClear className={className} placeholder={t('search')} aria-label={t('search')} defaultValue={value} style={{ width: 240, maxWidth: '100%' }} onSearch={onSearch} />;
}
