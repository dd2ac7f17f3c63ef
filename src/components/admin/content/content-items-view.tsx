'use client';

import { UploadOutlined } from '@ant-design/icons';
import {
  Alert, App, Button, DatePicker, Drawer, Empty, Form, Grid, Input, Popconfirm, Select, Space, Spin, Switch, Table, Tabs, Tag, Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  CONTENT_SECTION_SPECS, RESOURCE_PDF_MAX_BYTES,
  type AdminContentDto, type AdminContentInput, type AdminContentKind, type AdminContentRowDto,
  type AdminContentTypeDto, type ContentItemStatus, type ContentSectionName,
} from '@/contracts/content-editing';
import { adminApi, toQuery } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { BrandSelect } from '../catalog/brand-select';
import { ContentTypesDrawer } from './content-types-drawer';
import { RecordHistory } from '../common/record-history';
import { LinkedItemsPanel } from './linked-items-panel';
import { RichTextEditor } from './rich-text-editor';
import { useAdminAction } from '../common/use-admin-action';

const DEFAULTS = { key: '', categoryId: '', status: '', featured: '', brandId: '', sort: '-publishedAt' };
const PAGE_SIZE = 10;

interface Page { total: number; items: AdminContentRowDto[]; nextCursor: string | null }
type FormValues = Omit<AdminContentInput, 'publishedAt'> & { publishedAt: Dayjs | null };

const EMPTY: FormValues = {
  categoryId: null, brandId: null, titleZh: '', titleEn: '', summaryZh: '', summaryEn: '', bodyZh: '', bodyEn: '',
  source: '', sourceEn: '', featured: false, example: false, publishedAt: null,
};

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

const api = (section: ContentSectionName, rest = '') => `/api/admin/content/${section}${rest}`;

/** The editor's saves reload nothing of their own: the list reloads through `onSaved`. */
const reloadNothing = async () => {};

/** The list's filters and sort, kept in the view's query. */
function ContentFilters({ section, query, typeOptions, onFilter }: {
  section: ContentSectionName; query: typeof DEFAULTS; typeOptions: { value: string; label: string }[]; onFilter: (patch: Partial<typeof DEFAULTS>) => void;
}) {
  const t = useTranslations('adminContent');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const spec = CONTENT_SECTION_SPECS[section];
  return (
    <Space wrap className="mb-3">
      <Input.Search allowClear placeholder={t('searchTitle')} aria-label={t('searchTitle')} defaultValue={query.key}
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
function CursorPager({ total, first, hasNext, onFirst, onPrevious, onNext }: {
  total: number; first: boolean; hasNext: boolean; onFirst: () => void; onPrevious: () => void; onNext: () => void;
}) {
  const t = useTranslations('adminContent');
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-slate-500">{t('total', { total })}</span>
      <Space wrap>
        <Button disabled={first} onClick={onFirst}>{t('firstPage')}</Button>
        <Button disabled={first} onClick={onPrevious}>{t('previousPage')}</Button>
        <Button disabled={!hasNext} onClick={onNext}>{t('nextPage')}</Button>
      </Space>
    </div>
  );
}

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
  const format = useFormatter();
  const spec = CONTENT_SECTION_SPECS[section];
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [round, setRound] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [types, setTypes] = useState<AdminContentTypeDto[]>([]);
  const [typesOpen, setTypesOpen] = useState(false);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [history, setHistory] = useState<AdminContentRowDto | null>(null);
  const wide = Grid.useBreakpoint().md !== false;

  const path = api(section, toQuery({
    key: query.key, categoryId: query.categoryId || undefined, status: query.status || undefined, featured: query.featured || undefined,
    brandId: query.brandId || undefined, sort: query.sort, limit: PAGE_SIZE, cursor: cursors[cursors.length - 1],
  }));
  useEffect(() => {
    let live = true;
    adminApi<Page>('GET', path).then(
      (p) => { if (live) { setPage(p); setError(null); setLoading(false); } },
      (e: unknown) => { if (live) { setError(e instanceof Error ? e.message : String(e)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [path, round]);
  const loadTypes = useCallback(async () => {
    await adminApi<AdminContentTypeDto[]>('GET', api(section, '/types')).then(setTypes, () => setTypes([]));
  }, [section]);
  useEffect(() => { void loadTypes(); }, [loadTypes]);
  const reload = useCallback(async () => { setLoading(true); setRound((r) => r + 1); }, []);
  const run = useAdminAction(reload);
  const filter = (patch: Partial<typeof DEFAULTS>) => {
    setCursors([undefined]);
    setLoading(true);
    setQuery(patch);
  };
  const typeName = (ty: { nameZh: string; nameEn: string }) => (locale === 'en' ? ty.nameEn : ty.nameZh);
  const title = (n: { titleZh: string; titleEn: string }) => (locale === 'en' ? n.titleEn : n.titleZh);
  const statusTag = (s: ContentItemStatus) => <Tag color={s === 'published' ? 'green' : 'default'} data-testid={`${section}-status`}>{t(`statuses.${s}`)}</Tag>;
  const typeOptions = types.map((ty) => ({ value: String(ty.id), label: spec.kinds.length > 1 ? `${typeName(ty)} (${t(`kinds.${ty.kind}`)})` : typeName(ty) }));

  const columns = [
    {
      title: t('titleColumn'), key: 'title', render: (_: unknown, n: AdminContentRowDto) => (
        <div className="min-w-48">
          <div className="font-medium">
            {title(n)}
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
          <Button size="small" onClick={() => setEditing(n.id)} data-testid={`${section}-edit`}>{t('edit')}</Button>
          {n.status === 'draft'
            ? <Button size="small" type="primary" ghost onClick={() => run(() => adminApi('POST', api(section, `/${n.id}/publish`)), t('published'))} data-testid={`${section}-publish`}>{t('publish')}</Button>
            : <Button size="small" onClick={() => run(() => adminApi('POST', api(section, `/${n.id}/unpublish`)), t('unpublished'))} data-testid={`${section}-unpublish`}>{t('unpublish')}</Button>}
          <a href={contentPreviewHref(locale, n)} target="_blank" rel="noreferrer" className="text-xs">{t('preview')}</a>
          <Popconfirm title={ts('deleteConfirm', { title: title(n) })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
            onConfirm={() => run(() => adminApi('DELETE', api(section, `/${n.id}`)), t('deleted'))}>
            <Button size="small" danger data-testid={`${section}-delete`}>{t('delete')}</Button>
          </Popconfirm>
          <Button size="small" type="link" onClick={() => setHistory(n)}>{t('history')}</Button>
        </Space>
      ),
    },
  ];

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
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<AdminContentRowDto>
        rowKey="id"
        loading={loading}
        dataSource={page?.items ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ts('empty')} /> }}
        columns={columns}
      />
      <CursorPager total={page?.total ?? 0} first={cursors.length === 1} hasNext={!!page?.nextCursor}
        onFirst={() => { setLoading(true); setCursors([undefined]); }} onPrevious={() => { setLoading(true); setCursors((c) => c.slice(0, -1)); }}
        onNext={() => { const next = page?.nextCursor; if (next) { setLoading(true); setCursors((c) => [...c, next]); } }} />
      {editing !== null && (
        <ContentEditor section={section} id={editing} types={types} wide={wide} onClose={() => setEditing(null)} onSaved={(id) => { setEditing(id); void reload(); }} />
      )}
      {spec.categories && (
        <ContentTypesDrawer section={section} open={typesOpen} types={types} wide={wide} onClose={() => setTypesOpen(false)}
          onChanged={async () => { await loadTypes(); await reload(); }} />
      )}
      <RecordHistory entity={history?.kind ?? spec.kinds[0]!} entityId={history?.id ?? null} title={history ? title(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

/** Sends a resource's PDF as multipart; answers the resource or throws the server's message (415, 413 in the caller's language). */
async function uploadResourceFile(id: number, file: File): Promise<AdminContentDto> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(api('resources', `/${id}/file`), { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
  const envelope = (await res.json().catch(() => null)) as { code: number; msg: string; data: AdminContentDto } | null;
  if (!res.ok || !envelope || envelope.code !== 200) throw new Error(envelope?.msg ?? res.statusText);
  return envelope.data;
}

/** Title, source, summary and body in both languages, as far as the section's items have them. */
function TextFields({ section }: { section: ContentSectionName }) {
  const t = useTranslations('adminContent');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const spec = CONTENT_SECTION_SPECS[section];
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  return (
    <div className="grid gap-x-4 md:grid-cols-2">
      <Form.Item name="titleZh" label={ts('titleZh')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, tooLong(200)]}><Input data-testid={`${section}-title-zh`} /></Form.Item>
      <Form.Item name="titleEn" label={ts('titleEn')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, tooLong(200)]}><Input data-testid={`${section}-title-en`} /></Form.Item>
      {spec.source && <>
        <Form.Item name="source" label={t('sourceZh')} extra={t('sourceHelp')} rules={[tooLong(300)]}><Input data-testid={`${section}-source-zh`} /></Form.Item>
        <Form.Item name="sourceEn" label={t('sourceEn')} rules={[tooLong(300)]}><Input data-testid={`${section}-source-en`} /></Form.Item>
      </>}
      {spec.summary && <>
        <Form.Item name="summaryZh" label={ts('summaryZh')} rules={[tooLong(1000)]}><Input.TextArea rows={2} data-testid={`${section}-summary-zh`} /></Form.Item>
        <Form.Item name="summaryEn" label={ts('summaryEn')} rules={[tooLong(1000)]}><Input.TextArea rows={2} data-testid={`${section}-summary-en`} /></Form.Item>
      </>}
      {spec.body && <>
        <Form.Item name="bodyZh" label={ts('bodyZh')}><RichTextEditor label={ts('bodyZh')} testId={`${section}-body-zh`} /></Form.Item>
        <Form.Item name="bodyEn" label={ts('bodyEn')}><RichTextEditor label={ts('bodyEn')} testId={`${section}-body-en`} /></Form.Item>
      </>}
    </div>
  );
}

/** A resource's PDF: upload, replace or remove it once the item is saved. */
function ResourceFileField({ section, item, uploading, onUpload, onRemove }: {
  section: ContentSectionName; item: AdminContentDto | null; uploading: boolean; onUpload: (file: File) => void; onRemove: () => void;
}) {
  const t = useTranslations('adminContent');
  return (
    <div className="mb-4 rounded border border-slate-200 p-3" data-testid={`${section}-file-field`}>
      <div className="mb-2 font-medium">{t('file')}</div>
      {item === null ? <p className="m-0 text-xs text-slate-500">{t('fileSaveFirst')}</p> : (
        <Space wrap>
          {item.fileName
            ? <span data-testid={`${section}-file-name`}>{item.fileName}</span>
            : <span className="text-slate-500">{t('noFile')}</span>}
          <Upload accept="application/pdf,.pdf" showUploadList={false} maxCount={1} disabled={uploading}
            customRequest={({ file }) => onUpload(file as File)}>
            <Button icon={<UploadOutlined />} loading={uploading} data-testid={`${section}-file-upload`}>{item.fileName ? t('replaceFile') : t('uploadFile')}</Button>
          </Upload>
          {item.fileName && (
            <Popconfirm title={t('removeFileConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
              onConfirm={onRemove}>
              <Button danger>{t('removeFile')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <p className="mb-0 mt-2 text-xs text-slate-500">{t('fileHelp', { max: RESOURCE_PDF_MAX_BYTES / 1024 / 1024 })}</p>
    </div>
  );
}

/** The item's state, its preview, save and save-and-publish. */
function EditorActions({ section, item, busy, onSave }: { section: ContentSectionName; item: AdminContentDto | null; busy: boolean; onSave: (publish: boolean) => void }) {
  const t = useTranslations('adminContent');
  const locale = useLocale();
  return (
    <Space wrap>
      {item && <Tag color={item.status === 'published' ? 'green' : 'default'} data-testid={`${section}-editor-status`}>{t(`statuses.${item.status}`)}</Tag>}
      {item && <a href={contentPreviewHref(locale, item)} target="_blank" rel="noreferrer" data-testid={`${section}-preview`}>{t('preview')}</a>}
      <Button onClick={() => onSave(false)} loading={busy} data-testid={`${section}-save`}>{t('save')}</Button>
      {item?.status !== 'published' && <Button type="primary" onClick={() => onSave(true)} loading={busy} data-testid={`${section}-save-publish`}>{t('saveAndPublish')}</Button>}
    </Space>
  );
}

/**
 * One item: both languages side by side, the fields of its section, the rich-text bodies. The form is
 * the first tab of the drawer; further panels are further tabs (`panels`), so the drawer can grow.
 */
function ContentEditor({ section, id, types, wide, onClose, onSaved }: {
  section: ContentSectionName; id: number | 'new'; types: AdminContentTypeDto[]; wide: boolean; onClose: () => void; onSaved: (id: number) => void;
}) {
  const t = useTranslations('adminContent');
  const tk = useTranslations('adminLinks');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const locale = useLocale();
  const { message } = App.useApp();
  const spec = CONTENT_SECTION_SPECS[section];
  const [form] = Form.useForm<FormValues>();
  const [item, setItem] = useState<AdminContentDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [newKind, setNewKind] = useState<AdminContentKind>(spec.kinds[0]!);
  const run = useAdminAction(reloadNothing, form);
  const kind = item?.kind ?? newKind;

  useEffect(() => {
    if (id === 'new') return;
    let live = true;
    adminApi<AdminContentDto>('GET', api(section, `/${id}`)).then((n) => {
      if (!live) return;
      setItem(n);
      form.setFieldsValue({ ...n, publishedAt: dayjs(n.publishedAt) });
    }, (e: unknown) => { if (live) setLoadError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [id, form, section]);

  async function save(publish: boolean) {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: AdminContentInput = {
      ...EMPTY, ...values, publishedAt: values.publishedAt ? values.publishedAt.toISOString() : undefined, ...(id === 'new' && spec.kinds.length > 1 ? { kind: newKind } : {}),
    };
    setBusy(true);
    let saved: AdminContentDto | null = null;
    const ok = await run(async () => {
      saved = id === 'new'
        ? await adminApi<AdminContentDto>('POST', api(section), body)
        : await adminApi<AdminContentDto>('PUT', api(section, `/${id}`), body);
      if (publish && saved.status === 'draft') saved = await adminApi<AdminContentDto>('POST', api(section, `/${saved.id}/publish`));
    }, publish ? t('published') : t('saved'));
    setBusy(false);
    const result = saved as AdminContentDto | null;
    if (ok && result) {
      setItem(result);
      onSaved(result.id);
    }
  }

  async function setFile(file: File) {
    if (!item) return;
    setUploading(true);
    try {
      setItem(await uploadResourceFile(item.id, file));
      void message.success(t('fileUploaded'));
      onSaved(item.id);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
    }
  }

  const loading = id !== 'new' && !item && !loadError;
  // Beside the title on a wide screen; below the form on a phone, where the title needs the width.
  const actions = (
    <EditorActions section={section} item={item} busy={busy} onSave={(publish) => void save(publish)} />
  );
  const categoryOptions = types.filter((ty) => ty.kind === kind).map((ty) => ({ value: ty.id, label: locale === 'en' ? ty.nameEn : ty.nameZh }));
  const initialBrand = item?.brandId && item.brandNameZh ? { id: item.brandId, nameZh: item.brandNameZh, nameEn: item.brandNameEn ?? '' } : null;

  const fields: ReactNode = (
    <Form form={form} layout="vertical" initialValues={EMPTY} data-testid={`${section}-form`}>
      <TextFields section={section} />
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        {spec.kinds.length > 1 && (
          <Form.Item label={t('kind')} extra={id === 'new' ? t('kindHelp') : undefined}>
            <Select value={kind} disabled={id !== 'new'} aria-label={t('kind')} data-testid={`${section}-kind`}
              onChange={(k: AdminContentKind) => { setNewKind(k); form.setFieldValue('categoryId', null); }}
              options={spec.kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          </Form.Item>
        )}
        {spec.brand !== 'none' && (
          <Form.Item name="brandId" label={t('brand')} extra={t('brandHelp')}
            rules={spec.brand === 'required' ? [{ required: true, message: t('brandRequired') }] : []}>
            <BrandSelect allowClear={spec.brand !== 'required'} initial={initialBrand} ariaLabel={t('brand')} testId={`${section}-brand`} />
          </Form.Item>
        )}
        <Form.Item name="categoryId" label={ts('category')} rules={section === 'resources' ? [{ required: true, message: t('categoryRequired') }] : []}>
          <Select allowClear placeholder={ts('noCategory')} options={categoryOptions} aria-label={ts('category')} data-testid={`${section}-category`} />
        </Form.Item>
        <Form.Item name="publishedAt" label={t('publishedAt')} extra={t('publishedAtHelp')}>
          <DatePicker showTime style={{ width: '100%' }} aria-label={t('publishedAt')} />
        </Form.Item>
        {spec.featured && <Form.Item name="featured" label={t('featured')} valuePropName="checked" extra={ts('featuredHelp')}><Switch aria-label={t('featured')} /></Form.Item>}
        {spec.source && item?.example && (
          <Form.Item name="example" label={t('example')} valuePropName="checked" extra={t('exampleHelp')}><Switch aria-label={t('example')} data-testid={`${section}-example`} /></Form.Item>
        )}
      </div>
      {spec.file && (
        <ResourceFileField section={section} item={item} uploading={uploading} onUpload={(file) => void setFile(file)}
          onRemove={() => run(async () => { const it = item!; setItem(await adminApi<AdminContentDto>('DELETE', api('resources', `/${it.id}/file`))); onSaved(it.id); }, t('fileRemoved'))} />
      )}
      <p className="text-xs text-slate-500">{t('draftHelp')}</p>
    </Form>
  );

  return (
    <Drawer open onClose={onClose} width={wide ? 1200 : '100%'} destroyOnHidden forceRender
      title={id === 'new' ? ts('add') : ts('edit')}
      extra={wide ? actions : undefined} footer={wide ? undefined : actions}>
      {loadError && <Alert type="error" title={loadError} className="mb-3" />}
      <Spin spinning={loading}>
        <Tabs items={[
          { key: 'content', label: t('contentTab'), children: fields, forceRender: true },
          { key: 'links', label: tk('title'), children: <LinkedItemsPanel owner="content" id={item?.id ?? null} /> },
        ]} />
      </Spin>
    </Drawer>
  );
}
