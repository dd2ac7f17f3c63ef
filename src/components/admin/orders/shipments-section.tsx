'use client';

import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { CarrierDto, OrderShipmentsDto, ShipmentDto, ShippableDto } from '@/contracts/shipments';
import { Link } from '@/i18n/navigation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { carrierProblems, shipmentHandling, type ShipmentHandling } from '@/lib/shipment-handling';
import { FormModal } from '@/components/ui/form-modal';
import { PermittedButton } from '@/components/ui/permitted-button';
import { useFormSave } from '@/components/ui/use-form-save';
import { useWhen } from '../common/record-page';
import { FulfilmentTag } from './allocation-section';

/** A shipment or delivery changes the order's record, the list's rows, its own list and the carriers' counts. */
const CHANGED: readonly ApiPath[] = ['/api/admin/orders/{id}/shipments', '/api/admin/orders/{id}', '/api/admin/orders', '/api/admin/carriers', '/api/admin/audit'];

/** The handling a shipment needs, as tags. */
function HandlingTags({ handling, as = 'handling' }: { handling: ShipmentHandling; as?: 'handling' | 'needs' }) {
  const t = useTranslations('adminShipments');
  return (
    <Space size={4} wrap>
      {handling.dangerousGoods && <Tag color="volcano">{t(`${as}.dangerousGoods`)}</Tag>}
      {handling.coldChain && <Tag color="blue">{t(`${as}.coldChain`)}</Tag>}
      {handling.controlled && <Tag color="red">{t(`${as}.controlled`)}</Tag>}
    </Space>
  );
}

interface ShipForm {
  carrierId?: number;
  trackingNo: string;
  buyerLicence: string;
  transportFiling: string;
  note: string;
  qty: Record<string, number | null>;
}

/** The ship dialog: units per allocated lot, a carrier the lines allow (the others shown with the reason), the tracking number and, for controlled lines, the filings. */
function ShipDialog({ data, open, onClose }: { data: OrderShipmentsDto; open: boolean; onClose: () => void }) {
  const t = useTranslations('adminShipments');
  const locale = useLocale();
  const carriers = useApiQuery('get', '/api/admin/carriers', undefined, { enabled: open });
  const [form] = Form.useForm<ShipForm>();
  const qty = Form.useWatch('qty', form) as ShipForm['qty'] | undefined;
  const ship = useApiMutation('post', '/api/admin/orders/{id}/shipments', { invalidates: CHANGED, form, success: t('shippedMessage') });
  const chosen = data.shippable.filter((s) => (qty?.[String(s.allocationId)] ?? 0) > 0);
  const handling = shipmentHandling(chosen);
  const options = useMemo(() => (carriers.data ?? []).filter((c) => c.active).map((c: CarrierDto) => {
    const problems = carrierProblems(handling, c);
    const name = locale === 'en' ? c.nameEn : c.nameZh;
    return { value: c.id, disabled: problems.length > 0, label: problems.length > 0 ? `${name} — ${problems.map((p) => t(`reasons.${p}`)).join(locale === 'en' ? '; ' : '；')}` : name };
  }), [carriers.data, handling, locale, t]);
  const { saving, onFinish } = useFormSave(async (v: ShipForm) => {
    const lines = data.shippable.map((s) => ({ allocationId: s.allocationId, quantity: v.qty[String(s.allocationId)] ?? 0 })).filter((l) => l.quantity > 0);
    const done = await ship.send({
      params: { path: { id: data.orderId } },
      body: { carrierId: v.carrierId ?? 0, trackingNo: v.trackingNo, note: v.note ?? '', buyerLicence: v.buyerLicence ?? '', transportFiling: v.transportFiling ?? '', lines },
    });
    if (done) onClose();
  });
  const initial: ShipForm = {
    // The number of the permit on file first (it is the one in force), else the company's last controlled shipment's.
    trackingNo: '', buyerLicence: data.permit?.permitNo || data.lastBuyerLicence, transportFiling: '', note: '',
    qty: Object.fromEntries(data.shippable.map((s) => [String(s.allocationId), s.remaining])),
  };
  return (
    <FormModal open={open} title={t('shipTitle')} okText={t('confirmShip')} cancelText={t('cancel')} width={760} destroyOnHidden
      onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} okButtonProps={{ disabled: chosen.length === 0, ...({ 'data-testid': 'ship-confirm' } as Record<`data-${string}`, string>) }}>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <Table<ShippableDto> rowKey="allocationId" size="small" pagination={false} dataSource={data.shippable} scroll={{ x: 560 }} data-testid="ship-lines"
          columns={[
            { title: t('product'), key: 'p', render: (_: unknown, r) => <span>{r.itemNo} {r.name} <span className="text-slate-500">{r.size}</span></span> },
            { title: t('lot'), dataIndex: 'lotNo', width: 110 },
            { title: t('remaining'), key: 'rem', width: 90, align: 'right', render: (_: unknown, r) => t('remainingOf', { remaining: r.remaining, allocated: r.allocated }) },
            {
              title: t('toShip'), key: 'q', width: 110, render: (_: unknown, r) => (
                <Form.Item name={['qty', String(r.allocationId)]} noStyle>
                  <InputNumber min={0} max={r.remaining} precision={0} size="small" aria-label={t('toShipOf', { lot: r.lotNo })} data-testid={`ship-qty-${r.lotNo}`} />
                </Form.Item>
              ),
            },
          ]} />
        {chosen.length > 0 && (handling.dangerousGoods || handling.coldChain || handling.controlled) && (
          <Alert className="my-3" type="warning" showIcon message={<span>{t('handlingNeeded')} <HandlingTags handling={handling} as="needs" /></span>} data-testid="ship-handling" />
        )}
        <div className="mt-3 grid gap-x-4 md:grid-cols-2">
          <Form.Item name="carrierId" label={t('carrier')} rules={[{ required: true, message: t('carrierRequired') }]} extra={options.some((o) => o.disabled) ? t('carrierHint') : undefined}>
            <Select options={options} loading={carriers.isLoading} placeholder={t('carrierPlaceholder')} aria-label={t('carrier')} data-testid="ship-carrier" />
          </Form.Item>
          <Form.Item name="trackingNo" label={t('trackingNo')} extra={t('trackingNoHint')} rules={[{ required: true, pattern: /^[A-Za-z0-9][A-Za-z0-9-]{7,29}$/, message: t('trackingNoInvalid') }]}>
            <Input maxLength={30} autoComplete="off" data-testid="ship-tracking" />
          </Form.Item>
          {handling.controlled && (
            <>
              <Form.Item name="buyerLicence" label={t('buyerLicence')} rules={[{ required: true, whitespace: true, max: 50, message: t('buyerLicenceRequired') }]}
                extra={!data.permit ? t('noPermit') : t(data.permit.permitNo ? 'permitOnFile' : 'permitOnFileUnnumbered', {
                  number: data.permit.permitNo, file: data.permit.fileName, until: data.permit.validUntil ?? t('noEnd'),
                })}>
                <Input maxLength={50} data-testid="ship-licence" />
              </Form.Item>
              <Form.Item name="transportFiling" label={t('transportFiling')} rules={[{ required: true, whitespace: true, max: 50, message: t('transportFilingRequired') }]}>
                <Input maxLength={50} data-testid="ship-filing" />
              </Form.Item>
            </>
          )}
        </div>
        <Form.Item name="note" label={t('note')} rules={[{ max: 200, message: t('noteTooLong') }]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** One shipment: number, carrier, tracking link, state, lots and quantities, filings; record delivery; the packing list. */
function ShipmentCard({ orderId, shipment: s }: { orderId: number; shipment: ShipmentDto }) {
  const t = useTranslations('adminShipments');
  const locale = useLocale();
  const when = useWhen();
  const deliver = useApiMutation('post', '/api/admin/orders/{id}/shipments/{sid}/deliver', { invalidates: CHANGED, success: t('deliveredMessage') });
  return (
    <div className="rounded border border-slate-200 p-3" data-testid={`shipment-${s.shipmentNo}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <Space wrap size={6}>
          <span className="font-medium">{s.shipmentNo}</span>
          <Tag color={s.status === 'delivered' ? 'green' : 'blue'} data-testid="shipment-status">{t(`status.${s.status}`)}</Tag>
          <HandlingTags handling={s} />
        </Space>
        <Space wrap size={4}>
          <Button size="small" href={`/api/admin/orders/${orderId}/shipments/${s.id}/packing-list?lang=${locale}`} target="_blank" data-testid="shipment-packing-list">{t('packingList')}</Button>
          {s.status === 'shipped' && (
            <Popconfirm title={t('deliverConfirm', { no: s.shipmentNo })} okText={t('deliver')} cancelText={t('cancel')}
              onConfirm={() => deliver.send({ params: { path: { id: orderId, sid: s.id } } })}>
              <PermittedButton size="small" permissions={['ORDER.FULFIL']} reason={t('denied')} loading={deliver.isPending} data-testid="shipment-deliver">{t('deliver')}</PermittedButton>
            </Popconfirm>
          )}
        </Space>
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} items={[
        { key: 'carrier', label: t('carrier'), children: s.carrierName },
        { key: 'tracking', label: t('trackingNo'), children: s.trackingLink ? <a href={s.trackingLink} target="_blank" rel="noreferrer">{s.trackingNo}</a> : s.trackingNo },
        { key: 'shipped', label: t('shippedAt'), children: `${when(s.shippedAt)}${s.staffName ? ` · ${s.staffName}` : ''}` },
        ...(s.deliveredAt ? [{ key: 'delivered', label: t('deliveredAt'), children: `${when(s.deliveredAt)}${s.deliveredBy ? ` · ${s.deliveredBy}` : ''}` }] : []),
        ...(s.controlled ? [
          { key: 'licence', label: t('buyerLicence'), children: s.buyerLicence },
          { key: 'filing', label: t('transportFiling'), children: s.transportFiling },
          { key: 'retain', label: t('retainUntil'), children: s.retainUntil ?? '—' },
        ] : []),
        ...(s.note ? [{ key: 'note', label: t('note'), children: s.note }] : []),
      ]} />
      <ul className="m-0 mt-2 list-none space-y-1 p-0 text-sm">
        {s.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap gap-x-2">
            <span>{l.itemNo} {l.name} <span className="text-slate-500">{l.size}</span></span>
            <span>{t('lotOf', { lot: l.lotNo })}</span>
            <span className="font-medium">× {l.quantity}</span>
            {l.coaUrl && <a href={l.coaUrl} target="_blank" rel="noreferrer">COA</a>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The order record's shipments (ADR 0074): its fulfilment, its shipments, and shipping what is allocated. */
export function ShipmentsSection({ orderId }: { orderId: number }) {
  const t = useTranslations('adminShipments');
  const query = useApiQuery('get', '/api/admin/orders/{id}/shipments', { params: { path: { id: orderId } } });
  const [shipping, setShipping] = useState(false);
  const data = query.data;
  const units = data?.shippable.reduce((s, r) => s + r.remaining, 0) ?? 0;
  const canShip = data !== undefined && data.orderStatus === 'placed' && data.fulfilment !== 'held' && units > 0;
  return (
    <Card size="small" data-testid="order-shipments"
      title={<Space wrap size={6}>{t('title')}{data && <FulfilmentTag state={data.fulfilment} />}</Space>}
      extra={
        <Space wrap size={4}>
          <Link href="/admin/orders/carriers" className="text-sm">{t('carriersLink')}</Link>
          {canShip && (
            <PermittedButton type="primary" size="small" permissions={['ORDER.FULFIL']} reason={t('denied')} onClick={() => setShipping(true)} data-testid="ship-open">{t('ship')}</PermittedButton>
          )}
        </Space>
      }>
      {query.isLoading ? <div className="py-4 text-center"><Spin /></div> : !data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('loadFailed')} /> : (
        <div className="flex flex-col gap-3">
          {data.shippable.length > 0 && <p className="m-0 text-sm text-slate-600" data-testid="ship-remaining">{t('toShipSummary', { units, lots: data.shippable.length })}</p>}
          {data.shipments.length === 0
            ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
            : data.shipments.map((s) => <ShipmentCard key={s.id} orderId={orderId} shipment={s} />)}
          {shipping && <ShipDialog data={data} open={shipping} onClose={() => setShipping(false)} />}
        </div>
      )}
    </Card>
  );
}
