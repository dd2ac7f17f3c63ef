'use client';

import { Alert, Button, Descriptions, Empty, Grid, Skeleton, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AGEING_BUCKETS, type ReceivableInvoiceDto, type ReceivableRowDto } from '@/contracts/receivables';
import { Link } from '@/i18n/navigation';
import { usePermits } from '@/components/ui/permitted';
import { useApiQuery } from '@/lib/api/query';
import { money } from '../common/keyset-list';
import { InvoicePayments } from './invoice-payments';

/** How far past its due day an invoice is: a tag, red past 30 days. */
export function InvoiceAge({ invoice }: { invoice: Pick<ReceivableInvoiceDto, 'dueOn' | 'daysOverdue'> }) {
  const t = useTranslations('adminReceivables');
  if (invoice.dueOn === null) return <Tag>{t('noDueDay')}</Tag>;
  if (invoice.daysOverdue <= 0) return <Tag color="green">{t('notDue')}</Tag>;
  return <Tag color={invoice.daysOverdue > 30 ? 'red' : 'orange'}>{t('daysOverdue', { days: invoice.daysOverdue })}</Tag>;
}

/** A customer's ageing in figures: open and overdue, each bucket, its credit terms and held orders. */
export function AgeingSummary({ row }: { row: ReceivableRowDto }) {
  const t = useTranslations('adminReceivables');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="receivables-summary" items={[
      { key: 'open', label: t('summary'), children: <strong data-testid="summary-open">¥{money(row.openAmount)}</strong> },
      { key: 'overdue', label: t('overdueSummary'), children: <span data-testid="summary-overdue">¥{money(row.overdueAmount)}</span> },
      { key: 'credit', label: t('creditTerms'), children: t('credit', { days: row.creditDays, limit: money(row.creditLimit) }) },
      { key: 'held', label: t('col.heldOrders'), children: row.heldOrders },
      ...AGEING_BUCKETS.map((b) => ({ key: b, label: t(`bucket.${b}`), children: `¥${money(row.buckets[b])}` })),
    ]} />
  );
}

/**
 * A customer's open invoices (the oldest due first), each with its age; with INVOICE.ISSUE a button opens its
 * payments to record or reverse one. `summary` adds the customer's ageing figures above (the CRM record's tab).
 */
export function CustomerReceivables({ companyId, summary = false }: { companyId: number; summary?: boolean }) {
  const t = useTranslations('adminReceivables');
  const wide = Grid.useBreakpoint().md !== false;
  const finance = usePermits({ permissions: ['INVOICE.ISSUE'] });
  const { data, error } = useApiQuery('get', '/api/admin/receivables/customers/{id}', { params: { path: { id: companyId } } });
  const [open, setOpen] = useState<ReceivableInvoiceDto | null>(null);
  if (error) return <Alert type="error" title={error.message} />;
  if (!data) return <Skeleton active />;
  const payButton = (i: ReceivableInvoiceDto) => finance && (
    <Button size="small" onClick={() => setOpen(i)} aria-label={`${t('payments')} ${i.invoiceNo}`} data-testid="invoice-payments-open">{t('payments')}</Button>
  );
  return (
    <div className="space-y-3" data-testid="customer-receivables">
      {summary && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="my-0 text-xs text-slate-500">{t('customerIntro')}</p>
            {finance && <Link href={`/admin/orders/receivables?key=${encodeURIComponent(data.summary.companyName)}`} data-testid="customer-receivables-link">{t('allReceivables')}</Link>}
          </div>
          <AgeingSummary row={data.summary} />
        </>
      )}
      <Table<ReceivableInvoiceDto> rowKey="id" size="small" pagination={false} dataSource={data.invoices} showHeader={wide} scroll={wide ? { x: 820 } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noInvoices')} /> }}
        onRow={(i) => ({ 'data-testid': `receivable-invoice-${i.invoiceNo}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('inv.invoiceNo'), dataIndex: 'invoiceNo', width: 200 },
          { title: t('inv.orderNo'), dataIndex: 'orderNo', width: 180, render: (v: string, i) => <Link href={`/admin/orders/list?id=${i.orderId}`}>{v}</Link> },
          { title: t('inv.issuedOn'), dataIndex: 'issuedOn', width: 110 },
          { title: t('inv.dueOn'), dataIndex: 'dueOn', width: 110, render: (v: string | null) => v ?? '—' },
          { title: t('inv.amount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => `¥${money(v)}` },
          { title: t('inv.unpaid'), dataIndex: 'unpaid', width: 110, align: 'right', render: (v: string) => <span data-testid="invoice-row-unpaid">¥{money(v)}</span> },
          { title: t('inv.age'), key: 'age', width: 130, render: (_: unknown, i) => <InvoiceAge invoice={i} /> },
          ...(finance ? [{ title: t('col.actions'), key: 'actions', width: 90, render: (_: unknown, i: ReceivableInvoiceDto) => payButton(i) }] : []),
        ] : [{
          key: 'all', render: (_: unknown, i) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1"><InvoiceAge invoice={i} /><span className="text-xs text-slate-500">{i.invoiceNo}</span></div>
              <div className="text-sm text-slate-600">{i.orderNo} · {t('inv.dueOn')} {i.dueOn ?? '—'}</div>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span>{t('unpaidNow', { unpaid: money(i.unpaid) })}</span>
                {payButton(i)}
              </div>
            </div>
          ),
        }]}
      />
      {data.invoices.length < data.summary.openInvoices && <p className="my-0 text-xs text-slate-500">{t('invoicesCapped', { count: data.invoices.length })}</p>}
      {finance && <InvoicePayments invoice={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
