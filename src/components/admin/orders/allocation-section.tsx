'use client';

import { Alert, Button, Card, Empty, Form, Grid, Input, InputNumber, Modal, Select, Skeleton, Table, Tag, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { REASON_MAX, type FulfilmentStatusDto, type OrderAllocationDto } from '@/contracts/orders-allocation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { BackorderNote } from '@/components/ui/backorder-note';

type Line = OrderAllocationDto['lines'][number];
type LotRow = Line['lots'][number];

/** The colour of each fulfilment state's tag. */
export const FULFILMENT_COLOURS: Record<FulfilmentStatusDto, string> = {
  none: 'default', held: 'red', backordered: 'purple', allocated: 'blue', partly_shipped: 'cyan', shipped: 'geekblue', delivered: 'green',
};

/** A placed order's fulfilment state as a tag (nothing before placement). */
export function FulfilmentTag({ state }: { state: FulfilmentStatusDto }) {
  const t = useTranslations('adminAllocation');
  if (state === 'none') return null;
  return <Tag color={FULFILMENT_COLOURS[state]} data-testid="order-fulfilment" data-state={state}>{t(`states.${state}`)}</Tag>;
}

const INVALIDATES = ['/api/admin/orders/{id}/allocation', '/api/admin/orders/{id}', '/api/admin/orders'] as const;

/** A confirmation that asks for the reason of a change (required, at most REASON_MAX characters). */
function ReasonModal({ title, text, okText, danger, busy, onOk, onClose, testId }: {
  title: string; text?: string; okText: string; danger?: boolean; busy: boolean; onOk: (reason: string) => Promise<boolean>; onClose: () => void; testId: string;
}) {
  const t = useTranslations('adminAllocation');
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    if (await onOk(reason.trim())) onClose();
  };
  return (
    <Modal open title={title} okText={okText} cancelText={t('close')} okButtonProps={{ danger, 'data-testid': `${testId}-ok` } as ButtonProps} confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden data-testid={testId}>
      {text && <p className="mb-3 text-sm text-slate-600">{text}</p>}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonPlaceholder') }, { max: REASON_MAX }]}>
          <Input.TextArea autoFocus rows={2} maxLength={REASON_MAX} showCount placeholder={t('reasonPlaceholder')} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Move a line's unshipped units to another free lot of its pack, or back to its backorder, with a reason. */
function ChangeModal({ line, freeLots, busy, onOk, onClose }: {
  line: Line; freeLots: OrderAllocationDto['freeLots']; busy: boolean;
  onOk: (v: { fromLotId: number; toLotId: number | null; quantity: number; reason: string }) => Promise<boolean>; onClose: () => void;
}) {
  const t = useTranslations('adminAllocation');
  const [form] = Form.useForm<{ fromLotId: number; toLotId: number; quantity: number; reason: string }>();
  const movable = line.lots.filter((l) => l.quantity > l.shipped);
  const fromLotId = Form.useWatch('fromLotId', form) ?? movable[0]?.lotId;
  const from = movable.find((l) => l.lotId === fromLotId);
  const targets = freeLots.filter((l) => l.packId === line.packId && l.lotId !== fromLotId);
  const submit = async () => {
    const v = await form.validateFields();
    if (await onOk({ fromLotId: v.fromLotId, toLotId: v.toLotId === 0 ? null : v.toLotId, quantity: v.quantity, reason: v.reason.trim() })) onClose();
  };
  return (
    <Modal open title={t('changeTitle', { item: line.itemNo, size: line.size })} okText={t('confirm')} cancelText={t('close')} confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'allocation-change-ok' } as ButtonProps} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden data-testid="allocation-change">
      <Form form={form} layout="vertical" initialValues={{ fromLotId: movable[0]?.lotId, toLotId: 0, quantity: 1 }}>
        <Form.Item name="fromLotId" label={t('fromLot')} rules={[{ required: true }]}>
          <Select data-testid="allocation-change-from" options={movable.map((l) => ({ value: l.lotId, label: `${l.lotNo} × ${l.quantity - l.shipped}` }))} />
        </Form.Item>
        <Form.Item name="toLotId" label={t('toLot')} rules={[{ required: true }]}>
          <Select data-testid="allocation-change-to" options={[
            { value: 0, label: t('toBackorder') },
            ...targets.map((l) => ({ value: l.lotId, label: `${l.lotNo} · ${t('free', { count: l.quantity })}${l.expiresOn ? ` · ${t('expires')} ${l.expiresOn}` : ''}` })),
          ]} />
        </Form.Item>
        <Form.Item name="quantity" label={t('quantity')} rules={[{ required: true }]}>
          <InputNumber min={1} max={from ? from.quantity - from.shipped : 1} precision={0} style={{ width: 140 }} data-testid="allocation-change-quantity" />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonPlaceholder') }, { max: REASON_MAX }]}>
          <Input.TextArea rows={2} maxLength={REASON_MAX} showCount placeholder={t('reasonPlaceholder')} data-testid="allocation-change-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A line's lots: number, units (shipped of them), expiry; then its backorder with the lead time. */
function LineLots({ line }: { line: Line }) {
  const t = useTranslations('adminAllocation');
  if (line.cancelled) return <Tag data-testid="allocation-line-cancelled">{t('cancelled')}</Tag>;
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      {line.lots.length === 0 && <span className="text-slate-400">{t('noLots')}</span>}
      {line.lots.map((l: LotRow) => (
        <span key={l.allocationId} data-testid="allocation-lot" data-lot={l.lotNo}>
          <span className="font-medium">{l.lotNo}</span> × {l.quantity}
          {l.shipped > 0 && <span className="text-slate-500"> · {t('shipped')} {l.shipped}</span>}
          {(l.expiresOn ?? l.retestOn) && <span className="text-slate-500"> · {l.expiresOn ? t('expires') : t('retest')} {l.expiresOn ?? l.retestOn}</span>}
        </span>
      ))}
      <BackorderNote backorderQty={line.backorderQty} leadTimeDays={line.leadTimeDays} />
    </div>
  );
}

type Dialog = { kind: 'change' | 'cancelLine'; line: Line } | { kind: 'cancelOrder' | 'release' } | null;

/**
 * The order record's allocation (ADR 0074): each line's lots and backorder, the credit hold with finance's
 * release, and the warehouse's actions — change a line's lots, allocate again, cancel a line or the order —
 * each confirmed with a reason. Loads its own data, so it stands beside the rest of the record.
 */
export function AllocationSection({ orderId, orderNo }: { orderId: number; orderNo: string }) {
  const t = useTranslations('adminAllocation');
  const wide = Grid.useBreakpoint().md !== false;
  const path = { params: { path: { id: orderId } } };
  const view = useApiQuery('get', '/api/admin/orders/{id}/allocation', path);
  const [dialog, setDialog] = useState<Dialog>(null);
  const settings = { invalidates: INVALIDATES };
  const again = useApiMutation('post', '/api/admin/orders/{id}/allocate', settings);
  const move = useApiMutation('post', '/api/admin/orders/{id}/allocation/move', { ...settings, success: t('changed') });
  const cancelLine = useApiMutation('post', '/api/admin/orders/{id}/lines/cancel', { ...settings, success: t('lineCancelled') });
  const cancelOrder = useApiMutation('post', '/api/admin/orders/{id}/cancel', { ...settings, success: t('orderCancelled') });
  const release = useApiMutation('post', '/api/admin/orders/{id}/release', settings);
  const [notice, setNotice] = useState('');
  const close = () => setDialog(null);

  if (view.isPending) {
    return <Card size="small" title={t('title')} data-testid="allocation-section"><span className="sr-only">{t('loading')}</span><Skeleton active paragraph={{ rows: 3 }} /></Card>;
  }
  if (view.isError || !view.data) {
    return (
      <Card size="small" title={t('title')} data-testid="allocation-section">
        <Alert type="error" showIcon title={t('loadFailed')} action={<Button size="small" onClick={() => void view.refetch()}>{t('retry')}</Button>} />
      </Card>
    );
  }
  const a = view.data;
  const placed = a.status === 'placed';
  const live = a.status !== 'cancelled' && a.status !== 'rejected';
  const shipped = a.lines.some((l) => l.lots.some((x) => x.shipped > 0));
  const changeable = placed && ['backordered', 'allocated', 'partly_shipped'].includes(a.fulfilment);
  const missing = a.lines.some((l) => !l.cancelled && l.backorderQty > 0);
  const liveLines = a.lines.filter((l) => !l.cancelled).length;

  const allocateAgain = async () => {
    const done = await again.send(path);
    if (done) setNotice(t('allocatedAgain', { count: done.data.allocated }));
  };
  const actions = (line: Line) => a.can.fulfil && !line.cancelled && (
    <div className="flex flex-wrap gap-1">
      {changeable && line.lots.some((l) => l.quantity > l.shipped) && (
        <Button size="small" onClick={() => setDialog({ kind: 'change', line })} aria-label={`${t('change')} ${line.itemNo} ${line.size}`} data-testid="allocation-change-open">{t('change')}</Button>
      )}
      {live && line.lots.every((l) => l.shipped === 0) && (
        <Button size="small" danger onClick={() => setDialog({ kind: 'cancelLine', line })} aria-label={`${t('cancelLine')} ${line.itemNo} ${line.size}`} data-testid="allocation-cancel-line">{t('cancelLine')}</Button>
      )}
    </div>
  );

  const toolbar = (
    <div className="flex flex-wrap items-center gap-2">
      <FulfilmentTag state={a.fulfilment} />
      {a.can.fulfil && changeable && missing && (
        <Button size="small" onClick={() => void allocateAgain()} loading={again.isPending} title={t('allocateAgainHint')} data-testid="allocation-again">{t('allocateAgain')}</Button>
      )}
      {a.can.fulfil && live && !shipped && (
        <Button size="small" danger onClick={() => setDialog({ kind: 'cancelOrder' })} data-testid="allocation-cancel-order">{t('cancelOrder')}</Button>
      )}
    </div>
  );

  const releaseButton = a.can.release
    ? <Button size="small" type="primary" onClick={() => setDialog({ kind: 'release' })} data-testid="allocation-release">{t('release')}</Button>
    : undefined;

  return (
    <Card size="small" title={t('lines')} data-testid="allocation-section" data-fulfilment={a.fulfilment}
      extra={wide ? toolbar : undefined}>
      {!wide && <div className="mb-3">{toolbar}</div>}
      {a.fulfilment === 'held' && (
        // On a phone the release button goes under the text: beside it, it would squeeze the text into a narrow column.
        <Alert className="!mb-3" type="warning" showIcon data-testid="allocation-held"
          title={t('held', { reason: a.holdReason === 'overdue' || a.holdReason === 'credit_limit' ? t(`holdReason.${a.holdReason}`) : a.holdReason })}
          description={wide || !releaseButton ? t('heldText') : <><div>{t('heldText')}</div><div className="mt-2">{releaseButton}</div></>}
          action={wide ? releaseButton : undefined} />
      )}
      {!placed && live && <p className="mb-2 text-sm text-slate-500">{t('notPlaced')}</p>}
      {notice && <Alert className="!mb-3" type="success" showIcon closable onClose={() => setNotice('')} title={notice} data-testid="allocation-notice" />}
      <Table<Line> rowKey="id" size="small" dataSource={a.lines} pagination={false} showHeader={wide}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        rowClassName={(l) => (l.cancelled ? 'opacity-60' : '')}
        onRow={(l) => ({ 'data-testid': `allocation-row-${l.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('lines'), key: 'line', render: (_: unknown, l) => <span><span className="font-medium">{l.itemNo}</span> · {l.name} · {l.size}</span> },
          { title: t('quantity'), dataIndex: 'num', width: 70, align: 'right' },
          { title: t('lot'), key: 'lots', width: 300, render: (_: unknown, l) => <LineLots line={l} /> },
          { title: t('actions'), key: 'actions', width: 190, render: (_: unknown, l) => actions(l) },
        ] : [{
          key: 'all', render: (_: unknown, l) => (
            <div className="space-y-1 text-sm">
              <div className="font-medium">{l.itemNo} · {l.size} × {l.num}</div>
              <div className="text-slate-600">{l.name}</div>
              <LineLots line={l} />
              {actions(l)}
            </div>
          ),
        }]} />
      {dialog?.kind === 'change' && (
        <ChangeModal line={dialog.line} freeLots={a.freeLots} busy={move.isPending} onClose={close}
          onOk={async (v) => (await move.send({ ...path, body: { itemId: dialog.line.id, ...v } })) !== null} />
      )}
      {dialog?.kind === 'cancelLine' && (
        <ReasonModal testId="allocation-cancel-line-dialog" danger busy={cancelLine.isPending} onClose={close} okText={t('cancelLine')}
          title={t('cancelLineTitle', { item: dialog.line.itemNo, size: dialog.line.size, num: dialog.line.num })}
          text={liveLines === 1 ? `${t('cancelLineText')} ${t('cancelOrderText')}` : t('cancelLineText')}
          onOk={async (reason) => (await cancelLine.send({ ...path, body: { itemId: dialog.line.id, reason } })) !== null} />
      )}
      {dialog?.kind === 'cancelOrder' && (
        <ReasonModal testId="allocation-cancel-order-dialog" danger busy={cancelOrder.isPending} onClose={close} okText={t('cancelOrder')}
          title={t('cancelOrderTitle', { orderNo })} text={t('cancelOrderText')}
          onOk={async (reason) => (await cancelOrder.send({ ...path, body: { reason } })) !== null} />
      )}
      {dialog?.kind === 'release' && (
        <ReasonModal testId="allocation-release-dialog" busy={release.isPending} onClose={close} okText={t('release')} title={t('releaseTitle')}
          onOk={async (reason) => {
            const done = await release.send({ ...path, body: { reason } });
            if (done) setNotice(t('released', { count: done.data.allocated }));
            return done !== null;
          }} />
      )}
    </Card>
  );
}
