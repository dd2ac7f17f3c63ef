'use client';

import { Button, Descriptions, Popconfirm } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { OrderDetailDto, RecartDto } from '@/contracts/orders';
import type { MyShipmentsDto } from '@/contracts/shipments';
import { useHydrated } from '@/lib/use-hydrated';
import { ComplaintLinks } from '@/components/account/complaints/complaint-links';
import { ApproveOrderModal, EditRefsModal, RejectOrderModal } from './order-modals';
import { OrderLinesTable } from './order-lines-table';
import { OrderNotices } from './order-notices';
import { OrderShipments } from './order-shipments';
import { OrderStatusTag } from './order-status-tag';
import { OrderTimeline } from './order-timeline';
import { useOrderActions } from './use-order-actions';

/** An approver's edits of an order: changed quantities and removed lines, with the draft total. */
function useApprovalDraft(order: OrderDetailDto) {
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [removed, setRemoved] = useState<number[]>([]);
  const changes = Object.entries(quantities)
    .map(([id, num]) => ({ itemId: Number(id), num }))
    .filter((c) => !removed.includes(c.itemId) && order.items.find((i) => i.id === c.itemId)?.num !== c.num);
  const draftTotal = useMemo(() => {
    const cents = order.items
      .filter((i) => !removed.includes(i.id))
      .reduce((sum, i) => sum + Math.round(Number(i.unitPrice) * 100) * (quantities[i.id] ?? i.num), 0);
    return cents / 100;
  }, [order.items, quantities, removed]);
  const reset = () => {
    setQuantities({});
    setRemoved([]);
  };
  return { quantities, setQuantities, removed, setRemoved, changes, draftTotal, edited: changes.length > 0 || removed.length > 0, reset };
}

/**
 * One order: delivery, invoice, lines, totals and the approval timeline, with what the viewer may do:
 * an approver lowers quantities (never above the order's) or removes lines and approves, or rejects with a reason; the buyer
 * confirms (places), cancels, edits the PO number, reorders or puts a rejected order back in the cart.
 */
export function OrderDetailView({ order, shipments }: { order: OrderDetailDto; shipments?: MyShipmentsDto | null }) {
  const t = useTranslations('orderPages');
  const ti = useTranslations('orders.invoice');
  const format = useFormatter();
  const actions = useOrderActions();
  const { busy, done } = actions;
  // Until the page hydrates a click has no handler: the actions wait for it instead of losing it.
  const hydrated = useHydrated();
  const draft = useApprovalDraft(order);
  const { changes, removed, edited, draftTotal } = draft;
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const [editing, setEditing] = useState(false);
  const [recart, setRecart] = useState<RecartDto | null>(null);
  const money = (v: string | number) => format.number(Number(v), 'money');
  const id = order.id;

  const approve = async (reason: string) => {
    const ok = done(await actions.approval.send({ body: { id, decision: 'approve', reason, changes, ...(removed.length ? { removeItemIds: removed } : {}) } }), t('approved'));
    if (ok) {
      draft.reset();
      setApproving(false);
    }
    return ok;
  };
  const reject = async (reason: string) => {
    const ok = done(await actions.approval.send({ body: { id, decision: 'reject', reason } }), t('rejected'));
    if (ok) setRejecting(false);
    return ok;
  };
  const putBack = async () => {
    const answer = await actions.reorder.send({ body: { id } });
    if (answer) setRecart(answer.data);
  };
  const cancel = async () => done(await actions.cancel.send({ body: { ids: [id] } }), t('cancelled'));
  const place = async () => done(await actions.place.send({ body: { id } }), t('placed'));
  const saveRefs = async (values: { poNumber: string; costCentre: string; note: string }) => {
    if (done(await actions.update.send({ body: { id, ...values } }), t('saved'))) setEditing(false);
  };

  return (
    <div data-testid="order-detail" aria-busy={busy}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold" data-testid="order-no">{t('detailTitle', { orderNo: order.orderNo })}</h1>
        <OrderStatusTag status={order.status} />
        <span className="text-sm text-muted">{t('placedBy', { name: order.buyerName, time: format.dateTime(new Date(order.createdAt), 'stamp') })}</span>
      </div>
      <OrderNotices order={order} recart={recart} setRecart={setRecart} />
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }} className="mb-4">
        <Descriptions.Item label={t('delivery')}>{`${order.receiver} ${order.phone}`}<br />{`${order.region} ${order.addressDetail}`}</Descriptions.Item>
        <Descriptions.Item label={t('invoice')}>
          {ti(order.invoiceType)}{order.invoiceType !== 'none' && !order.taxIncluded ? ` (${Number(order.taxRate)}%)` : ''}
          {order.invoiceTitle && <><br />{order.invoiceTitle}</>}
          {order.taxNo && <><br />{t('taxNo')}: {order.taxNo}</>}
          {order.invoiceAddress && <><br />{t('invoiceAddress')}: {order.invoiceAddress} {order.invoicePhone}</>}
          {order.invoiceBank && <><br />{t('invoiceBank')}: {order.invoiceBank} {order.invoiceAccount}</>}
        </Descriptions.Item>
        {order.taxIncluded && <Descriptions.Item label={t('deliveryMethod')}>{t(`deliveryOption.${order.deliveryMethod}`)}</Descriptions.Item>}
        <Descriptions.Item label={t('poNumber')}>{order.poNumber || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('costCentre')}>{order.costCentre || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('note')} span={2}>{order.note || '—'}</Descriptions.Item>
      </Descriptions>

      <OrderLinesTable order={order} quantities={draft.quantities} setQuantities={draft.setQuantities} removed={removed} setRemoved={draft.setRemoved} />

      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="order-totals">
        <dt className="text-muted">{t('subtotal')}</dt><dd className="text-right">{money(order.subtotal)}</dd>
        {order.taxIncluded ? (
          <>
            <dt className="text-muted">{t('deliveryFee')}</dt><dd className="text-right">{money(order.deliveryFee)}</dd>
            <dt className="font-semibold">{t('totalTaxIncluded')}</dt><dd className="text-right text-lg font-semibold text-accent" data-testid="order-total">{money(order.total)}</dd>
            <dt className="text-muted">{t('tax', { rate: Number(order.taxRate) })}</dt><dd className="text-right" data-testid="order-tax">{money(order.taxAmount)}</dd>
          </>
        ) : (
          <>
            <dt className="text-muted">{t('taxOnTop', { rate: Number(order.taxRate) })}</dt><dd className="text-right">{money(order.taxAmount)}</dd>
            <dt className="font-semibold">{t('total')}</dt><dd className="text-right text-lg font-semibold text-accent" data-testid="order-total">{money(order.total)}</dd>
          </>
        )}
        {edited && (<><dt className="text-muted">{t('draftSubtotal')}</dt><dd className="text-right font-medium" data-testid="draft-total">{money(draftTotal)}</dd></>)}
      </dl>

      <div className="mt-4 flex flex-wrap justify-end gap-2" role="group" aria-label={t('actions')}>
        {order.status === 'placed' && <ComplaintLinks orderId={order.id} />}
        {order.can.edit && <Button onClick={() => setEditing(true)} disabled={!hydrated}>{t('editRefs')}</Button>}
        {order.can.cancel && (
          <Popconfirm title={t('cancelTitle')} description={t('cancelText')} okText={t('yes')} cancelText={t('no')} onConfirm={cancel}>
            <Button danger disabled={busy || !hydrated} data-testid="order-cancel">{t('cancelOrder')}</Button>
          </Popconfirm>
        )}
        {order.can.recart && (order.status === 'rejected' || order.status === 'cancelled' || order.status === 'placed') && (
          <Button onClick={putBack} disabled={busy || !hydrated} data-testid="order-recart">{order.status === 'rejected' ? t('backToCart') : t('reorder')}</Button>
        )}
        {order.can.approve && (
          <>
            <Button danger onClick={() => setRejecting(true)} disabled={busy || !hydrated} data-testid="order-reject">{t('reject')}</Button>
            <Button type="primary" onClick={() => setApproving(true)} disabled={busy || !hydrated} data-testid="order-approve">{edited ? t('approveEdited') : t('approve')}</Button>
          </>
        )}
        {order.can.place && (
          <Popconfirm title={t('placeTitle')} description={t('placeText', { total: money(order.total) })} okText={t('yes')} cancelText={t('no')} onConfirm={place}>
            <Button type="primary" disabled={busy || !hydrated} data-testid="order-place">{t('place')}</Button>
          </Popconfirm>
        )}
      </div>

      {shipments && <OrderShipments data={shipments} />}

      <h2 className="mt-6 mb-3 text-base font-semibold">{t('timeline')}</h2>
      <OrderTimeline logs={order.logs} />

      <ApproveOrderModal open={approving} busy={busy} edited={edited} onApprove={approve} onClose={() => setApproving(false)} />
      <RejectOrderModal open={rejecting} busy={busy} onReject={reject} onClose={() => setRejecting(false)} />
      <EditRefsModal open={editing} order={order} onClose={() => setEditing(false)} onSave={saveRefs} />
    </div>
  );
}
