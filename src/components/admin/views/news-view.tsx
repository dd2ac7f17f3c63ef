'use client';

import { Alert, Button, DatePicker, Drawer, Empty, Form, Grid, Input, Popconfirm, Select, Space, Spin, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { AdminNewsDto, AdminNewsInput, AdminNewsRowDto, AdminNewsTypeDto, NewsStatus } from '@/contracts/content-admin';
import { adminApi, toQuery } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from './record-history';
import { LinkedItemsPanel } from './linked-items-panel';
import { RichTextEditor } from './rich-text-editor';
import { useAdminAction } from './use-admin-action';

const DEFAULTS = { key: '', categoryId: '', status: '', featured: '', sort: '-publishedAt' };
const PAGE_SIZE = 10;

interface Page { total: number; items: AdminNewsRowDto[]; nextCursor: string | null }
type FormValues = Omit<AdminNewsInput, 'publishedAt'> & { publishedAt: Dayjs | null };

const EMPTY: FormValues = {
  categoryId: null, titleZh: '', titleEn: '', summaryZh: '', summaryEn: '', bodyZh: '', bodyEn: '', featured: false, publishedAt: null,
};

/** The storefront page of an item; `preview=1` shows a draft to a member with CONTENT.EDIT (ADR 0033). */
export function newsPreviewHref(locale: string, id: number): string {
  return `/${locale}/news/detail?id=${id}&preview=1`;
}

/**
 * `/content/news` (CONTENT.EDIT, ADR 0033): news items, drafts and published, with search, type, status
 * and recommended filters, sorting and keyset pages; a drawer edits both languages side by side with the
 * rich-text editor, saves, publishes, previews.
 */
export function NewsView() {
  const t = useTranslations('adminContent');
  const locale = useLocale();
  const format = useFormatter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [round, setRound] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [types, setTypes] = useState<AdminNewsTypeDto[]>([]);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [history, setHistory] = useState<AdminNewsRowDto | null>(null);
  const wide = Grid.useBreakpoint().md !== false;

  const cursor = cursors[cursors.length - 1];
  const path = `/api/admin/content/news${toQuery({
    key: query.key, categoryId: query.categoryId || undefined, status: query.status || undefined, featured: query.featured || undefined, sort: query.sort, limit: PAGE_SIZE, cursor,
  })}`;
  useEffect(() => {
    let live = true;
    adminApi<Page>('GET', path).then(
      (p) => { if (live) { setPage(p); setError(null); setLoading(false); } },
      (e: unknown) => { if (live) { setError(e instanceof Error ? e.message : String(e)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [path, round]);
  useEffect(() => {
    adminApi<AdminNewsTypeDto[]>('GET', '/api/admin/content/news/types').then(setTypes, () => setTypes([]));
  }, []);
  const reload = useCallback(async () => { setLoading(true); setRound((r) => r + 1); }, []);
  const run = useAdminAction(reload);
  const filter = (patch: Partial<typeof DEFAULTS>) => {
    setCursors([undefined]);
    setLoading(true);
    setQuery(patch);
  };
  const typeName = (ty: { nameZh: string; nameEn: string }) => (locale === 'en' ? ty.nameEn : ty.nameZh);
  const statusTag = (s: NewsStatus) => <Tag color={s === 'published' ? 'green' : 'default'} data-testid="news-status">{t(`statuses.${s}`)}</Tag>;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="news-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('newsTitle')}</h1>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="news-add">{t('addNews')}</Button>
      </div>
      <Space wrap className="mb-3">
        <Input.Search allowClear placeholder={t('searchTitle')} aria-label={t('searchTitle')} defaultValue={query.key}
          onSearch={(key) => filter({ key })} style={{ width: 260, maxWidth: '100%' }} />
        <Select aria-label={t('type')} value={query.categoryId} style={{ width: 150 }} onChange={(categoryId) => filter({ categoryId })}
          options={[{ value: '', label: t('allTypes') }, ...types.map((ty) => ({ value: String(ty.id), label: typeName(ty) }))]} />
        <Select aria-label={t('status')} value={query.status} style={{ width: 130 }} onChange={(status) => filter({ status })}
          options={[{ value: '', label: t('allStatuses') }, { value: 'draft', label: t('statuses.draft') }, { value: 'published', label: t('statuses.published') }]} />
        <Select aria-label={t('featured')} value={query.featured} style={{ width: 150 }} onChange={(featured) => filter({ featured })}
          options={[{ value: '', label: t('allFeatured') }, { value: 'true', label: t('onlyFeatured') }, { value: 'false', label: t('notFeatured') }]} />
        <Select aria-label={t('sort')} value={query.sort} style={{ width: 170 }} onChange={(sort) => filter({ sort })}
          options={[
            { value: '-publishedAt', label: t('sorts.newest') }, { value: 'publishedAt', label: t('sorts.oldest') },
            { value: '-views', label: t('sorts.mostRead') }, { value: 'views', label: t('sorts.leastRead') },
          ]} />
      </Space>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<AdminNewsRowDto>
        rowKey="id"
        loading={loading}
        dataSource={page?.items ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyNews')} /> }}
        columns={[
          {
            title: t('titleColumn'), key: 'title', render: (_: unknown, n) => (
              <div className="min-w-48">
                <div className="font-medium">{locale === 'en' ? n.titleEn : n.titleZh}</div>
                <div className="text-xs text-slate-500">{locale === 'en' ? n.titleZh : n.titleEn}</div>
              </div>
            ),
          },
          { title: t('type'), key: 'type', width: 120, render: (_: unknown, n) => (n.categoryNameZh ? typeName({ nameZh: n.categoryNameZh, nameEn: n.categoryNameEn ?? '' }) : '—') },
          { title: t('status'), dataIndex: 'status', width: 100, render: statusTag },
          { title: t('featured'), dataIndex: 'featured', width: 90, render: (v: boolean) => (v ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
          { title: t('publishedAt'), dataIndex: 'publishedAt', width: 150, render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'short', timeStyle: 'short' }) },
          { title: t('views'), dataIndex: 'views', width: 80 },
          {
            title: t('actions'), key: 'actions', width: 330, fixed: wide ? 'right' : undefined, render: (_: unknown, n) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setEditing(n.id)} data-testid="news-edit">{t('edit')}</Button>
                {n.status === 'draft'
                  ? <Button size="small" type="primary" ghost onClick={() => run(() => adminApi('POST', `/api/admin/content/news/${n.id}/publish`), t('published'))} data-testid="news-publish">{t('publish')}</Button>
                  : <Button size="small" onClick={() => run(() => adminApi('POST', `/api/admin/content/news/${n.id}/unpublish`), t('unpublished'))}>{t('unpublish')}</Button>}
                <a href={newsPreviewHref(locale, n.id)} target="_blank" rel="noreferrer" className="text-xs">{t('preview')}</a>
                <Popconfirm title={t('deleteNewsConfirm', { title: locale === 'en' ? n.titleEn : n.titleZh })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => run(() => adminApi('DELETE', `/api/admin/content/news/${n.id}`), t('deleted'))}>
                  <Button size="small" danger>{t('delete')}</Button>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(n)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-500">{t('total', { total: page?.total ?? 0 })}</span>
        <Space wrap>
          <Button disabled={cursors.length === 1} onClick={() => { setLoading(true); setCursors([undefined]); }}>{t('firstPage')}</Button>
          <Button disabled={cursors.length === 1} onClick={() => { setLoading(true); setCursors((c) => c.slice(0, -1)); }}>{t('previousPage')}</Button>
          <Button disabled={!page?.nextCursor} onClick={() => { const next = page?.nextCursor; if (next) { setLoading(true); setCursors((c) => [...c, next]); } }}>{t('nextPage')}</Button>
        </Space>
      </div>
      {editing !== null && (
        <NewsEditor id={editing} types={types} wide={wide} onClose={() => setEditing(null)} onSaved={(id) => { setEditing(id); void reload(); }} />
      )}
      <RecordHistory entity="news" entityId={history?.id ?? null} title={history ? (locale === 'en' ? history.titleEn : history.titleZh) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

function NewsEditor({ id, types, wide, onClose, onSaved }: {
  id: number | 'new'; types: AdminNewsTypeDto[]; wide: boolean; onClose: () => void; onSaved: (id: number) => void;
}) {
  const t = useTranslations('adminContent');
  const tk = useTranslations('adminLinks');
  const locale = useLocale();
  const [form] = Form.useForm<FormValues>();
  const [item, setItem] = useState<AdminNewsDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reloadNothing = useCallback(async () => {}, []);
  const run = useAdminAction(reloadNothing, form);

  useEffect(() => {
    if (id === 'new') return;
    let live = true;
    adminApi<AdminNewsDto>('GET', `/api/admin/content/news/${id}`).then((n) => {
      if (!live) return;
      setItem(n);
      form.setFieldsValue({ ...n, publishedAt: dayjs(n.publishedAt) });
    }, (e: unknown) => { if (live) setLoadError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [id, form]);

  async function save(publish: boolean) {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: AdminNewsInput = { ...EMPTY, ...values, publishedAt: values.publishedAt ? values.publishedAt.toISOString() : undefined };
    setBusy(true);
    let saved: AdminNewsDto | null = null;
    const ok = await run(async () => {
      saved = id === 'new'
        ? await adminApi<AdminNewsDto>('POST', '/api/admin/content/news', body)
        : await adminApi<AdminNewsDto>('PUT', `/api/admin/content/news/${id}`, body);
      if (publish && saved.status === 'draft') saved = await adminApi<AdminNewsDto>('POST', `/api/admin/content/news/${saved.id}/publish`);
    }, publish ? t('published') : t('saved'));
    setBusy(false);
    const result = saved as AdminNewsDto | null;
    if (ok && result) {
      setItem(result);
      onSaved(result.id);
    }
  }

  const loading = id !== 'new' && !item && !loadError;
  // Beside the title on a wide screen; below the form on a phone, where the title needs the width.
  const actions = (
    <Space wrap>
      {item && <Tag color={item.status === 'published' ? 'green' : 'default'} data-testid="news-editor-status">{t(`statuses.${item.status}`)}</Tag>}
      {item && <a href={newsPreviewHref(locale, item.id)} target="_blank" rel="noreferrer" data-testid="news-preview">{t('preview')}</a>}
      <Button onClick={() => void save(false)} loading={busy} data-testid="news-save">{t('save')}</Button>
      {item?.status !== 'published' && <Button type="primary" onClick={() => void save(true)} loading={busy} data-testid="news-save-publish">{t('saveAndPublish')}</Button>}
    </Space>
  );
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  return (
    <Drawer open onClose={onClose} width={wide ? 1200 : '100%'} destroyOnHidden forceRender
      title={id === 'new' ? t('addNews') : t('editNews')}
      extra={wide ? actions : undefined} footer={wide ? undefined : actions}>
      {loadError && <Alert type="error" title={loadError} className="mb-3" />}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={EMPTY} data-testid="news-form">
          <div className="grid gap-x-4 md:grid-cols-2">
            <Form.Item name="titleZh" label={t('titleZh')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, tooLong(200)]}><Input data-testid="news-title-zh" /></Form.Item>
            <Form.Item name="titleEn" label={t('titleEn')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, tooLong(200)]}><Input data-testid="news-title-en" /></Form.Item>
            <Form.Item name="summaryZh" label={t('summaryZh')} rules={[tooLong(1000)]}><Input.TextArea rows={2} data-testid="news-summary-zh" /></Form.Item>
            <Form.Item name="summaryEn" label={t('summaryEn')} rules={[tooLong(1000)]}><Input.TextArea rows={2} data-testid="news-summary-en" /></Form.Item>
            <Form.Item name="bodyZh" label={t('bodyZh')}><RichTextEditor label={t('bodyZh')} testId="news-body-zh" /></Form.Item>
            <Form.Item name="bodyEn" label={t('bodyEn')}><RichTextEditor label={t('bodyEn')} testId="news-body-en" /></Form.Item>
          </div>
          <div className="grid gap-x-4 sm:grid-cols-3">
            <Form.Item name="categoryId" label={t('type')}>
              <Select allowClear placeholder={t('noType')} options={types.map((ty) => ({ value: ty.id, label: locale === 'en' ? ty.nameEn : ty.nameZh }))} />
            </Form.Item>
            <Form.Item name="publishedAt" label={t('publishedAt')} extra={t('publishedAtHelp')}>
              <DatePicker showTime style={{ width: '100%' }} aria-label={t('publishedAt')} />
            </Form.Item>
            <Form.Item name="featured" label={t('featured')} valuePropName="checked" extra={t('featuredHelp')}><Switch aria-label={t('featured')} /></Form.Item>
          </div>
        </Form>
        <p className="text-xs text-slate-500">{t('draftHelp')}</p>
        <h2 className="mb-3 mt-6 border-t border-slate-200 pt-4 text-base font-semibold">{tk('title')}</h2>
        <LinkedItemsPanel owner="content" id={item?.id ?? null} />
      </Spin>
    </Drawer>
  );
}
