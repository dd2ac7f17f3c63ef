'use client';

import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Grid, Input, Popconfirm, Select, Space, Table, Tag, Upload, type FormInstance } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { isPartnerLink, PARTNER_STATUSES, type AdminPartnerDto, type AdminPartnerInput } from '@/contracts/partners';
import { useTableState } from '@/components/data/query-state';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { BrandSelect } from '../catalog/brand-select';
import { RecordHistory } from '../common/record-history';
import { useListMove } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', status: '' };
const NEW_PARTNER: AdminPartnerInput = { nameZh: '', nameEn: '', descriptionZh: '', descriptionEn: '', country: '', brandId: null, link: '' };
const NO_PARTNERS: AdminPartnerDto[] = [];
/** A partner's write changes the list and the partner; a logo's (and a deletion), the logo too. */
const PARTNER_READS = ['/api/admin/content/partners', '/api/admin/content/partners/{id}'] as const;
const LOGO_READS = [...PARTNER_READS, '/api/admin/content/partners/{id}/logo'] as const;

/**
 * The partners page's writes, each with its success message; a logo's change shows the partner it answers
 * in the open editor (`show`).
 */
function usePartnerWrites(form: FormInstance<AdminPartnerInput>, show: (partner: AdminPartnerDto) => void) {
  const t = useTranslations('adminPartners');
  const { message } = App.useApp();
  const status = useApiMutation('post', '/api/admin/content/partners/{id}/status', { invalidates: PARTNER_READS });
  const upload = useApiMutation('post', '/api/admin/content/partners/{id}/logo', { invalidates: LOGO_READS, success: t('logoUploaded') });
  const dropLogo = useApiMutation('delete', '/api/admin/content/partners/{id}/logo', { invalidates: LOGO_READS, success: t('logoRemoved') });
  return {
    create: useApiMutation('post', '/api/admin/content/partners', { invalidates: PARTNER_READS, form, success: t('created') }),
    update: useApiMutation('put', '/api/admin/content/partners/{id}', { invalidates: PARTNER_READS, form, success: t('saved') }),
    remove: useApiMutation('delete', '/api/admin/content/partners/{id}', { invalidates: LOGO_READS, success: t('deleted') }),
    order: useApiMutation('put', '/api/admin/content/partners/order', { invalidates: PARTNER_READS, success: t('ordered') }),
    setStatus: async (id: number, to: 'published' | 'draft') => {
      if (await status.send({ params: { path: { id } }, body: { status: to } })) void message.success(to === 'published' ? t('published') : t('withdrawn'));
    },
    uploading: upload.isPending,
    setLogo: async (id: number, file: File) => {
      const stored = await upload.send({ params: { path: { id } }, body: { file }, ...multipart });
      if (stored) show(stored.data);
    },
    removeLogo: async (id: number) => {
      const stored = await dropLogo.send({ params: { path: { id } } });
      if (stored) show(stored.data);
    },
  };
}

/** The back-office's address of a logo (drafts' logos are not public). */
const adminLogo = (url: string) => url.replace('/api/web/partners/', '/api/admin/content/partners/');

/**
 * `/content/partners` (CONTENT.EDIT, ADR 0042): the partners page's entries in its order; search and a
 * status filter; add (a draft), edit both languages side by side, brand or link, logo, move up and
 * down, publish and withdraw, delete, history.
 */
export function PartnersView() {
  const t = useTranslations('adminPartners');
  const locale = useLocale();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const list = useApiQuery('get', '/api/admin/content/partners', { params: { query: { key: query.key || undefined, status: PARTNER_STATUSES.find((s) => s === query.status) } } });
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const [editing, setEditing] = useState<AdminPartnerDto | 'new' | null>(null);
  const [history, setHistory] = useState<AdminPartnerDto | null>(null);
  const [form] = Form.useForm<AdminPartnerInput>();
  const writes = usePartnerWrites(form, setEditing);
  const wide = Grid.useBreakpoint().md === true;
  const items = list.data?.items ?? NO_PARTNERS;
  // Moving is over the whole list: only without a search or filter.
  const ordering = !query.key && !query.status;
  const nameOf = (p: AdminPartnerDto) => (locale === 'en' ? p.nameEn : p.nameZh);

  const open = (partner: AdminPartnerDto | 'new') => {
    setEditing(partner);
    form.resetFields();
    form.setFieldsValue(partner === 'new' ? NEW_PARTNER : { ...partner });
  };
  const { saving, onFinish } = useFormSave(async (values: AdminPartnerInput) => {
    const body = { ...NEW_PARTNER, ...values };
    const saved = editing === 'new'
      ? await writes.create.send({ body })
      : editing !== null && await writes.update.send({ params: { path: { id: editing.id } }, body });
    if (saved) setEditing(null);
  });
  const { move, moving } = useListMove(items, async (ids) => (await writes.order.send({ body: { ids } })) !== null, list.isError);

  return (
    <section className="rounded-lg bg-white p-4" data-testid="partners-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <a href={`/${locale}/about/index/partners`} target="_blank" rel="noopener noreferrer">{t('viewPage')}</a>
          <Button type="primary" onClick={() => open('new')} data-testid="partner-add">{t('add')}</Button>
        </Space>
      </div>
      <Space wrap className="mb-3">
        <SearchField allowClear aria-label={t('search')} placeholder={t('search')} defaultValue={query.key} style={{ width: 220 }} onSearch={(key) => setQuery({ key: key.trim() })} />
        <Select aria-label={t('status')} value={query.status} style={{ width: 140 }} onChange={(status) => setQuery({ status })}
          options={[{ value: '', label: t('allStatuses') }, ...PARTNER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
        {!ordering && <span className="text-xs text-slate-500">{t('orderNeedsAll')}</span>}
      </Space>
      <Table<AdminPartnerDto>
        rowKey="id" {...table} loading={table.loading || moving} dataSource={items} pagination={false} scroll={{ x: 900 }}
        columns={[
          {
            title: t('order'), key: 'order', width: 90, render: (_: unknown, p, i) => (
              <Space size={2}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('moveUp')} disabled={!ordering || moving || i === 0} onClick={() => move(i, -1)} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('moveDown')} disabled={!ordering || moving || i === items.length - 1} onClick={() => move(i, 1)} />
              </Space>
            ),
          },
          {
            title: t('logo'), key: 'logo', width: 120, render: (_: unknown, p) => (p.logoUrl
              // eslint-disable-next-line @next/next/no-img-element
              ? <img src={adminLogo(p.logoUrl)} alt="" className="h-10 max-w-[100px] object-contain" />
              : <span className="text-xs text-slate-400">{t('noLogo')}</span>),
          },
          {
            title: t('name'), key: 'name', render: (_: unknown, p) => (
              <div className="min-w-40">
                <div className="font-medium" data-testid="partner-name">{nameOf(p)}</div>
                <div className="text-xs text-slate-500">{locale === 'en' ? p.nameZh : p.nameEn}</div>
              </div>
            ),
          },
          { title: t('brandOrLink'), key: 'target', width: 200, render: (_: unknown, p) => <span className="break-all text-xs">{p.brandName ?? (p.link || '—')}</span> },
          { title: t('status'), dataIndex: 'status', width: 100, render: (s: AdminPartnerDto['status']) => <Tag color={s === 'published' ? 'green' : undefined}>{t(`statuses.${s}`)}</Tag> },
          {
            title: t('actions'), key: 'actions', width: 260, fixed: wide ? 'right' : undefined, render: (_: unknown, p) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => open(p)} data-testid="partner-edit">{t('edit')}</Button>
                {p.status === 'draft'
                  ? <Button size="small" type="primary" ghost data-testid="partner-publish" onClick={() => void writes.setStatus(p.id, 'published')}>{t('publish')}</Button>
                  : (
                    <Popconfirm title={t('withdrawConfirm', { name: nameOf(p) })} okText={t('ok')} cancelText={t('cancel')}
                      onConfirm={() => writes.setStatus(p.id, 'draft')}>
                      <Button size="small">{t('withdraw')}</Button>
                    </Popconfirm>
                  )}
                <Popconfirm title={t('deleteConfirm', { name: nameOf(p) })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => writes.remove.send({ params: { path: { id: p.id } } })}>
                  <Button size="small" danger>{t('delete')}</Button>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(p)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('add') : t('editTitle')} okText={t('save')} cancelText={t('cancel')}
        destroyOnHidden forceRender width={wide ? 800 : '100%'} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving} okButtonProps={{ 'data-testid': 'partner-save' } as Record<`data-${string}`, string>}>
        <Form form={form} layout="vertical" initialValues={NEW_PARTNER} onFinish={onFinish}>
          <PartnerFields initialBrand={editing !== null && editing !== 'new' && editing.brandId !== null ? { id: editing.brandId, nameZh: editing.brandName ?? '', nameEn: editing.brandName ?? '' } : null} />
        </Form>
        {editing === 'new' ? <p className="text-xs text-slate-500">{t('logoSaveFirst')}</p> : editing && (
          <PartnerLogoField partner={editing} uploading={writes.uploading} onUpload={(file) => void writes.setLogo(editing.id, file)}
            onRemove={() => writes.removeLogo(editing.id)} />
        )}
      </FormModal>
      <RecordHistory entity="partner" entityId={history?.id ?? null} title={history ? nameOf(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

/** A saved partner's logo: shown, uploaded, replaced or removed. */
function PartnerLogoField({ partner, uploading, onUpload, onRemove }: { partner: AdminPartnerDto; uploading: boolean; onUpload: (file: File) => void; onRemove: () => void }) {
  const t = useTranslations('adminPartners');
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="partner-logo-field">
      <div className="flex h-20 w-48 items-center justify-center rounded border border-slate-200 bg-slate-50 p-1 text-xs text-slate-400">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {partner.logoUrl ? <img src={adminLogo(partner.logoUrl)} alt="" className="max-h-full max-w-full object-contain" /> : t('noLogo')}
      </div>
      <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} maxCount={1} disabled={uploading} customRequest={({ file }) => onUpload(file as File)}>
        <Button icon={<UploadOutlined />} loading={uploading}>{partner.logoUrl ? t('replaceLogo') : t('uploadLogo')}</Button>
      </Upload>
      {partner.logoUrl && (
        <Popconfirm title={t('removeLogoConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
          onConfirm={onRemove}>
          <Button danger>{t('removeLogo')}</Button>
        </Popconfirm>
      )}
      <p className="m-0 w-full text-xs text-slate-500">{t('logoHelp')}</p>
    </div>
  );
}

function PartnerFields({ initialBrand }: { initialBrand: { id: number; nameZh: string; nameEn: string } | null }) {
  const t = useTranslations('adminPartners');
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  return (
    <div className="grid gap-x-3 sm:grid-cols-2">
      <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(100)]}><Input data-testid="partner-name-zh" /></Form.Item>
      <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(100)]}><Input data-testid="partner-name-en" /></Form.Item>
      <Form.Item name="descriptionZh" label={t('descriptionZh')} rules={[tooLong(1000)]}><Input.TextArea rows={3} /></Form.Item>
      <Form.Item name="descriptionEn" label={t('descriptionEn')} rules={[tooLong(1000)]}><Input.TextArea rows={3} /></Form.Item>
      <Form.Item name="brandId" label={t('brand')} extra={t('brandHelp')}>
        <BrandSelect allowClear initial={initialBrand} ariaLabel={t('brand')} testId="partner-brand" />
      </Form.Item>
      <Form.Item name="link" label={t('link')} extra={t('linkHelp')}
        rules={[{ validator: async (_r, v: string | undefined) => { if (!isPartnerLink((v ?? '').trim())) throw new Error(t('linkInvalid')); } }, tooLong(500)]}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="country" label={t('country')} extra={t('countryHelp')}
        rules={[{ pattern: /^([A-Za-z]{2})?$/, message: t('countryInvalid') }]}><Input maxLength={2} style={{ width: 100 }} /></Form.Item>
    </div>
  );
}
