'use client';

import { Button, Empty, Form, Grid, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CarrierDto, CarrierInput } from '@/contracts/shipments';
import { PermittedButton } from '@/components/ui/permitted-button';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { RecordHistory } from '../common/record-history';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

const NEW_CARRIER: CarrierInput = { code: '', nameZh: '', nameEn: '', dangerousGoods: false, coldChain: false, trackingUrl: '', active: true, sort: 0 };
/** Where a carrier shows: this list, the ship dialog's choices (the order's shipments) and the audit log. */
const CHANGED: readonly ApiPath[] = ['/api/admin/carriers', '/api/admin/orders/{id}/shipments', '/api/admin/audit'];

const fieldsOf = (c: CarrierDto): CarrierInput => ({
  code: c.code, nameZh: c.nameZh, nameEn: c.nameEn, dangerousGoods: c.dangerousGoods, coldChain: c.coldChain, trackingUrl: c.trackingUrl, active: c.active, sort: c.sort,
});

/** Whether a carrier is qualified for dangerous goods and cold chain, as tags. */
export function CarrierQualifications({ carrier }: { carrier: Pick<CarrierDto, 'dangerousGoods' | 'coldChain'> }) {
  const t = useTranslations('adminCarriers');
  if (!carrier.dangerousGoods && !carrier.coldChain) return <span className="text-slate-500">{t('ordinary')}</span>;
  return (
    <Space size={4} wrap>
      {carrier.dangerousGoods ? <Tag color="volcano">{t('dangerousGoods')}</Tag> : null}
      {carrier.coldChain ? <Tag color="blue">{t('coldChain')}</Tag> : null}
    </Space>
  );
}

/** `/orders/carriers` (ORDER.VIEW; changes ORDER.FULFIL): the carriers shipments leave with — add, change, deactivate. */
export function CarriersView() {
  const t = useTranslations('adminCarriers');
  const locale = useLocale();
  const wide = Grid.useBreakpoint().md !== false;
  const list = useApiQuery('get', '/api/admin/carriers');
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const [editing, setEditing] = useState<CarrierDto | 'new' | null>(null);
  const [history, setHistory] = useState<CarrierDto | null>(null);
  const [form] = Form.useForm<CarrierInput>();
  const create = useApiMutation('post', '/api/admin/carriers', { invalidates: CHANGED, form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/carriers/{id}', { invalidates: CHANGED, form, success: t('saved') });
  const toggle = useApiMutation('put', '/api/admin/carriers/{id}', { invalidates: CHANGED, success: t('saved') });
  const open = (carrier: CarrierDto | 'new') => {
    setEditing(carrier);
    form.resetFields();
    form.setFieldsValue(carrier === 'new' ? NEW_CARRIER : fieldsOf(carrier));
  };
  const { saving, onFinish } = useFormSave(async (values: CarrierInput) => {
    const done = editing === 'new' || editing === null ? await create.send({ body: values }) : await update.send({ params: { path: { id: editing.id } }, body: values });
    if (done) setEditing(null);
  });
  const denied = t('denied');
  const nameOf = (c: CarrierDto) => (locale === 'en' ? c.nameEn : c.nameZh);
  const status = (r: CarrierDto) => (r.active ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>);
  const actions = (r: CarrierDto) => (
    <Space wrap size={4}>
      <PermittedButton size="small" permissions={['ORDER.FULFIL']} reason={denied} onClick={() => open(r)} data-testid={`carrier-edit-${r.code}`}>{t('edit')}</PermittedButton>
      {r.active ? (
        <Popconfirm title={t('deactivateConfirm', { name: nameOf(r) })} okText={t('deactivate')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
          onConfirm={() => toggle.send({ params: { path: { id: r.id } }, body: { ...fieldsOf(r), active: false } })}>
          <PermittedButton size="small" danger permissions={['ORDER.FULFIL']} reason={denied}>{t('deactivate')}</PermittedButton>
        </Popconfirm>
      ) : (
        <PermittedButton size="small" permissions={['ORDER.FULFIL']} reason={denied} onClick={() => toggle.send({ params: { path: { id: r.id } }, body: { ...fieldsOf(r), active: true } })}>
          {t('activate')}
        </PermittedButton>
      )}
      <Button size="small" type="link" onClick={() => setHistory(r)}>{t('history')}</Button>
    </Space>
  );

  return (
    <section className="rounded-lg bg-white p-4" data-testid="carriers-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
          <p className="mb-0 mt-1 text-sm text-slate-500">{t('intro')}</p>
        </div>
        <PermittedButton type="primary" permissions={['ORDER.FULFIL']} reason={denied} onClick={() => open('new')} data-testid="carrier-add">{t('add')}</PermittedButton>
      </div>
      <Table<CarrierDto>
        rowKey="id" {...table} dataSource={list.data} pagination={false}
        onRow={(r) => ({ 'data-testid': `carrier-row-${r.code}` } as React.HTMLAttributes<HTMLElement>)}
        showHeader={wide}
        columns={wide ? [
          { title: t('name'), key: 'name', render: (_: unknown, r) => <span className={r.active ? '' : 'text-slate-400'}>{nameOf(r)}</span> },
          { title: t('code'), dataIndex: 'code', width: 150 },
          { title: t('qualifications'), key: 'q', render: (_: unknown, r) => <CarrierQualifications carrier={r} /> },
          { title: t('trackingUrl'), key: 'url', render: (_: unknown, r) => (r.trackingUrl ? <span className="break-all text-xs text-slate-600">{r.trackingUrl}</span> : '—') },
          { title: t('status'), key: 'active', width: 90, render: (_: unknown, r) => status(r) },
          { title: t('shipments'), dataIndex: 'shipments', width: 90 },
          { title: t('actions'), key: 'actions', width: 230, render: (_: unknown, r) => actions(r) },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2"><span className="font-medium">{nameOf(r)} <span className="text-slate-500">{r.code}</span></span>{status(r)}</div>
              <CarrierQualifications carrier={r} />
              {r.trackingUrl && <div className="break-all text-xs text-slate-600">{r.trackingUrl}</div>}
              <div className="text-slate-600">{t('shipments')}: {r.shipments}</div>
              {actions(r)}
            </div>
          ),
        }]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('add') : t('editTitle')} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="code" label={t('code')} extra={t('codeHint')} rules={[{ required: true, pattern: /^[A-Za-z0-9][A-Za-z0-9-]{1,19}$/, message: t('codeInvalid') }]}>
            <Input maxLength={20} data-testid="carrier-code" />
          </Form.Item>
          <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, max: 50, message: t('nameInvalid') }]}>
            <Input maxLength={50} showCount data-testid="carrier-name-zh" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, max: 80, message: t('nameInvalid') }]}>
            <Input maxLength={80} showCount data-testid="carrier-name-en" />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="dangerousGoods" label={t('dangerousGoods')} valuePropName="checked" extra={t('dangerousGoodsHint')}>
              <Switch aria-label={t('dangerousGoods')} data-testid="carrier-dg" />
            </Form.Item>
            <Form.Item name="coldChain" label={t('coldChain')} valuePropName="checked" extra={t('coldChainHint')}>
              <Switch aria-label={t('coldChain')} data-testid="carrier-cold" />
            </Form.Item>
            <Form.Item name="active" label={t('active')} valuePropName="checked">
              <Switch aria-label={t('active')} />
            </Form.Item>
          </Space>
          <Form.Item name="trackingUrl" label={t('trackingUrl')} extra={t('trackingUrlHint')}
            rules={[{ validator: (_r, v: string | undefined) => (!v || (/^https:\/\/\S+$/.test(v) && v.includes('{no}')) ? Promise.resolve() : Promise.reject(new Error(t('trackingUrlInvalid')))) }]}>
            <Input maxLength={300} placeholder="https://…{no}" data-testid="carrier-url" />
          </Form.Item>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </FormModal>
      <RecordHistory entity="carrier" entityId={history?.id ?? null} title={history ? nameOf(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
