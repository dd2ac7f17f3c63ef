'use client';

import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Grid, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, Upload, type FormInstance } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { BANNER_POSITIONS, isBannerLink, type AdminBannerDto, type AdminBannerInput, type BannerPosition } from '@/contracts/content-editing';
import { useTableState } from '@/components/data/query-state';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { useListMove } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

const DEFAULTS = { position: 'home-slideshow' as string };
const NEW_BANNER: AdminBannerInput = { position: 'home-slideshow', titleZh: '', titleEn: '', subtitleZh: '', subtitleEn: '', link: '', sort: 0, active: true };
const NO_BANNERS: AdminBannerDto[] = [];
/** A banner's write (its image's too) changes the list and the banner. */
const BANNER_READS = ['/api/admin/content/banners', '/api/admin/content/banners/{id}'] as const;

/** The banners page's writes, each with its success message. */
function useBannerWrites(form: FormInstance<AdminBannerInput>) {
  const t = useTranslations('adminContent');
  return {
    create: useApiMutation('post', '/api/admin/content/banners', { invalidates: BANNER_READS, form, success: t('created') }),
    update: useApiMutation('put', '/api/admin/content/banners/{id}', { invalidates: BANNER_READS, form, success: t('saved') }),
    remove: useApiMutation('delete', '/api/admin/content/banners/{id}', { invalidates: BANNER_READS, success: t('deleted') }),
    order: useApiMutation('put', '/api/admin/content/banners/order', { invalidates: BANNER_READS, success: t('ordered') }),
    upload: useApiMutation('post', '/api/admin/content/banners/{id}/image', { invalidates: BANNER_READS, success: t('imageUploaded') }),
    removeImage: useApiMutation('delete', '/api/admin/content/banners/{id}/image', { invalidates: BANNER_READS, success: t('imageRemoved') }),
  };
}

/**
 * `/content/banners` (CONTENT.EDIT, ADR 0033): the banners of one position in their storefront order;
 * add, edit (both languages, link, shown or draft), move up and down, image, delete.
 */
export function BannersView() {
  const t = useTranslations('adminContent');
  const locale = useLocale();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const position = (BANNER_POSITIONS as readonly string[]).includes(query.position) ? query.position as BannerPosition : 'home-slideshow';
  const list = useApiQuery('get', '/api/admin/content/banners', { params: { query: { position } } });
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyBanners')} />);
  const [editing, setEditing] = useState<AdminBannerDto | 'new' | null>(null);
  const [history, setHistory] = useState<AdminBannerDto | null>(null);
  const [form] = Form.useForm<AdminBannerInput>();
  const writes = useBannerWrites(form);
  const wide = Grid.useBreakpoint().md === true;
  const items = list.data?.items ?? NO_BANNERS;

  const open = (banner: AdminBannerDto | 'new') => {
    setEditing(banner);
    form.resetFields();
    form.setFieldsValue(banner === 'new' ? { ...NEW_BANNER, position, sort: (items.length + 1) * 10 } : { ...banner, position: banner.position as BannerPosition });
  };
  const { saving, onFinish } = useFormSave(async (values: AdminBannerInput) => {
    const body = { ...NEW_BANNER, ...values };
    const saved = editing === 'new'
      ? await writes.create.send({ body })
      : editing !== null && await writes.update.send({ params: { path: { id: editing.id } }, body });
    if (saved) setEditing(null);
  });
  const { move, moving } = useListMove(items, async (ids) => (await writes.order.send({ body: { position, ids } })) !== null, list.isError);
  async function setImage(file: File) {
    if (editing === null || editing === 'new') return;
    const stored = await writes.upload.send({ params: { path: { id: editing.id } }, body: { file }, ...multipart });
    if (stored) setEditing(stored.data);
  }
  async function removeImage(id: number) {
    const stored = await writes.removeImage.send({ params: { path: { id } } });
    if (stored) setEditing(stored.data);
  }

  return (
    <section className="rounded-lg bg-white p-4" data-testid="banners-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('bannersTitle')}</h1>
        <Button type="primary" onClick={() => open('new')} data-testid="banner-add">{t('addBanner')}</Button>
      </div>
      <Space wrap className="mb-3">
        <Select aria-label={t('position')} value={position} style={{ width: 200 }} onChange={(p) => setQuery({ position: p })} data-testid="banner-position"
          options={BANNER_POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} />
        <span className="text-xs text-slate-500">{t(`positionHelp.${position}`)}</span>
      </Space>
      <Table<AdminBannerDto>
        rowKey="id"
        {...table}
        loading={table.loading || moving}
        dataSource={items}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('order'), key: 'order', width: 90, render: (_: unknown, b, i) => (
              <Space size={2}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('moveUp')} disabled={moving || i === 0} onClick={() => move(i, -1)} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('moveDown')} disabled={moving || i === items.length - 1} onClick={() => move(i, 1)} />
              </Space>
            ),
          },
          {
            title: t('imageColumn'), key: 'image', width: 110, render: (_: unknown, b) => (b.imageUrl
              // eslint-disable-next-line @next/next/no-img-element
              ? <img src={b.imageUrl} alt="" className="h-10 max-w-[96px] rounded object-cover" />
              : <span className="text-xs text-slate-400">{t('noImage')}</span>),
          },
          {
            title: t('titleColumn'), key: 'title', render: (_: unknown, b) => (
              <div className="min-w-40">
                <div className="font-medium" data-testid="banner-title">{locale === 'en' ? b.titleEn : b.titleZh}</div>
                <div className="text-xs text-slate-500">{locale === 'en' ? b.subtitleEn : b.subtitleZh}</div>
              </div>
            ),
          },
          { title: t('link'), dataIndex: 'link', width: 180, render: (v: string) => <span className="break-all text-xs">{v || '—'}</span> },
          { title: t('shown'), dataIndex: 'active', width: 90, render: (v: boolean) => (v ? <Tag color="green">{t('shownYes')}</Tag> : <Tag>{t('statuses.draft')}</Tag>) },
          {
            title: t('actions'), key: 'actions', width: 220, fixed: wide ? 'right' : undefined, render: (_: unknown, b) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => open(b)} data-testid="banner-edit">{t('edit')}</Button>
                <Popconfirm title={t('deleteBannerConfirm', { title: locale === 'en' ? b.titleEn : b.titleZh })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => writes.remove.send({ params: { path: { id: b.id } } })}>
                  <Button size="small" danger>{t('delete')}</Button>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(b)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('addBanner') : t('editBanner')} okText={t('save')} cancelText={t('cancel')}
        destroyOnHidden forceRender width={wide ? 760 : '100%'} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving} okButtonProps={{ 'data-testid': 'banner-save' } as Record<`data-${string}`, string>}>
        <Form form={form} layout="vertical" initialValues={NEW_BANNER} onFinish={onFinish}>
          <BannerFields />
        </Form>
        {editing === 'new' ? <p className="text-xs text-slate-500">{t('imageSaveFirst')}</p> : editing && (
          <BannerImageField banner={editing} uploading={writes.upload.isPending} onUpload={(file) => void setImage(file)} onRemove={() => removeImage(editing.id)} />
        )}
      </FormModal>
      <RecordHistory entity="banner" entityId={history?.id ?? null} title={history ? (locale === 'en' ? history.titleEn : history.titleZh) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

/** A saved banner's image: shown, uploaded, replaced or removed. */
function BannerImageField({ banner, uploading, onUpload, onRemove }: { banner: AdminBannerDto; uploading: boolean; onUpload: (file: File) => void; onRemove: () => void }) {
  const t = useTranslations('adminContent');
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="banner-image-field">
      <div className="flex h-20 w-48 items-center justify-center rounded border border-slate-200 bg-slate-50 p-1 text-xs text-slate-400">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {banner.imageUrl ? <img src={banner.imageUrl} alt="" className="max-h-full max-w-full object-contain" /> : t('noImage')}
      </div>
      <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} maxCount={1} disabled={uploading}
        customRequest={({ file }) => onUpload(file as File)}>
        <Button icon={<UploadOutlined />} loading={uploading}>{banner.imageUrl ? t('replaceImage') : t('uploadImage')}</Button>
      </Upload>
      {banner.imageUrl && (
        <Popconfirm title={t('removeImageConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={onRemove}>
          <Button danger>{t('removeImage')}</Button>
        </Popconfirm>
      )}
      <p className="m-0 w-full text-xs text-slate-500">{t('imageHelp')}</p>
    </div>
  );
}

function BannerFields() {
  const t = useTranslations('adminContent');
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  return (
    <div className="grid gap-x-3 sm:grid-cols-2">
      <Form.Item name="titleZh" label={t('titleZh')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, tooLong(100)]}><Input data-testid="banner-title-zh" /></Form.Item>
      <Form.Item name="titleEn" label={t('titleEn')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, tooLong(100)]}><Input data-testid="banner-title-en" /></Form.Item>
      <Form.Item name="subtitleZh" label={t('subtitleZh')} rules={[tooLong(300)]}><Input.TextArea rows={2} /></Form.Item>
      <Form.Item name="subtitleEn" label={t('subtitleEn')} rules={[tooLong(300)]}><Input.TextArea rows={2} /></Form.Item>
      <Form.Item name="link" label={t('link')} extra={t('linkHelp')}
        rules={[{ validator: async (_r, v: string | undefined) => { if (!isBannerLink((v ?? '').trim())) throw new Error(t('linkInvalid')); } }, tooLong(500)]}><Input placeholder="/news/index" /></Form.Item>
      <Form.Item name="position" label={t('position')}>
        <Select options={BANNER_POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} />
      </Form.Item>
      <Form.Item name="sort" label={t('sortOrder')} extra={t('sortHelp')} rules={[{ required: true, type: 'integer', min: 0, max: 999_999, message: t('sortInvalid') }]}>
        <InputNumber style={{ width: '100%' }} min={0} max={999_999} precision={0} />
      </Form.Item>
      <Form.Item name="active" label={t('shown')} valuePropName="checked" extra={t('shownHelp')}><Switch aria-label={t('shown')} /></Form.Item>
    </div>
  );
}
