'use client';

import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, Popconfirm, Select, Space, Spin, Switch, Tabs, Tag, Upload, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CONTENT_SECTION_SPECS, RESOURCE_PDF_MAX_BYTES, type AdminContentDto, type AdminContentInput, type AdminContentKind, type AdminContentTypeDto, type ContentSectionName } from '@/contracts/content-editing';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { BrandSelect } from '../catalog/brand-select';
import { contentPreviewHref } from './content-parts';
import { contentItemReads } from './content-paths';
import { LinkedItemsPanel } from './linked-items-panel';
import { RichTextEditor } from './rich-text-editor';

type FormValues = Omit<AdminContentInput, 'publishedAt'> & { publishedAt: Dayjs | null };

const EMPTY: FormValues = {
  categoryId: null, brandId: null, titleZh: '', titleEn: '', summaryZh: '', summaryEn: '', bodyZh: '', bodyEn: '',
  source: '', sourceEn: '', featured: false, example: false, publishedAt: null,
};

/** Puts a loaded item into the form, once per item: the reload after a save leaves the fields as they are. */
function useItemInForm(form: FormInstance<FormValues>, item: AdminContentDto | null) {
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!item || shown.current === item.id) return;
    shown.current = item.id;
    form.setFieldsValue({ ...item, publishedAt: dayjs(item.publishedAt) });
  }, [form, item]);
}

/**
 * An item's writes: `save` creates or updates it (and publishes a draft when asked), answering the item or
 * null once the failure was shown; a resource's PDF is uploaded and removed with their own messages.
 */
function useItemWrites(section: ContentSectionName, form: FormInstance<FormValues>) {
  const t = useTranslations('adminContent');
  const invalidates = contentItemReads(section);
  const create = useApiMutation('post', `/api/admin/content/${section}` as const, { invalidates, form });
  const update = useApiMutation('put', `/api/admin/content/${section}/{id}` as const, { invalidates, form });
  const publish = useApiMutation('post', `/api/admin/content/${section}/{id}/publish` as const, { invalidates });
  const upload = useApiMutation('post', '/api/admin/content/resources/{id}/file', { invalidates, success: t('fileUploaded') });
  const removeFile = useApiMutation('delete', '/api/admin/content/resources/{id}/file', { invalidates, success: t('fileRemoved') });
  return {
    save: async (id: number | 'new', body: AdminContentInput, andPublish: boolean): Promise<AdminContentDto | null> => {
      const saved = id === 'new' ? await create.send({ body }) : await update.send({ params: { path: { id } }, body });
      if (!saved || !andPublish || saved.data.status !== 'draft') return saved?.data ?? null;
      return (await publish.send({ params: { path: { id: saved.data.id } } }))?.data ?? null;
    },
    uploading: upload.isPending,
    upload: (id: number, file: File) => upload.send({ params: { path: { id } }, body: { file }, ...multipart }),
    removeFile: (id: number) => removeFile.send({ params: { path: { id } } }),
  };
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
export function ContentEditor({ section, id, types, wide, onClose, onSaved }: {
  section: ContentSectionName; id: number | 'new'; types: readonly AdminContentTypeDto[]; wide: boolean; onClose: () => void; onSaved: (id: number) => void;
}) {
  const t = useTranslations('adminContent');
  const tk = useTranslations('adminLinks');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const locale = useLocale();
  const { message } = App.useApp();
  const spec = CONTENT_SECTION_SPECS[section];
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [newKind, setNewKind] = useState<AdminContentKind>(spec.kinds[0]!);
  const loaded = useApiQuery('get', `/api/admin/content/${section}/{id}` as const, { params: { path: { id: id === 'new' ? 0 : id } } }, { enabled: id !== 'new' });
  const item: AdminContentDto | null = id === 'new' ? null : loaded.data ?? null;
  const kind = item?.kind ?? newKind;
  useItemInForm(form, item);
  const writes = useItemWrites(section, form);

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
    const saved = await writes.save(id, body, publish);
    setBusy(false);
    if (saved) {
      void message.success(publish ? t('published') : t('saved'));
      onSaved(saved.id);
    }
  }

  const loadError = loaded.error?.message ?? null;
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
        <ResourceFileField section={section} item={item} uploading={writes.uploading}
          onUpload={(file) => { if (item) void writes.upload(item.id, file); }} onRemove={() => { if (item) void writes.removeFile(item.id); }} />
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
