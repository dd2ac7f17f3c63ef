'use client';

import { App, Button, Empty, Popconfirm, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { MyShipmentDto, MyShipmentsDto } from '@/contracts/shipments';
import { useApiMutation } from '@/lib/api/query';
import { useHydrated } from '@/lib/use-hydrated';

const STATE_COLOURS: Record<string, string> = { partly_shipped: 'gold', shipped: 'blue', delivered: 'green', held: 'red', backordered: 'orange', allocated: 'cyan' };

/** One shipment: number, carrier, tracking link, lots and quantities, state; confirming receipt; the packing list. */
function ShipmentItem({ orderId, shipment: s }: { orderId: number; shipment: MyShipmentDto }) {
  const t = useTranslations('orderPages.shipments');
  const format = useFormatter();
  const locale = useLocale();
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const receive = useApiMutation('post', '/api/app/orders/{id}/shipments/{sid}/receive', { refreshPage: true });
  const confirm = async () => {
    if (await receive.send({ params: { path: { id: orderId, sid: s.id } } })) void message.success(t('confirmed'));
  };
  return (
    <li className="rounded border border-line p-3" data-testid={`my-shipment-${s.shipmentNo}`}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-medium">{s.shipmentNo}</span>
        <Tag color={s.status === 'delivered' ? 'green' : 'blue'} data-testid="my-shipment-status">{t(`status.${s.status}`)}</Tag>
        {s.dangerousGoods && <Tag color="volcano">{t('handling.dangerousGoods')}</Tag>}
        {s.coldChain && <Tag color="blue">{t('handling.coldChain')}</Tag>}
        {s.controlled && <Tag color="red">{t('handling.controlled')}</Tag>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('carrier')}</dt><dd data-testid="my-shipment-carrier">{s.carrierName}</dd>
        <dt className="text-muted">{t('trackingNo')}</dt>
        <dd>
          <span data-testid="my-shipment-tracking">{s.trackingNo}</span>
          {s.trackingLink && <> · <a href={s.trackingLink} target="_blank" rel="noreferrer" className="text-accent">{t('track')}</a></>}
        </dd>
        <dt className="text-muted">{t('shippedAt')}</dt><dd>{format.dateTime(new Date(s.shippedAt), 'stamp')}</dd>
        {s.deliveredAt && <><dt className="text-muted">{t('deliveredAt')}</dt><dd>{format.dateTime(new Date(s.deliveredAt), 'stamp')}{s.deliveredBy ? ` · ${s.deliveredBy}` : ''}</dd></>}
      </dl>
      <ul className="my-2 list-none space-y-1 p-0 text-sm">
        {s.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap gap-x-2">
            <span>{l.itemNo} {l.name} <span className="text-muted">{l.size}</span></span>
            <span>{t('lot', { lot: l.lotNo })}</span>
            <span className="font-medium">× {l.quantity}</span>
            {l.coaUrl && <a href={l.coaUrl} target="_blank" rel="noreferrer" className="text-accent">COA</a>}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="small" href={`/api/app/orders/${orderId}/shipments/${s.id}/packing-list?lang=${locale}`} target="_blank" data-testid="my-shipment-packing-list">{t('packingList')}</Button>
        {s.status === 'shipped' && (
          <Popconfirm title={t('confirmTitle', { no: s.shipmentNo })} description={t('confirmText')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={confirm}>
            <Button size="small" type="primary" disabled={!hydrated || receive.isPending} data-testid="my-shipment-confirm">{t('confirm')}</Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}

/** The order's fulfilment state and its shipments, on the buyer's order page (ADR 0074). */
export function OrderShipments({ data }: { data: MyShipmentsDto }) {
  const t = useTranslations('orderPages.shipments');
  return (
    <section className="mt-6" aria-labelledby="order-shipments-title" data-testid="my-shipments">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="order-shipments-title" className="m-0 text-base font-semibold">{t('title')}</h2>
        {data.fulfilment !== 'none' && <Tag color={STATE_COLOURS[data.fulfilment]} data-testid="my-fulfilment">{t(`states.${data.fulfilment}`)}</Tag>}
      </div>
      {data.shipments.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        : <ul className="m-0 flex list-none flex-col gap-3 p-0">{data.shipments.map((s) => <ShipmentItem key={s.id} orderId={data.orderId} shipment={s} />)}</ul>}
    </section>
  );
}
