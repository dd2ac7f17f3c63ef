'use client';

import { Button, Drawer, Empty, Form, Grid, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, Upload } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { CRM_LIMITS, type SupplierDto, type SupplierInput } from '@/contracts/customers';
import { useTableState } from '@/components/data/query-state';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { KeysetPager, useKeysetQuery } from '../common/keyset-list';
import { RecordHistory } from '../common/record-history';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { oneOf } from '../common/view-filters';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', brandId: '', sort: 'name' };
const PAGE_SIZE = 20;
const EMPTY: SupplierInput = { name: '', paymentDays: 0, paymentTerms: '', brandIds: [], contacts: [] };
const SORTS = ['name', '-name', '-createdAt'] as const;
/** What a change of a supplier (its terms, contacts, files) changes: its record and the list, whose rows show them all. */
const SUPPLIER_CHANGED = ['/api/admin/suppliers/{id}', '/api/admin/suppliers'] as const;

interface BrandOption { id: number; nameZh: string; nameEn: string }

/** A supplier's contacts: a name, and a phone or an e-mail, with the position. */
function SupplierContacts() {
  const t = useTranslations('adminSuppliers');
  const te = useTranslations('api.errors');
  return (
    <Form.List name="contacts">
      {(fields, { add, remove }) => (
        <div className="mb-4">
          <div className="mb-2 font-medium">{t('contacts')}</div>
          {fields.map((field) => (
            <div key={field.key} className="mb-2 grid grid-cols-1 gap-x-2 rounded border border-slate-200 p-2 sm:grid-cols-2">
              <Form.Item name={[field.name, 'name']} label={t('contactName')} rules={[{ required: true, whitespace: true, max: CRM_LIMITS.short, message: te('crmShortTextInvalid') }]}><Input maxLength={CRM_LIMITS.short} /></Form.Item>
              <Form.Item name={[field.name, 'position']} label={t('position')} rules={[{ max: CRM_LIMITS.short, message: te('crmShortTextInvalid') }]}><Input maxLength={CRM_LIMITS.short} /></Form.Item>
              <Form.Item name={[field.name, 'phone']} label={t('phone')} rules={[{ pattern: /^$|^\+?[0-9(][0-9 ()-]{3,18}[0-9]$/, message: te('invalidPhone') }]}><Input maxLength={CRM_LIMITS.phone} /></Form.Item>
              <Form.Item name={[field.name, 'email']} label={t('email')} rules={[{ type: 'email', message: te('crmEmailInvalid') }]}><Input maxLength={CRM_LIMITS.email} /></Form.Item>
              <Button size="small" danger onClick={() => remove(field.name)}>{t('removeContact')}</Button>
            </div>
          ))}
          <Button onClick={() => add({ name: '', phone: '', email: '', position: '' })}>{t('addContact')}</Button>
        </div>
      )}
    </Form.List>
  );
}

/** A saved supplier's files: download, remove, add. */
function SupplierFiles({ supplier }: { supplier: SupplierDto }) {
  const t = useTranslations('adminSuppliers');
  const add = useApiMutation('post', '/api/admin/suppliers/{id}/files', { invalidates: SUPPLIER_CHANGED, success: t('fileAdded') });
  const remove = useApiMutation('delete', '/api/admin/suppliers/{id}/files/{fileId}', { invalidates: SUPPLIER_CHANGED, success: t('fileRemoved') });
  return (
    <div>
      <div className="mb-2 font-medium">{t('files')}</div>
      <ul className="mb-2 space-y-1 p-0">
        {supplier.files.map((f) => (
          <li key={f.id} className="flex list-none flex-wrap items-center justify-between gap-2 text-sm">
            <a href={`/api/admin/suppliers/${supplier.id}/files/${f.id}`} className="break-all">{f.fileName}</a>
            <Popconfirm title={t('removeFileConfirm', { name: f.fileName })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
              onConfirm={() => remove.send({ params: { path: { id: supplier.id, fileId: f.id } } })}>
              <Button size="small" danger>{t('delete')}</Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
      <Upload accept=".pdf,.png,.jpg,.jpeg,.webp" showUploadList={false}
        customRequest={({ file }) => { if (file instanceof Blob) void add.send({ params: { path: { id: supplier.id } }, body: { file }, ...multipart }); }}>
        <Button>{t('addFile')}</Button>
      </Upload>
      <p className="text-xs text-slate-500">{t('fileHint')}</p>
    </div>
  );
}

/** `/suppliers` (SUPPLIER.EDIT, ADR 0038): suppliers with search, brand filter, sort and keyset pages; an editor for terms, brands, contacts and attachments. */
export function SuppliersView() {
  const t = useTranslations('adminSuppliers');
  const te = useTranslations('api.errors');
  const tc = useTranslations('adminCommon');
  const locale = useLocale();
  const wide = Grid.useBreakpoint().md !== false;
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const [editing, setEditing] = useState<SupplierDto | 'new' | null>(null);
  const [history, setHistory] = useState<SupplierDto | null>(null);
  const [form] = Form.useForm<SupplierInput>();
  const list = useKeysetQuery('/api/admin/suppliers', { key: query.key || undefined, brandId: query.brandId || undefined, sort: oneOf(SORTS, query.sort), limit: PAGE_SIZE });
  const page = list.page;
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const brandOptions: BrandOption[] = useApiQuery('get', '/api/admin/suppliers/brands').data ?? [];
  const create = useApiMutation('post', '/api/admin/suppliers', { invalidates: ['/api/admin/suppliers'], form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/suppliers/{id}', { invalidates: SUPPLIER_CHANGED, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/suppliers/{id}', { invalidates: SUPPLIER_CHANGED, success: t('deleted') });
  const filter = (patch: Partial<typeof DEFAULTS>) => setQuery(patch);
  const brandName = (b: BrandOption) => (locale === 'en' ? b.nameEn : b.nameZh);
  const open = (s: SupplierDto | 'new') => {
    setEditing(s);
    form.resetFields();
    form.setFieldsValue(s === 'new' ? EMPTY : { name: s.name, paymentDays: s.paymentDays, paymentTerms: s.paymentTerms, brandIds: s.brands.map((b) => b.id), contacts: s.contacts.map(({ name, phone, email, position }) => ({ name, phone, email, position })) });
  };
  const current = editing && editing !== 'new' ? page?.items.find((s) => s.id === editing.id) ?? editing : null;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="suppliers-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Button href={`/api/admin/suppliers/export${toQuery({ key: query.key, brandId: query.brandId, sort: query.sort })}`} data-testid="suppliers-export">{tc('export')}</Button>
          <Button type="primary" onClick={() => open('new')} data-testid="supplier-add">{t('add')}</Button>
        </Space>
      </div>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => filter({ key })} style={{ width: 280, maxWidth: '100%' }} />
        <Select aria-label={t('brandFilter')} value={query.brandId} style={{ width: 200 }} showSearch optionFilterProp="label" onChange={(brandId) => filter({ brandId })}
          options={[{ value: '', label: t('allBrands') }, ...brandOptions.map((b) => ({ value: String(b.id), label: brandName(b) }))]} />
        <Select aria-label={t('sort')} value={query.sort} style={{ width: 140 }} onChange={(sort) => filter({ sort })}
          options={['name', '-name', '-createdAt'].map((s) => ({ value: s, label: t(`sorts.${s}`) }))} />
        <SavedViewsBar listKey="suppliers" current={viewQuery(query, DEFAULTS, ['key', 'brandId', 'sort'])} onApply={(q) => filter({ ...DEFAULTS, ...q })} />
      </Space>
      <Table<SupplierDto>
        rowKey="id" {...table} dataSource={page?.items ?? []} pagination={false} scroll={{ x: 900 }}
        columns={[
          { title: t('name'), dataIndex: 'name', width: 240 },
          { title: t('brands'), dataIndex: 'brands', render: (list: SupplierDto['brands']) => list.map((b) => <Tag key={b.id}>{locale === 'en' ? b.nameEn : b.nameZh}</Tag>) },
          { title: t('terms'), key: 'terms', width: 220, render: (_: unknown, s) => <span>{t('daysValue', { days: s.paymentDays })}<span className="block text-xs text-slate-500">{s.paymentTerms}</span></span> },
          { title: t('contacts'), key: 'contacts', width: 180, render: (_: unknown, s) => s.contacts.map((c) => <div key={c.id} className="text-xs">{c.name} {c.phone || c.email}</div>) },
          { title: t('files'), key: 'files', width: 80, render: (_: unknown, s) => s.files.length },
          {
            title: t('actions'), key: 'actions', width: 220, fixed: wide ? 'right' : undefined, render: (_: unknown, s) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => open(s)}>{t('edit')}</Button>
                <Popconfirm title={t('deleteConfirm', { name: s.name })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => remove.send({ params: { path: { id: s.id } } })}>
                  <Button size="small" danger>{t('delete')}</Button>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(s)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <KeysetPager list={list} testId="suppliers"
        texts={{ total: t('total', { total: page?.total ?? 0 }), first: t('firstPage'), previous: t('previousPage'), next: t('nextPage') }} />
      <Drawer open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('add') : t('editTitle')} size={wide ? 640 : '100%'} destroyOnHidden forceRender
        extra={<Button type="primary" onClick={() => form.submit()} data-testid="supplier-save">{t('save')}</Button>}>
        <Form form={form} layout="vertical" onFinish={async (values) => {
          const body = { ...values, contacts: values.contacts ?? [], brandIds: values.brandIds ?? [] };
          const done = editing === 'new' || editing === null ? await create.send({ body }) : await update.send({ params: { path: { id: editing.id } }, body });
          if (done) setEditing(null);
        }}>
          <Form.Item name="name" label={t('name')} extra={t('nameHint')} rules={[{ required: true, whitespace: true, max: CRM_LIMITS.companyName, message: te('crmNameInvalid') }]}>
            <Input maxLength={CRM_LIMITS.companyName} showCount data-testid="supplier-name" />
          </Form.Item>
          <Form.Item name="brandIds" label={t('brands')}>
            <Select mode="multiple" optionFilterProp="label" aria-label={t('brands')} options={brandOptions.map((b) => ({ value: b.id, label: brandName(b) }))} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name="paymentDays" label={t('paymentDays')} extra={t('paymentDaysHint')}><InputNumber min={0} max={365} precision={0} /></Form.Item>
            <Form.Item name="paymentTerms" label={t('paymentTerms')} extra={t('textHint')} rules={[{ max: CRM_LIMITS.text, message: te('crmTextInvalid') }]}>
              <Input maxLength={CRM_LIMITS.text} showCount style={{ width: 320, maxWidth: '100%' }} />
            </Form.Item>
          </Space>
          <SupplierContacts />
        </Form>
        {current && <SupplierFiles supplier={current} />}
      </Drawer>
      <RecordHistory entity="supplier" entityId={history?.id ?? null} title={history?.name ?? ''} onClose={() => setHistory(null)} />
    </section>
  );
}
