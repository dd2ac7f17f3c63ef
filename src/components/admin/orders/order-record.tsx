'use client';

import { Card, Descriptions, Empty, Grid, Table, Tag, Timeline } from 'antd';
import { useTranslations } from 'next-intl';
import type { OrderDeskDetailDto, OrderDeskItemDto as OrderItemDto } from '@/contracts/orders-admin';
import { Link } from '@/i18n/navigation';
import { useApiQuery } from '@/lib/api/query';
import { usePermits } from '@/components/ui/permitted';
import { BackorderNote } from '@/components/ui/backorder-note';
import { ChangeList, useAuditLabels } from '../common/change-list';
import { money } from '../common/keyset-list';
import { RecordPage, useWhen } from '../common/record-page';
import { AllocationSection, FulfilmentTag } from './allocation-section';
import { InvoicesSection } from './invoices-section';
import { OrderFlags, OrderStatusTag } from './order-parts';
import { ShipmentsSection } from './shipments-section';

const yuan = (v: string) => `¥${money(v)}`;
const LOG_ACTIONS = [
  'submit', 'approve', 'reject', 'cancel', 'place', 'change', 'remove', 'edit', 'fulfil', 'hold', 'release', 'void', 'allocationMove', 'allocationRelease', 'cancelLine', 'invoice',
] as const;
const COMPLAINT_STATES = ['reviewing', 'approving', 'passed', 'rejected', 'resolved', 'withdrawn'] as const;
const COMPLAINT_CATEGORIES = ['quality', 'damaged', 'wrong_item', 'shortage', 'expiry', 'documents', 'delivery', 'other'] as const;
const known = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** The buyer, the company and the order's references. */
function OrderFacts({ order: o, wide }: { order: OrderDeskDetailDto; wide: boolean }) {
  const t = useTranslations('adminOrders');
  const when = useWhen();
  const crm = usePermits({ permissions: ['CUSTOMER.VIEW'] });
  return (
    <Descriptions size="small" bordered column={wide ? 2 : 1} data-testid="order-facts" items={[
      { key: 'customer', label: t('col.customer'), children: crm ? <Link href={`/admin/customers?id=${o.companyId}`}>{o.companyName}</Link> : o.companyName },
      { key: 'owner', label: t('col.owner'), children: o.ownerName || '—' },
      { key: 'buyer', label: t('col.buyer'), children: <span data-testid="order-buyer">{o.buyerName} <span className="text-slate-500">({o.buyerLogin})</span></span> },
      { key: 'contact', label: t('buyerContact'), children: [o.buyerPhone, o.buyerEmail].filter(Boolean).join(' · ') || '—' },
      { key: 'taxNo', label: t('companyTaxNo'), children: o.companyTaxNo || '—' },
      { key: 'created', label: t('col.createdAt'), children: when(o.createdAt) },
      ...(o.decidedAt ? [{ key: 'decided', label: t('decidedAt'), children: when(o.decidedAt) }] : []),
      ...(o.placedAt ? [{ key: 'placed', label: t('placedAt'), children: when(o.placedAt) }] : []),
      { key: 'po', label: t('poNumber'), children: o.poNumber || '—' },
      { key: 'cost', label: t('costCentre'), children: o.costCentre || '—' },
      ...(o.note ? [{ key: 'note', label: t('note'), span: wide ? 2 : 1, children: o.note }] : []),
      ...(o.rejectReason ? [{ key: 'reject', label: t('rejectReason'), span: wide ? 2 : 1, children: o.rejectReason }] : []),
    ]} />
  );
}

/** The lines with their allocated lot and that lot's COA, and the backorder a line recorded at submission. */
function OrderLines({ items, wide }: { items: OrderItemDto[]; wide: boolean }) {
  const t = useTranslations('adminOrders');
  const tp = useTranslations('orderPages');
  const lot = (r: OrderItemDto) => (
    <span className="flex flex-col">
      {r.lotNo
        ? <span data-testid="order-line-lot">{r.lotNo}{r.coaUrl && <> · <a href={r.coaUrl} target="_blank" rel="noreferrer" data-testid="order-line-coa">COA</a></>}</span>
        : r.backorderQty === 0 && <span className="text-slate-400">—</span>}
      <BackorderNote backorderQty={r.backorderQty} leadTimeDays={r.leadTimeDays} />
    </span>
  );
  // What priced an agreement-priced line (ADR 0083, 0092): the catalogue price then, the rule's kind, the agreement.
  const price = (r: OrderItemDto) => (
    <span className="flex flex-col items-end">
      <span>{yuan(r.unitPrice)}</span>
      {r.priceKind && (
        <span className="flex flex-col items-end text-xs text-slate-500" data-testid="order-line-pricing">
          {r.listPrice && <s data-testid="order-line-list-price">{t('listPriceShort', { price: yuan(r.listPrice) })}</s>}
          <span>{t(`priceKind.${r.priceKind}`)}</span>
          {r.agreement && (r.agreement.linked
            ? <Link href={`/admin/price-agreements?id=${r.agreement.id}`} title={t('pricedBy')} data-testid="order-line-agreement">{r.agreement.agreementNo} {r.agreement.name}</Link>
            : <span title={t('pricedBy')} data-testid="order-line-agreement">{r.agreement.agreementNo} {r.agreement.name}</span>)}
        </span>
      )}
    </span>
  );
  const name = (r: OrderItemDto) => (
    <span>
      {r.name}
      {r.hazardous && <Tag color="volcano" className="ml-1">{t('flag.hazardous')}</Tag>}
      {r.controlClass && <Tag color="red" className="ml-1">{tp(`control.${r.controlClass}`)}</Tag>}
      {r.cancelled && <Tag className="ml-1" data-testid="order-line-cancelled">{tp('lineCancelled')}</Tag>}
    </span>
  );
  return (
    <Card size="small" title={t('lines')}>
      <Table<OrderItemDto> rowKey="id" size="small" dataSource={items} pagination={false} showHeader={wide} scroll={wide ? { x: 970 } : undefined}
        onRow={(r) => ({ 'data-testid': `order-line-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('itemNo'), dataIndex: 'itemNo', width: 110 },
          { title: 'CAS', dataIndex: 'cas', width: 110, render: (v: string | null) => v ?? '—' },
          { title: t('product'), key: 'name', render: (_: unknown, r) => name(r) },
          { title: t('size'), dataIndex: 'size', width: 90 },
          { title: t('unitPrice'), key: 'unitPrice', width: 170, align: 'right', render: (_: unknown, r) => price(r) },
          { title: t('quantity'), dataIndex: 'num', width: 70, align: 'right' },
          { title: t('lineTotal'), dataIndex: 'lineTotal', width: 110, align: 'right', render: yuan },
          { title: t('lot'), key: 'lot', width: 170, render: (_: unknown, r) => lot(r) },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1 text-sm">
              <div className="font-medium">{name(r)}</div>
              <div className="text-slate-600">{r.itemNo}{r.cas ? ` · CAS ${r.cas}` : ''} · {r.size}</div>
              <div className="flex justify-between"><span>{yuan(r.unitPrice)} × {r.num}</span><span>{yuan(r.lineTotal)}</span></div>
              {r.priceKind && <div className="flex justify-end">{price(r)}</div>}
              <div>{t('lot')}: {lot(r)}</div>
            </div>
          ),
        }]} />
    </Card>
  );
}

/** Goods, delivery, the tax and the total (ADR 0065: the total includes the tax). */
function OrderTotals({ order: o }: { order: OrderDeskDetailDto }) {
  const t = useTranslations('adminOrders');
  const rate = String(Number(o.taxRate));
  return (
    <Card size="small" title={t('totals')}>
      <Descriptions size="small" column={1} items={[
        { key: 'subtotal', label: t('subtotal'), children: yuan(o.subtotal) },
        { key: 'delivery', label: t('deliveryFeeOf', { method: t(`delivery.${o.deliveryMethod}`) }), children: yuan(o.deliveryFee) },
        { key: 'tax', label: o.taxIncluded ? t('taxIncluded', { rate }) : t('taxAdded', { rate }), children: yuan(o.taxAmount) },
        { key: 'total', label: t('col.total'), children: <strong data-testid="order-total">{yuan(o.total)}</strong> },
      ]} />
    </Card>
  );
}

/** Where it goes and how the invoice is made out. */
function DeliveryAndInvoice({ order: o }: { order: OrderDeskDetailDto }) {
  const t = useTranslations('adminOrders');
  const i = o.invoice;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card size="small" title={t('delivery.title')}>
        <Descriptions size="small" column={1} items={[
          { key: 'method', label: t('deliveryMethod'), children: t(`delivery.${o.deliveryMethod}`) },
          { key: 'receiver', label: t('receiver'), children: `${o.receiver} · ${o.phone}` },
          { key: 'address', label: t('address'), children: `${o.region} ${o.addressDetail}`.trim() || '—' },
        ]} />
      </Card>
      <Card size="small" title={t('invoice.title')} data-testid="order-invoice">
        <Descriptions size="small" column={1} items={[
          { key: 'type', label: t('invoice.type'), children: t(`invoice.types.${i.type}`) },
          ...(i.type === 'none' ? [] : [
            { key: 'title', label: t('invoice.invoiceTitle'), children: i.title || '—' },
            { key: 'taxNo', label: t('invoice.taxNo'), children: i.taxNo || '—' },
            ...(i.buyerKind ? [{ key: 'kind', label: t('invoice.buyerKind'), children: t(`invoice.buyerKinds.${i.buyerKind}`) }] : []),
            ...(i.address || i.phone ? [{ key: 'addr', label: t('invoice.addressPhone'), children: `${i.address} ${i.phone}`.trim() }] : []),
            ...(i.bank || i.account ? [{ key: 'bank', label: t('invoice.bankAccount'), children: `${i.bank} ${i.account}`.trim() }] : []),
          ]),
        ]} />
      </Card>
    </div>
  );
}

/** The buyer company's approval: why it was needed, and each step. */
function ApprovalLog({ order: o }: { order: OrderDeskDetailDto }) {
  const t = useTranslations('adminOrders');
  const tp = useTranslations('orderPages');
  const when = useWhen();
  return (
    <Card size="small" title={t('approvalLog')}>
      {o.matches.length > 0 && <ul className="mb-3 mt-0 pl-5 text-sm">{o.matches.map((m) => <li key={m.kind}>{m.text}</li>)}</ul>}
      {o.approvalLog.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noApprovalLog')} /> : (
        <Timeline data-testid="order-approval-log" items={o.approvalLog.map((l) => ({
          key: l.id,
          content: (
            <div className="text-sm">
              <div><span className="font-medium">{l.actorName}</span> · {known(LOG_ACTIONS, l.action) ? tp(`log.${l.action}`) : l.action}</div>
              <div className="text-xs text-slate-500">{when(l.createdAt)}</div>
              {l.detail && <div className="text-xs text-slate-700">{l.detail}</div>}
              {l.reason && <div className="text-xs text-slate-700">{tp('reason')}: {l.reason}</div>}
            </div>
          ),
        }))} />
      )}
    </Card>
  );
}

/** The complaints of the order, each linked to its record for a member who handles complaints. */
function OrderComplaints({ order: o }: { order: OrderDeskDetailDto }) {
  const t = useTranslations('adminOrders');
  const tk = useTranslations('adminComplaints');
  const tcat = useTranslations('complaintCategories');
  const handles = usePermits({ permissions: ['COMPLAINT.EDIT'] });
  return (
    <Card size="small" title={t('complaints')} data-testid="order-complaints">
      {o.complaints.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noComplaints')} /> : (
        <ul className="m-0 list-none space-y-2 p-0 text-sm">
          {o.complaints.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-2">
              {handles ? <Link href={`/admin/complaints?id=${k.id}`}>{k.complaintNo}</Link> : <span>{k.complaintNo}</span>}
              <Tag>{known(COMPLAINT_STATES, k.status) ? tk(`status.${k.status}`) : k.status}</Tag>
              <span>{known(COMPLAINT_CATEGORIES, k.category) ? tcat(k.category) : k.category}</span>
              <span className="text-slate-600">{t('refund', { applied: yuan(k.appliedRefund), approved: k.approvedRefund ? yuan(k.approvedRefund) : '—' })}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The order's history in the audit log: its own changes and those of its quotation and complaints. */
function OrderHistory({ order: o }: { order: OrderDeskDetailDto }) {
  const t = useTranslations('adminOrders');
  const labels = useAuditLabels();
  const when = useWhen();
  return (
    <Card size="small" title={t('history')}>
      {o.history.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} /> : (
        <Timeline data-testid="order-history" items={o.history.map((e) => ({
          key: e.id,
          content: (
            <div className="text-sm">
              <div><span className="font-medium">{e.actorName}</span> · {labels.entity(e.entity)} · {labels.action(e.action)}</div>
              <div className="text-xs text-slate-500">{when(e.createdAt)}</div>
              <ChangeList changes={e.changes} note={e.note} />
            </div>
          ),
        }))} />
      )}
    </Card>
  );
}

/**
 * An order's record page (`/orders/list?id=`), read only: the buyer and company, the lines with their
 * lots and COAs, the totals with the tax included, delivery and invoice, the buyer company's approval,
 * the order's complaints and its history.
 */
export function OrderRecord({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations('adminOrders');
  const wide = Grid.useBreakpoint().md !== false;
  const detail = useApiQuery('get', '/api/admin/orders/{id}', { params: { path: { id } } });
  return (
    <RecordPage name="order" backLabel={t('back')} onBack={onBack} record={detail.data} error={detail.error}
      title={(o) => t('recordTitle', { no: o.orderNo })}
      tag={(o) => <><OrderStatusTag status={o.status} /><FulfilmentTag state={o.fulfilment} /><OrderFlags hazardous={o.hazardous} backorder={o.backorder} /></>}>
      {(o) => (
        <div className="flex flex-col gap-4">
          <OrderFacts order={o} wide={wide} />
          <OrderLines items={o.items} wide={wide} />
          <AllocationSection orderId={o.id} orderNo={o.orderNo} />
          {o.status === 'placed' && <ShipmentsSection orderId={o.id} />}
          <div className="grid gap-4 md:grid-cols-2">
            <OrderTotals order={o} />
            <ApprovalLog order={o} />
          </div>
          <DeliveryAndInvoice order={o} />
          <InvoicesSection orderId={o.id} />
          <div className="grid gap-4 md:grid-cols-2">
            <OrderComplaints order={o} />
            <OrderHistory order={o} />
          </div>
        </div>
      )}
    </RecordPage>
  );
}
