'use client';

import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Form, Grid, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Upload } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { BANNER_POSITIONS, isBannerLink, type AdminBannerDto, type AdminBannerInput, type BannerPosition } from '@/contracts/content-editing';
import { adminApi, adminUpload } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { useAdminAction, useListMove } from '../common/use-admin-action';
import { useFormSave } from '@/components/ui/use-form-save';
import { useAdminList } from '../common/use-admin-list';

const DEFAULTS = { position: 'home-slideshow' as string };
const NEW_BANNER: AdminBannerInput = { position: 'home-slideshow', titleZh: '', titleEn: '', subtitleZh: '', subtitleEn: '', link: '', sort: 0, active: true };

const uploadBannerImage = (id: number, file: File) => adminUpload<AdminBannerDto>(`/api/admin/content/banners/${id}/image`, file);

/** Uploads the image of the banner being edited, then shows it and reloads the list. */
function useBannerImage(editing: AdminBannerDto | 'new' | null, setEditing: (banner: AdminBannerDto) => void, reload: () => Promise<void>) {
  const t = useTranslations('adminContent');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  async function setImage(file: File) {
    if (editing === null || editing === 'new') return;
    setUploading(true);
    try {
      setEditing(await uploadBannerImage(editing.id, file));
      void message.success(t('imageUploaded'));
      await reload();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
    }
  }
  return { uploading, setImage };
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
  const { data, loading, error, reload } = useAdminList<AdminBannerDto>('/api/admin/content/banners', { position });
  const [editing, setEditing] = useState<AdminBannerDto | 'new' | null>(null);
  const [history, setHistory] = useState<AdminBannerDto | null>(null);
  const [form] = Form.useForm<AdminBannerInput>();
  const run = useAdminAction(reload, form);
  const wide = Grid.useBreakpoint().md === true;
  const items = data?.items ?? [];

  const open = (banner: AdminBannerDto | 'new') => {
    setEditing(banner);
    form.resetFields();
    form.setFieldsValue(banner === 'new' ? { ...NEW_BANNER, position, sort: (items.length + 1) * 10 } : { ...banner, position: banner.position as BannerPosition });
  };
  const { saving, onFinish } = useFormSave(async (values: AdminBannerInput) => {
    const body = { ...NEW_BANNER, ...values };
    const ok = editing === 'new'
      ? await run(() => adminApi('POST', '/api/admin/content/banners', body), t('created'))
      : editing !== null && await run(() => adminApi('PUT', `/api/admin/content/banners/${editing.id}`, body), t('saved'));
    if (ok) setEditing(null);
  });
  const { move, moving } = useListMove(items, run, (ids) => adminApi('PUT', '/api/admin/content/banners/order', { position, ids }), t('ordered'), error !== null);
  const { uploading, setImage } = useBannerImage(editing, setEditing, reload);

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
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<AdminBannerDto>
        rowKey="id"
        loading={loading || moving}
        dataSource={items}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyBanners')} /> }}
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
                  onConfirm={() => run(() => adminApi('DELETE', `/api/admin/content/banners/${b.id}`), t('deleted'))}>
                  <Button size="small" danger>{t('delete')}</Button>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(b)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? t('addBanner') : t('editBanner')} okText={t('save')} cancelText={t('cancel')}
        destroyOnHidden forceRender width={wide ? 760 : '100%'} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving} okButtonProps={{ 'data-testid': 'banner-save' } as Record<`data-${string}`, string>}>
        <Form form={form} layout="vertical" initialValues={NEW_BANNER} onFinish={onFinish}>
          <BannerFields />
        </Form>
        {editing === 'new' ? <p className="text-xs text-slate-500">{t('imageSaveFirst')}</p> : editing && (
          <div className="flex flex-wrap items-center gap-3" data-testid="banner-image-field">
            <div className="flex h-20 w-48 items-center justify-center rounded border border-slate-200 bg-slate-50 p-1 text-xs text-slate-400">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              {editing.imageUrl ? <img src={editing.imageUrl} alt="" className="max-h-full max-w-full object-contain" /> : t('noImage')}
            </div>
            <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} maxCount={1} disabled={uploading}
              customRequest={({ file }) => { void setImage(file as File); }}>
              <Button icon={<UploadOutlined />} loading={uploading}>{editing.imageUrl ? t('replaceImage') : t('uploadImage')}</Button>
            </Upload>
            {editing.imageUrl && (
              <Popconfirm title={t('removeImageConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                onConfirm={() => run(async () => setEditing(await adminApi<AdminBannerDto>('DELETE', `/api/admin/content/banners/${editing.id}/image`)), t('imageRemoved'))}>
                <Button danger>{t('removeImage')}</Button>
              </Popconfirm>
            )}
            <p className="m-0 w-full text-xs text-slate-500">{t('imageHelp')}</p>
          </div>
        )}
      </Modal>
      <RecordHistory entity="banner" entityId={history?.id ?? null} title={history ? (locale === 'en' ? history.titleEn : history.titleZh) : ''} onClose={() => setHistory(null)} />
    </section>
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
