'use client';

import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Table, Tag, Timeline } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { OrderDetailDto, OrderItemDto, RecartDto } from '@/contracts/orders';
import { Link, useRouter } from '@/i18n/client-navigation';
import { apiPost } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { ComplaintLinks } from '@/components/account/complaints/complaint-links';
import { useFormSave } from '@/components/ui/use-form-save';
import { OrderStatusTag } from './order-status-tag';

const REASON_MAX = 50;

/**
 * One order: delivery, invoice, lines, totals and the approval timeline, with what the viewer may do:
 * an approver lowers quantities (never above the order's) or removes lines and approves, or rejects with a reason; the buyer
 * confirms (places), cancels, edits the PO number, reorders or puts a rejected order back in the cart.
 */
export function OrderDetailView({ order }: { order: OrderDetailDto }) {
  const t = useTranslations('orderPages');
  const ti = useTranslations('orders.invoice');
  const format = useFormatter();
  const router = useRouter();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // Until the page hydrates a click has no handler: the actions wait for it instead of losing it.
  const hydrated = useHydrated();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [removed, setRemoved] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const [recart, setRecart] = useState<RecartDto | null>(null);
  const money = (v: string | number) => format.number(Number(v), 'money');

  async function run(action: () => Promise<unknown>, done?: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      if (done) void message.success(done);
      router.refresh();
      return true;
    } catch {
      return false; // the API client has shown the error
    } finally {
      setBusy(false);
    }
  }

  const changes = Object.entries(quantities)
    .map(([id, num]) => ({ itemId: Number(id), num }))
    .filter((c) => !removed.includes(c.itemId) && order.items.find((i) => i.id === c.itemId)?.num !== c.num);
  const draftTotal = useMemo(() => {
    const cents = order.items
      .filter((i) => !removed.includes(i.id))
      .reduce((sum, i) => sum + Math.round(Number(i.unitPrice) * 100) * (quantities[i.id] ?? i.num), 0);
    return cents / 100;
  }, [order.items, quantities, removed]);
  const edited = changes.length > 0 || removed.length > 0;

  const approve = () =>
    run(
      () => apiPost('/api/app/order/approve', { id: order.id, decision: 'approve', changes: JSON.stringify(changes), ...(removed.length ? { removeItemIds: removed.join(',') } : {}) }),
      t('approved'),
    ).then((ok) => ok && (setQuantities({}), setRemoved([])));

  const reject = useFormSave(async () => {
    if (reason.trim() === '' || reason.length > REASON_MAX) return;
    if (await run(() => apiPost('/api/app/order/approve', { id: order.id, decision: 'reject', reason: reason.trim() }), t('rejected'))) {
      setRejecting(false);
      setReason('');
    }
  });

  const putBack = () =>
    run(async () => {
      const result = await apiPost<RecartDto>('/api/app/api/order/reorder', { id: order.id });
      setRecart(result);
    });

  const columns: ColumnsType<OrderItemDto> = [
    {
      title: t('product'), key: 'product',
      render: (_v, i) => (
        <div className={removed.includes(i.id) ? 'line-through opacity-50' : ''}>
          <Link href={{ pathname: '/product/detail', query: { id: i.productId } }} className="font-medium text-ink hover:text-brand-600">{i.name}</Link>
          <div className="text-xs text-muted">
            {i.itemNo}{i.cas ? ` · CAS ${i.cas}` : ''}
            {i.hazardous && <Tag color="orange" className="!ml-2">{t('hazardous')}</Tag>}
            {i.controlClass && <Tag color="red" className="!ml-1">{t(`control.${i.controlClass}`)}</Tag>}
          </div>
        </div>
      ),
    },
    { title: t('size'), dataIndex: 'size', key: 'size' },
    { title: t('unitPrice'), dataIndex: 'unitPrice', key: 'unitPrice', align: 'right', render: (v: string) => money(v) },
    {
      title: t('quantity'), key: 'num', align: 'center',
      render: (_v, i) =>
        order.can.approve && !removed.includes(i.id) ? (
          <InputNumber
            min={1}
            max={i.num}
            precision={0}
            size="small"
            value={quantities[i.id] ?? i.num}
            onChange={(v) => setQuantities((q) => ({ ...q, [i.id]: typeof v === 'number' ? v : i.num }))}
            aria-label={t('quantityOf', { name: i.itemNo })}
            data-testid="approve-quantity"
          />
        ) : (
          i.num
        ),
    },
    { title: t('lineTotal'), dataIndex: 'lineTotal', key: 'lineTotal', align: 'right', render: (v: string) => <span className="font-medium">{money(v)}</span> },
    {
      title: t('documents'), key: 'documents', responsive: ['md'],
      render: (_v, i) => {
        const docs = order.documents.filter((d) => d.productId === i.productId);
        if (docs.length === 0) return <span className="text-muted">—</span>;
        return (
          <span className="flex flex-wrap gap-2 text-xs">
            {docs.map((d) => (
              <a key={d.url} href={d.url} className="text-brand-600 hover:underline" title={d.title} data-testid="order-document">
                {d.kind === 'msds' ? t('sds') : d.lotNo ? t('coaLot', { lot: d.lotNo }) : t('coa')}
              </a>
            ))}
          </span>
        );
      },
    },
    ...(order.can.approve && order.items.length > 1
      ? [{
          title: <span className="sr-only">{t('actions')}</span>, key: 'remove',
          render: (_v: unknown, i: OrderItemDto) => (
            <Button
              size="small"
              type="link"
              danger={!removed.includes(i.id)}
              disabled={!removed.includes(i.id) && removed.length >= order.items.length - 1}
              onClick={() => setRemoved((r) => (r.includes(i.id) ? r.filter((x) => x !== i.id) : [...r, i.id]))}
            >
              {removed.includes(i.id) ? t('undoRemove') : t('removeLine')}
            </Button>
          ),
        }]
      : []),
  ];

  return (
    <div data-testid="order-detail" aria-busy={busy}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold" data-testid="order-no">{t('detailTitle', { orderNo: order.orderNo })}</h1>
        <OrderStatusTag status={order.status} />
        <span className="text-sm text-muted">{t('placedBy', { name: order.buyerName, time: format.dateTime(new Date(order.createdAt), 'stamp') })}</span>
      </div>

      {order.status === 'reviewing' && order.matches.length > 0 && (
        <Alert className="!mb-3" type="warning" showIcon title={t('needsApproval')} description={<ul className="list-disc pl-5">{order.matches.map((m) => <li key={m.kind}>{m.text}</li>)}</ul>} />
      )}
      {order.status === 'rejected' && order.rejectReason && (
        <Alert className="!mb-3" type="error" showIcon title={t('rejectedBecause', { reason: order.rejectReason })} />
      )}
      {order.status === 'passed' && order.can.place && <Alert className="!mb-3" type="info" showIcon title={t('confirmHint')} />}
      {order.permitMissing && (
        <Alert
          className="!mb-3"
          type="warning"
          showIcon
          title={t('permitMissing')}
          action={<Link href="/sys/documents?default=5" className="text-sm text-brand-600 hover:underline">{t('uploadPermit')}</Link>}
        />
      )}
      {recart && (
        <Alert
          className="!mb-3"
          type={recart.notes.length ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setRecart(null)}
          title={t('recarted', { count: recart.added })}
          description={recart.notes.length ? <ul className="list-disc pl-5">{recart.notes.map((n) => <li key={`${n.itemNo}-${n.size}`}>{n.text}</li>)}</ul> : undefined}
          action={<Link href="/order/shoppingcart?default=2" className="text-sm text-brand-600 hover:underline">{t('toCart')}</Link>}
          data-testid="recart-result"
        />
      )}

      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }} className="mb-4">
        <Descriptions.Item label={t('delivery')}>{`${order.receiver} ${order.phone}`}<br />{`${order.region} ${order.addressDetail}`}</Descriptions.Item>
        <Descriptions.Item label={t('invoice')}>
          {ti(order.invoiceType)}{order.invoiceType !== 'none' ? ` (${Number(order.taxRate)}%)` : ''}
          {order.invoiceTitle && <><br />{order.invoiceTitle}</>}
          {order.taxNo && <><br />{t('taxNo')}: {order.taxNo}</>}
        </Descriptions.Item>
        <Descriptions.Item label={t('poNumber')}>{order.poNumber || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('costCentre')}>{order.costCentre || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('note')} span={2}>{order.note || '—'}</Descriptions.Item>
      </Descriptions>

      <Table<OrderItemDto> rowKey="id" size="small" columns={columns} dataSource={order.items} pagination={false} scroll={{ x: 'max-content' }} />

      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="order-totals">
        <dt className="text-muted">{t('subtotal')}</dt><dd className="text-right">{money(order.subtotal)}</dd>
        <dt className="text-muted">{t('tax', { rate: Number(order.taxRate) })}</dt><dd className="text-right">{money(order.taxAmount)}</dd>
        <dt className="font-semibold">{t('total')}</dt><dd className="text-right text-lg font-semibold text-accent" data-testid="order-total">{money(order.total)}</dd>
        {edited && (<><dt className="text-muted">{t('draftSubtotal')}</dt><dd className="text-right font-medium" data-testid="draft-total">{money(draftTotal)}</dd></>)}
      </dl>

      <div className="mt-4 flex flex-wrap justify-end gap-2" role="group" aria-label={t('actions')}>
        {order.status === 'placed' && <ComplaintLinks orderId={order.id} />}
        {order.can.edit && <Button onClick={() => setEditing(true)} disabled={!hydrated}>{t('editRefs')}</Button>}
        {order.can.cancel && (
          <Popconfirm title={t('cancelTitle')} description={t('cancelText')} okText={t('yes')} cancelText={t('no')} onConfirm={() => run(() => apiPost('/api/app/api/order/delete', { ids: String(order.id) }), t('cancelled'))}>
            <Button danger disabled={busy || !hydrated} data-testid="order-cancel">{t('cancelOrder')}</Button>
          </Popconfirm>
        )}
        {order.can.recart && (order.status === 'rejected' || order.status === 'cancelled' || order.status === 'placed') && (
          <Button onClick={putBack} disabled={busy || !hydrated} data-testid="order-recart">{order.status === 'rejected' ? t('backToCart') : t('reorder')}</Button>
        )}
        {order.can.approve && (
          <>
            <Button danger onClick={() => setRejecting(true)} disabled={busy || !hydrated} data-testid="order-reject">{t('reject')}</Button>
            <Popconfirm title={edited ? t('approveEditedTitle') : t('approveTitle')} okText={t('yes')} cancelText={t('no')} onConfirm={approve}>
              <Button type="primary" disabled={busy || !hydrated} data-testid="order-approve">{edited ? t('approveEdited') : t('approve')}</Button>
            </Popconfirm>
          </>
        )}
        {order.can.place && (
          <Popconfirm title={t('placeTitle')} description={t('placeText', { total: money(order.total) })} okText={t('yes')} cancelText={t('no')} onConfirm={() => run(() => apiPost('/api/app/api/order/deal', { id: order.id }), t('placed'))}>
            <Button type="primary" disabled={busy || !hydrated} data-testid="order-place">{t('place')}</Button>
          </Popconfirm>
        )}
      </div>

      <h2 className="mt-6 mb-3 text-base font-semibold">{t('timeline')}</h2>
      <Timeline
        data-testid="order-timeline"
        items={order.logs.map((l) => ({
          key: l.id,
          color: l.action === 'reject' || l.action === 'cancel' ? 'red' : l.action === 'approve' || l.action === 'place' ? 'green' : 'blue',
          content: (
            <div data-testid="order-log" data-action={l.action}>
              <div className="font-medium">{t(`log.${l.action}` as 'log.submit')} · {l.actorName}</div>
              <div className="text-xs text-muted">{format.dateTime(new Date(l.createdAt), 'stamp')}</div>
              {l.detail && <div className="text-sm">{l.detail}</div>}
              {l.reason && <div className="text-sm">{t('reason')}: {l.reason}</div>}
            </div>
          ),
        }))}
      />

      <Modal open={rejecting} title={t('rejectTitle')} okText={t('reject')} cancelText={t('no')} okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: busy || reject.saving, id: 'reject-confirm' }} onOk={() => void reject.onFinish()} onCancel={() => setRejecting(false)} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={t('rejectReason')} required help={t('rejectReasonHelp', { max: REASON_MAX })}>
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} showCount autoFocus rows={3} data-testid="reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
      <EditRefsModal open={editing} order={order} onClose={() => setEditing(false)} onSave={(values) => run(() => apiPost('/api/app/sale/update', { id: order.id, ...values }), t('saved')).then((ok) => ok && setEditing(false))} />
    </div>
  );
}

function EditRefsModal({ open, order, onClose, onSave }: { open: boolean; order: OrderDetailDto; onClose: () => void; onSave: (v: { poNumber: string; costCentre: string; note: string }) => Promise<unknown> }) {
  const t = useTranslations('orderPages');
  const [form] = Form.useForm<{ poNumber: string; costCentre: string; note: string }>();
  const { saving, onFinish } = useFormSave(onSave);
  return (
    <Modal open={open} title={t('editRefs')} okText={t('save')} cancelText={t('no')} onOk={() => form.submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ poNumber: order.poNumber, costCentre: order.costCentre, note: order.note }} onFinish={onFinish}>
        <Form.Item name="poNumber" label={t('poNumber')}><Input maxLength={60} /></Form.Item>
        <Form.Item name="costCentre" label={t('costCentre')}><Input maxLength={60} /></Form.Item>
        <Form.Item name="note" label={t('note')}><Input.TextArea maxLength={100} showCount rows={2} /></Form.Item>
      </Form>
    </Modal>
  );
}
