'use client';

import { Alert, Button, Empty, Form, Grid, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { CHANNELS, type AdminContentCategoryDto, type AdminTagDto, type Channel } from '@/contracts/content-taxonomy';
import { adminApi, toQuery } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { useAdminAction } from '../common/use-admin-action';
import { useFormSave } from '@/components/ui/use-form-save';

/** Loads a whole (short) list from `/api/admin/...` whenever the path changes; `reload` fetches it again. */
function useAdminArray<T>(path: string) {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ key: string; items: T[]; error: string | null } | null>(null);
  const key = `${path}#${round}`;
  useEffect(() => {
    let live = true;
    adminApi<T[]>('GET', path).then(
      (items) => { if (live) setState({ key, items, error: null }); },
      (e: unknown) => { if (live) setState({ key, items: [], error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [path, key]);
  const reload = useCallback(async () => setRound((r) => r + 1), []);
  return { items: state?.items ?? [], loading: state?.key !== key, error: state?.error ?? null, reload };
}

interface CategoryForm { channel: Channel; nameZh: string; nameEn: string; sort: number }

/**
 * `/content/categories` (CONTENT.EDIT, ADR 0036): the categories of each content channel (news types,
 * application categories, support types, resource types…) with the items filed under each; add, rename,
 * reorder; a category is deleted only while no item uses it.
 */
export function ContentCategoriesView() {
  const t = useTranslations('adminTaxonomy');
  const te = useTranslations('api.errors');
  const locale = useLocale();
  const [query, setQuery] = useViewQuery({ channel: '', key: '' });
  const { items, loading, error, reload } = useAdminArray<AdminContentCategoryDto>(`/api/admin/cms/categories${toQuery({ channel: query.channel, key: query.key })}`);
  const [editing, setEditing] = useState<AdminContentCategoryDto | 'new' | null>(null);
  const [history, setHistory] = useState<AdminContentCategoryDto | null>(null);
  const [form] = Form.useForm<CategoryForm>();
  const run = useAdminAction(reload, form);
  const wide = Grid.useBreakpoint().md !== false;
  const name = (c: { nameZh: string; nameEn: string }) => (locale === 'en' ? c.nameEn : c.nameZh);
  const open = (c: AdminContentCategoryDto | 'new') => {
    form.resetFields();
    form.setFieldsValue(c === 'new' ? { channel: (query.channel || 'news') as Channel, nameZh: '', nameEn: '', sort: 0 } : c);
    setEditing(c);
  };
  const { saving, onFinish } = useFormSave(async (values: CategoryForm) => {
    const ok = await run(() => (editing === 'new' ? adminApi('POST', '/api/admin/cms/categories', values) : adminApi('PUT', `/api/admin/cms/categories/${(editing as AdminContentCategoryDto).id}`, values)), t('saved'));
    if (ok) setEditing(null);
  });
  const channelTag = (c: Channel) => <Tag color="blue">{t(`channels.${c}`)}</Tag>;
  const actions = (c: AdminContentCategoryDto) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => open(c)} aria-label={`${t('edit')}: ${name(c)}`}>{t('edit')}</Button>
      {c.items > 0 ? (
        <Tooltip title={t('inUse', { count: c.items })}><Button size="small" danger disabled aria-label={`${t('delete')}: ${name(c)}`}>{t('delete')}</Button></Tooltip>
      ) : (
        <Popconfirm title={t('confirmDelete', { name: name(c) })} okText={t('delete')} cancelText={t('cancel')}
          onConfirm={() => void run(() => adminApi('DELETE', `/api/admin/cms/categories/${c.id}`), t('deleted'))}>
          <Button size="small" danger aria-label={`${t('delete')}: ${name(c)}`}>{t('delete')}</Button>
        </Popconfirm>
      )}
      <Button size="small" type="link" onClick={() => setHistory(c)}>{t('history')}</Button>
    </Space>
  );

  return (
    <section className="rounded-lg bg-white p-4" data-testid="content-categories-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('categoriesTitle')}</h1>
        <Button type="primary" onClick={() => open('new')} data-testid="category-add">{t('addCategory')}</Button>
      </div>
      <Space wrap className="mb-3">
        <Select aria-label={t('channel')} value={query.channel} style={{ width: 160 }} onChange={(channel) => setQuery({ channel })}
          options={[{ value: '', label: t('allChannels') }, ...CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))]} />
        <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} style={{ width: 240, maxWidth: '100%' }} onSearch={(key) => setQuery({ key })} />
      </Space>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<AdminContentCategoryDto>
        rowKey="id" loading={loading} dataSource={items} pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        showHeader={wide} scroll={wide ? { x: 760 } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        columns={wide ? [
          { title: t('channel'), dataIndex: 'channel', width: 120, render: channelTag },
          { title: t('nameZh'), dataIndex: 'nameZh' },
          { title: t('nameEn'), dataIndex: 'nameEn' },
          { title: t('sort'), dataIndex: 'sort', width: 80, sorter: (a, b) => a.sort - b.sort },
          { title: t('items'), dataIndex: 'items', width: 90, sorter: (a, b) => a.items - b.items },
          { title: t('actions'), key: 'actions', width: 220, render: (_: unknown, c) => actions(c) },
        ] : [
          { key: 'all', render: (_: unknown, c) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1">{channelTag(c.channel)}<span className="font-medium">{c.nameZh}</span><span className="text-slate-500">{c.nameEn}</span></div>
              <div className="text-xs text-slate-500">{t('items')}: {c.items} · {t('sort')}: {c.sort}</div>
              {actions(c)}
            </div>
          ) },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? t('addCategory') : t('editCategory')} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}
        okText={t('save')} cancelText={t('cancel')} forceRender>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="channel" label={t('channel')} rules={[{ required: true, message: te('channelInvalid') }]}>
            <Select options={CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
          </Form.Item>
          <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, max: 60, message: te('taxonomyNameInvalid') }]}><Input /></Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, max: 60, message: te('taxonomyNameInvalid') }]}><Input /></Form.Item>
          <Form.Item name="sort" label={t('sort')} rules={[{ type: 'integer', min: 0, max: 100_000, message: te('taxonomySortInvalid') }]}><InputNumber min={0} max={100_000} precision={0} /></Form.Item>
        </Form>
      </Modal>
      <RecordHistory entity="contentCategory" entityId={history?.id ?? null} title={history ? name(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

interface TagForm { slug: string; nameZh: string; nameEn: string; sort: number }

/** `/content/tags` (CONTENT.EDIT, ADR 0036): the tags with the items carrying each; a tag is deleted only while unused. */
export function ContentTagsView() {
  const t = useTranslations('adminTaxonomy');
  const te = useTranslations('api.errors');
  const locale = useLocale();
  const [query, setQuery] = useViewQuery({ key: '' });
  const { items, loading, error, reload } = useAdminArray<AdminTagDto>(`/api/admin/cms/tags${toQuery({ key: query.key })}`);
  const [editing, setEditing] = useState<AdminTagDto | 'new' | null>(null);
  const [history, setHistory] = useState<AdminTagDto | null>(null);
  const [form] = Form.useForm<TagForm>();
  const run = useAdminAction(reload, form);
  const wide = Grid.useBreakpoint().md !== false;
  const name = (c: { nameZh: string; nameEn: string }) => (locale === 'en' ? c.nameEn : c.nameZh);
  const open = (tag: AdminTagDto | 'new') => {
    form.resetFields();
    form.setFieldsValue(tag === 'new' ? { slug: '', nameZh: '', nameEn: '', sort: 0 } : tag);
    setEditing(tag);
  };
  const { saving, onFinish } = useFormSave(async (values: TagForm) => {
    const ok = await run(() => (editing === 'new' ? adminApi('POST', '/api/admin/cms/tags', values) : adminApi('PUT', `/api/admin/cms/tags/${(editing as AdminTagDto).id}`, values)), t('saved'));
    if (ok) setEditing(null);
  });
  const actions = (c: AdminTagDto) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => open(c)} aria-label={`${t('edit')}: ${name(c)}`}>{t('edit')}</Button>
      {c.items > 0 ? (
        <Tooltip title={t('inUse', { count: c.items })}><Button size="small" danger disabled aria-label={`${t('delete')}: ${name(c)}`}>{t('delete')}</Button></Tooltip>
      ) : (
        <Popconfirm title={t('confirmDelete', { name: name(c) })} okText={t('delete')} cancelText={t('cancel')}
          onConfirm={() => void run(() => adminApi('DELETE', `/api/admin/cms/tags/${c.id}`), t('deleted'))}>
          <Button size="small" danger aria-label={`${t('delete')}: ${name(c)}`}>{t('delete')}</Button>
        </Popconfirm>
      )}
      <Button size="small" type="link" onClick={() => setHistory(c)}>{t('history')}</Button>
    </Space>
  );

  return (
    <section className="rounded-lg bg-white p-4" data-testid="content-tags-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('tagsTitle')}</h1>
        <Button type="primary" onClick={() => open('new')} data-testid="tag-add">{t('addTag')}</Button>
      </div>
      <Input.Search allowClear className="mb-3" placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} style={{ width: 240, maxWidth: '100%' }} onSearch={(key) => setQuery({ key })} />
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<AdminTagDto>
        rowKey="id" loading={loading} dataSource={items} pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        showHeader={wide} scroll={wide ? { x: 760 } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        columns={wide ? [
          { title: t('slug'), dataIndex: 'slug', width: 150, render: (v: string) => <code>{v}</code> },
          { title: t('nameZh'), dataIndex: 'nameZh' },
          { title: t('nameEn'), dataIndex: 'nameEn' },
          { title: t('sort'), dataIndex: 'sort', width: 80, sorter: (a, b) => a.sort - b.sort },
          { title: t('items'), dataIndex: 'items', width: 90, sorter: (a, b) => a.items - b.items },
          { title: t('actions'), key: 'actions', width: 220, render: (_: unknown, c) => actions(c) },
        ] : [
          { key: 'all', render: (_: unknown, c) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1"><code>{c.slug}</code><span className="font-medium">{c.nameZh}</span><span className="text-slate-500">{c.nameEn}</span></div>
              <div className="text-xs text-slate-500">{t('items')}: {c.items} · {t('sort')}: {c.sort}</div>
              {actions(c)}
            </div>
          ) },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? t('addTag') : t('editTag')} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}
        okText={t('save')} cancelText={t('cancel')} forceRender>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="slug" label={t('slug')} extra={t('slugHelp')} rules={[{ required: true, pattern: /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, max: 40, message: te('tagSlugInvalid') }]}><Input /></Form.Item>
          <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, max: 60, message: te('taxonomyNameInvalid') }]}><Input /></Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, max: 60, message: te('taxonomyNameInvalid') }]}><Input /></Form.Item>
          <Form.Item name="sort" label={t('sort')} rules={[{ type: 'integer', min: 0, max: 100_000, message: te('taxonomySortInvalid') }]}><InputNumber min={0} max={100_000} precision={0} /></Form.Item>
        </Form>
      </Modal>
      <RecordHistory entity="contentTag" entityId={history?.id ?? null} title={history ? name(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
