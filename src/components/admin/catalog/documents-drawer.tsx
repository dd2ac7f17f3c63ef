'use client';

import { EyeOutlined, RollbackOutlined, StopOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Drawer, Empty, Form, Grid, Input, Select, Space, Spin, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import {
  DOCUMENT_LANGS, DOCUMENT_TITLE_MAX, DOCUMENT_VERSION_MAX, PRODUCT_DOCUMENT_MAX_BYTES, UPLOADED_DOCUMENT_KINDS,
  type AdminProductDocumentDto, type UploadedDocumentKind,
} from '@/contracts/product-documents';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { FormModal } from '@/components/ui/form-modal';
import { useFormSave } from '@/components/ui/use-form-save';
import { useBusinessDay } from '@/lib/use-business-day';

const DOCUMENTS = '/api/admin/catalog/products/{id}/documents';
const MISSING = '/api/admin/catalog/documents/missing';
const MIB = PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024;

type T = ReturnType<typeof useTranslations<'adminDocuments'>>;

function size(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function StateTags({ d, t }: { d: AdminProductDocumentDto; t: T }) {
  return (
    <Space size={4} wrap>
      <Tag color={d.state === 'current' ? 'green' : d.state === 'withdrawn' ? 'red' : undefined} data-testid="document-state">{t(`states.${d.state}`)}</Tag>
      {d.missingSince && <Tag color="volcano" data-testid="document-missing">{t('missing')}</Tag>}
      {d.generated && <Tag>{t('example')}</Tag>}
    </Space>
  );
}

/** What the upload and replace dialogs ask for. */
interface DocumentFormValues {
  kind: UploadedDocumentKind;
  lang: (typeof DOCUMENT_LANGS)[number];
  title: string;
  version: string;
  issuedOn: Dayjs | null;
  file: File | null;
}

/**
 * A product's documents (ADR 0063), over the product drawer: every SDS, data sheet, protocol, handbook and
 * COA with its version, date and state; upload a new one, replace one by a new version (the old one is kept),
 * withdraw one from the site (confirmed) or put it back. A missing file is tagged; a COA is uploaded on its lot.
 */
export function DocumentsDrawer({ productId, itemNo, onClose }: { productId: number; itemNo: string; onClose: () => void }) {
  const t = useTranslations('adminDocuments');
  const { modal } = App.useApp();
  const wide = Grid.useBreakpoint().md === true;
  const query = useApiQuery('get', DOCUMENTS, { params: { path: { id: productId } } });
  const list = query.data?.list ?? null;
  const [editing, setEditing] = useState<{ replace: AdminProductDocumentDto | null } | null>(null);
  const settings = { invalidates: [DOCUMENTS, MISSING] } as const;
  const withdraw = useApiMutation('post', '/api/admin/catalog/products/{id}/documents/{docId}/withdraw', { ...settings, success: t('withdrawn') });
  const restore = useApiMutation('post', '/api/admin/catalog/products/{id}/documents/{docId}/restore', { ...settings, success: t('restored') });

  const confirmWithdraw = (d: AdminProductDocumentDto) => {
    modal.confirm({
      title: t('withdrawConfirm', { title: d.title }),
      content: t('withdrawHint'),
      okText: t('withdraw'), okButtonProps: { danger: true }, cancelText: t('cancel'),
      onOk: async () => { await withdraw.send({ params: { path: { id: productId, docId: d.id } } }); },
    });
  };

  const kindLabel = (kind: string) => t(`kinds.${kind}` as 'kinds.msds');
  const actions = (d: AdminProductDocumentDto) => (
    <Space size={2} wrap>
      <Button size="small" icon={<EyeOutlined />} href={d.url} target="_blank" rel="noreferrer" aria-label={`${t('open')} ${d.title}`} data-testid="document-open" />
      {d.kind !== 'coa' && d.state !== 'withdrawn' && (
        <Button size="small" icon={<SyncOutlined />} onClick={() => setEditing({ replace: d })} data-testid="document-replace">{t('replace')}</Button>
      )}
      {d.state === 'withdrawn'
        ? <Button size="small" icon={<RollbackOutlined />} onClick={() => void restore.send({ params: { path: { id: productId, docId: d.id } } })} data-testid="document-restore">{t('restore')}</Button>
        : <Button size="small" danger icon={<StopOutlined />} onClick={() => confirmWithdraw(d)} data-testid="document-withdraw">{t('withdraw')}</Button>}
    </Space>
  );

  const columns = [
    { title: t('kind'), key: 'kind', render: (_: unknown, d: AdminProductDocumentDto) => <span>{kindLabel(d.kind)}{d.lotNo && <span className="ml-1 font-mono text-xs">{d.lotNo}</span>}</span> },
    { title: t('lang'), dataIndex: 'lang', key: 'lang', render: (v: string) => t(`langs.${v === 'en' ? 'en' : 'zh'}`) },
    { title: t('title'), key: 'title', render: (_: unknown, d: AdminProductDocumentDto) => (
      <div className="min-w-0">
        <div>{d.title}</div>
        {d.fileName && <div className="text-xs text-slate-500">{d.fileName} · {size(d.fileSize)}</div>}
      </div>
    ) },
    { title: t('version'), dataIndex: 'version', key: 'version' },
    { title: t('issuedOn'), dataIndex: 'issuedOn', key: 'issuedOn' },
    { title: t('state'), key: 'state', render: (_: unknown, d: AdminProductDocumentDto) => <StateTags d={d} t={t} /> },
    { title: t('actions'), key: 'actions', render: (_: unknown, d: AdminProductDocumentDto) => actions(d) },
  ];

  return (
    <Drawer open onClose={onClose} width={wide ? 1000 : '100%'} title={t('drawerTitle', { item: itemNo })} destroyOnHidden
      extra={<Button type="primary" icon={<UploadOutlined />} onClick={() => setEditing({ replace: null })} data-testid="document-upload">{t('upload')}</Button>}>
      {query.error && <Alert type="error" title={query.error.message} className="mb-3" />}
      <p className="mb-3 text-xs text-slate-500">{t('hint', { mib: MIB })}</p>
      <Spin spinning={list === null && !query.error}>
        {list?.length === 0 && <Empty description={t('none')} />}
        {list && list.length > 0 && !wide && (
          <ul className="space-y-2">
            {list.map((d) => (
              <li key={d.id} className="rounded border border-slate-200 p-2 text-sm" data-testid="document-row" data-document-id={d.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{kindLabel(d.kind)} · {t(`langs.${d.lang === 'en' ? 'en' : 'zh'}`)}</span>
                  <StateTags d={d} t={t} />
                </div>
                <div className="mt-1 break-words">{d.title}</div>
                <div className="mt-1 text-xs text-slate-600">{t('version')} {d.version} · {d.issuedOn}{d.lotNo ? ` · ${d.lotNo}` : ''}</div>
                <div className="mt-2">{actions(d)}</div>
              </li>
            ))}
          </ul>
        )}
        {list && list.length > 0 && wide && (
          <Table<AdminProductDocumentDto> rowKey="id" size="small" pagination={false} columns={columns} dataSource={list} scroll={{ x: 880 }}
            onRow={(d) => ({ 'data-testid': 'document-row', 'data-document-id': d.id } as React.HTMLAttributes<HTMLElement>)} />
        )}
      </Spin>
      {editing && <DocumentModal productId={productId} replace={editing.replace} onClose={() => setEditing(null)} />}
    </Drawer>
  );
}

function DocumentModal({ productId, replace, onClose }: { productId: number; replace: AdminProductDocumentDto | null; onClose: () => void }) {
  const t = useTranslations('adminDocuments');
  const [form] = Form.useForm<DocumentFormValues>();
  // A refusal shows in the dialog (its field errors on the fields), not as a message.
  const settings = { invalidates: [DOCUMENTS, MISSING], form, silent: true, success: t('saved') } as const;
  const create = useApiMutation('post', DOCUMENTS, settings);
  const renew = useApiMutation('post', '/api/admin/catalog/products/{id}/documents/{docId}/replace', settings);
  const error = (replace ? renew : create).error;
  const today = useBusinessDay()(new Date());
  const initial: DocumentFormValues = replace
    ? { kind: replace.kind === 'coa' ? 'msds' : replace.kind, lang: replace.lang === 'en' ? 'en' : 'zh', title: replace.title, version: '', issuedOn: dayjs(today), file: null }
    : { kind: 'msds', lang: 'zh', title: '', version: '', issuedOn: dayjs(today), file: null };

  const { saving, onFinish } = useFormSave(async (v: DocumentFormValues) => {
    if (!v.file) return;
    const fields = { title: v.title.trim(), version: v.version.trim(), issuedOn: v.issuedOn ? v.issuedOn.format('YYYY-MM-DD') : '', file: v.file };
    const done = replace
      ? await renew.send({ params: { path: { id: productId, docId: replace.id } }, body: fields, ...multipart })
      : await create.send({ params: { path: { id: productId } }, body: { ...fields, kind: v.kind, lang: v.lang }, ...multipart });
    if (done) onClose();
  });

  return (
    <FormModal open onCancel={onClose} title={replace ? t('replaceTitle', { title: replace.title }) : t('uploadTitle')} okText={t('save')} cancelText={t('cancel')}
      onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'document-save' } as never}>
      {error && <Alert type="error" title={error.message} className="mb-3" />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish} data-testid="document-form">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Form.Item name="kind" label={t('kind')} rules={[{ required: true }]}>
            <Select aria-label={t('kind')} disabled={replace !== null} options={UPLOADED_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} data-testid="document-kind" />
          </Form.Item>
          <Form.Item name="lang" label={t('lang')} rules={[{ required: true }]}>
            <Select aria-label={t('lang')} disabled={replace !== null} options={DOCUMENT_LANGS.map((l) => ({ value: l, label: t(`langs.${l}`) }))} data-testid="document-lang" />
          </Form.Item>
        </div>
        <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, max: DOCUMENT_TITLE_MAX, message: t('titleInvalid') }]}>
          <Input maxLength={DOCUMENT_TITLE_MAX} data-testid="document-title" />
        </Form.Item>
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Form.Item name="version" label={t('version')} extra={t('versionHint')}
            rules={[{ required: true, whitespace: true, max: DOCUMENT_VERSION_MAX, pattern: /^[\p{L}\p{N} ._/()-]+$/u, message: t('versionInvalid') }]}>
            <Input maxLength={DOCUMENT_VERSION_MAX} placeholder="1.0" data-testid="document-version" />
          </Form.Item>
          <Form.Item name="issuedOn" label={t('issuedOn')} extra={t('issuedOnHint')} rules={[{ required: true, message: t('issuedOnInvalid') }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > today} data-testid="document-issued" />
          </Form.Item>
        </div>
        <Form.Item name="file" label={t('file')} extra={t('fileHint', { mib: MIB })}
          rules={[{ validator: async (_r, f: File | null) => {
            if (!f) throw new Error(t('fileRequired'));
            if (f.size > PRODUCT_DOCUMENT_MAX_BYTES) throw new Error(t('fileTooLarge', { mib: MIB }));
          } }]}>
          <FilePicker t={t} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** One PDF picked from the computer (a form control: the form holds the File), named once picked. */
function FilePicker({ t, value, onChange }: { t: T; value?: File | null; onChange?: (f: File) => void }) {
  return (
    <Space wrap>
      <Upload accept="application/pdf,.pdf" showUploadList={false} maxCount={1}
        beforeUpload={(f) => { onChange?.(f); return false; }}>
        <Button icon={<UploadOutlined />} data-testid="document-file">{t('chooseFile')}</Button>
      </Upload>
      <span className="text-xs text-slate-600" data-testid="document-file-name">{value?.name ?? t('noFile')}</span>
    </Space>
  );
}
