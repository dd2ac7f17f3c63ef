'use client';

import { Button, Empty, Form, Grid, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AdminBrandDto, AdminBrandInput } from '@/contracts/catalog-editing';
import { Link } from '@/i18n/navigation';
import { countryName } from '@/lib/country';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { BrandLogoField } from './brand-logo-field';
import { isOneOf } from '../common/view-filters';
import { RecordHistory } from '../common/record-history';
import { pagination } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', authorised: '', recommended: '', sort: 'sort', page: '1' };
const PAGE_SIZE = 10;
const NEW_BRAND: AdminBrandInput = {
  code: '', nameZh: '', nameEn: '', country: '', logoText: '', descriptionZh: '', descriptionEn: '', authorised: false, recommended: false, sort: 0,
};
const SORTS = ['sort', '-sort', 'nameZh', '-nameZh', 'nameEn', '-nameEn', 'code', '-code'] as const;

/** A yes/no filter of the address ('' for either). */
function flagOf(value: string): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** The brand list of the view's filters, and the writes of a brand (each loads the list and the brand again). */
function useBrands(query: typeof DEFAULTS, form: ReturnType<typeof Form.useForm<AdminBrandInput>>[0]) {
  const t = useTranslations('adminBrands');
  const list = useApiQuery('get', '/api/admin/catalog/brands', {
    params: {
      query: {
        key: query.key || undefined, authorised: flagOf(query.authorised), recommended: flagOf(query.recommended),
        sort: isOneOf(SORTS, query.sort) ? query.sort : 'sort', limit: PAGE_SIZE, offset: query.page,
      },
    },
  });
  const paths = ['/api/admin/catalog/brands', '/api/admin/catalog/brands/{id}'] as const;
  const create = useApiMutation('post', '/api/admin/catalog/brands', { invalidates: ['/api/admin/catalog/brands'], form, success: t('created') });
  const update = useApiMutation('put', '/api/admin/catalog/brands/{id}', { invalidates: paths, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/catalog/brands/{id}', { invalidates: paths, success: t('deleted') });
  return { list, create, update, remove };
}

/** `/catalog/brands`: brands with search, authorised and recommended filters, sorting and pages; add, edit, delete. */
export function BrandsView() {
  const t = useTranslations('adminBrands');
  const locale = useLocale();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const [editing, setEditing] = useState<AdminBrandDto | 'new' | null>(null);
  const [history, setHistory] = useState<AdminBrandDto | null>(null);
  const [form] = Form.useForm<AdminBrandInput>();
  const { list, create, update, remove } = useBrands(query, form);
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  // On a phone the actions column scrolls with the others instead of covering most of the table.
  const wide = Grid.useBreakpoint().md === true;

  const sortOrder = (field: string) => (query.sort === field ? 'ascend' : query.sort === `-${field}` ? 'descend' : null);
  const open = (brand: AdminBrandDto | 'new') => {
    setEditing(brand);
    form.resetFields();
    form.setFieldsValue(brand === 'new' ? NEW_BRAND : brand);
  };
  const { saving, onFinish } = useFormSave(async (values: AdminBrandInput) => {
    const body = { ...NEW_BRAND, ...values };
    const saved = editing === 'new'
      ? await create.send({ body })
      : editing !== null && await update.send({ params: { path: { id: editing.id } }, body });
    if (saved) setEditing(null);
  });
  const yesNo = (v: boolean, colour: string) => <Tag color={v ? colour : 'default'}>{v ? t('yes') : t('no')}</Tag>;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="brands-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Button type="primary" onClick={() => open('new')} data-testid="brand-add">{t('add')}</Button>
      </div>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
          onSearch={(key) => setQuery({ key, page: '1' })} style={{ width: 300, maxWidth: '100%' }} />
        <Select aria-label={t('authorisedFilter')} value={query.authorised} style={{ width: 160 }} onChange={(authorised) => setQuery({ authorised, page: '1' })}
          options={[{ value: '', label: t('allAuthorised') }, { value: 'true', label: t('onlyAuthorised') }, { value: 'false', label: t('notAuthorised') }]} />
        <Select aria-label={t('recommendedFilter')} value={query.recommended} style={{ width: 180 }} onChange={(recommended) => setQuery({ recommended, page: '1' })}
          options={[{ value: '', label: t('allRecommended') }, { value: 'true', label: t('onlyRecommended') }, { value: 'false', label: t('notRecommended') }]} />
      </Space>
      <Table<AdminBrandDto>
        rowKey="id"
        {...table}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1200 }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof s?.field === 'string' ? s.field : 'sort';
          setQuery({ sort: s?.order === 'ascend' ? field : s?.order === 'descend' ? `-${field}` : DEFAULTS.sort, page: '1' });
        }}
        pagination={pagination(query.page, PAGE_SIZE, list.data?.total ?? 0, (page) => setQuery({ page }))}
        columns={[
          { title: t('code'), dataIndex: 'code', sorter: true, sortOrder: sortOrder('code'), width: 110 },
          {
            title: t('logoColumn'), key: 'logo', width: 90, render: (_: unknown, b) => (b.logoUrl
              // eslint-disable-next-line @next/next/no-img-element
              ? <img src={b.logoUrl} alt={b.logoText || b.nameEn} className="h-8 max-w-[72px] object-contain" />
              : <span className="text-xs font-bold text-slate-500">{b.logoText}</span>),
          },
          { title: t('nameZh'), dataIndex: 'nameZh', sorter: true, sortOrder: sortOrder('nameZh'), width: 130 },
          { title: t('nameEn'), dataIndex: 'nameEn', sorter: true, sortOrder: sortOrder('nameEn'), width: 150 },
          { title: t('country'), dataIndex: 'country', width: 100, render: (c: string) => (c ? countryName(c, locale) : '—') },
          { title: t('authorisedColumn'), dataIndex: 'authorised', width: 110, render: (v: boolean) => yesNo(v, 'green') },
          { title: t('recommended'), dataIndex: 'recommended', width: 130, render: (v: boolean) => yesNo(v, 'blue') },
          { title: t('sort'), dataIndex: 'sort', sorter: true, sortOrder: sortOrder('sort'), width: 130 },
          { title: t('products'), dataIndex: 'productCount', width: 90, render: (n: number) => (n > 10_000 ? t('manyProducts') : n) },
          {
            title: t('actions'), key: 'actions', width: 320, fixed: wide ? 'right' : undefined, render: (_: unknown, b) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => open(b)}>{t('edit')}</Button>
                {b.productCount > 0 ? (
                  <Tooltip title={t('deleteBlocked')}>
                    <Button size="small" danger disabled aria-label={`${t('delete')}: ${t('deleteBlocked')}`}>{t('delete')}</Button>
                  </Tooltip>
                ) : (
                  <Popconfirm title={t('deleteConfirm', { name: locale === 'en' ? b.nameEn : b.nameZh })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                    onConfirm={() => remove.send({ params: { path: { id: b.id } } })}>
                    <Button size="small" danger>{t('delete')}</Button>
                  </Popconfirm>
                )}
                <Button size="small" type="link" onClick={() => setHistory(b)}>{t('history')}</Button>
                <Link href={`/brand/detail?id=${b.id}`} target="_blank" className="text-xs">{t('view')}</Link>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('addTitle') : t('editTitle')} okText={t('save')} cancelText={t('cancel')}
        destroyOnHidden forceRender width={720} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" initialValues={NEW_BRAND} onFinish={onFinish}>
          <BrandFields />
        </Form>
        {editing === 'new' ? <p className="text-xs text-slate-500">{t('logoSaveFirst')}</p>
          : editing && <BrandLogoField brand={editing} onChange={setEditing} />}
      </FormModal>
      <RecordHistory entity="brand" entityId={history?.id ?? null} title={history ? (locale === 'en' ? history.nameEn : history.nameZh) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

function BrandFields() {
  const t = useTranslations('adminBrands');
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  return (
    <div className="grid gap-x-3 sm:grid-cols-2">
      <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(60)]}><Input /></Form.Item>
      <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(60)]}><Input /></Form.Item>
      <Form.Item name="code" label={t('code')} extra={t('codeHelp')}
        rules={[{ required: true, message: t('codeInvalid') }, { pattern: /^[a-z0-9][a-z0-9-]{0,39}$/, message: t('codeInvalid') }]}><Input /></Form.Item>
      <Form.Item name="logoText" label={t('logoText')} extra={t('logoTextHelp')} rules={[tooLong(40)]}><Input /></Form.Item>
      <Form.Item name="country" label={t('country')} rules={[{ pattern: /^([A-Za-z]{2})?$/, message: t('countryInvalid') }]}><Input maxLength={2} placeholder="CN" /></Form.Item>
      <Form.Item name="sort" label={t('sort')} extra={t('sortHelp')}
        rules={[{ required: true, type: 'integer', min: 0, max: 999_999, message: t('sortInvalid') }]}><InputNumber style={{ width: '100%' }} min={0} max={999_999} precision={0} /></Form.Item>
      <Form.Item name="authorised" label={t('authorised')} valuePropName="checked"><Switch aria-label={t('authorised')} /></Form.Item>
      <Form.Item name="recommended" label={t('recommended')} valuePropName="checked"><Switch aria-label={t('recommended')} /></Form.Item>
      <Form.Item name="descriptionZh" label={t('descriptionZh')} rules={[tooLong(2000)]} className="sm:col-span-2"><Input.TextArea rows={3} /></Form.Item>
      <Form.Item name="descriptionEn" label={t('descriptionEn')} rules={[tooLong(2000)]} className="sm:col-span-2"><Input.TextArea rows={3} /></Form.Item>
    </div>
  );
}
