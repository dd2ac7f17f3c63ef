'use client';

import { Button, Empty, Grid, Select, Space, Table, Tag } from 'antd';
import { SearchField } from '@/components/ui/search-field';
import { useFormatter, useTranslations } from 'next-intl';
import { ISSUED_INVOICE_TYPES, TO_INVOICE_COUNT_CAP, TO_INVOICE_FULFILMENTS, TO_INVOICE_SORTS, type ToInvoiceRowDto } from '@/contracts/invoices';
import { useTableState } from '@/components/data/query-state';
import { Link } from '@/i18n/navigation';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { oneOf } from '../common/view-filters';

const DEFAULTS = { key: '', fulfilment: '', invoiceType: '', sort: '-createdAt' };

/**
 * `/orders/to-invoice` (INVOICE.ISSUE, ADR 0074): orders shipped or delivered whose buyer asked for an
 * invoice and which have none yet — search, filters, sort, keyset pages, an Excel export; each row opens
 * the order's record, where the invoice is recorded.
 */
export function ToInvoiceView() {
  const t = useTranslations('adminInvoices');
  const tc = useTranslations('adminCommon');
  const format = useFormatter();
  const wide = Grid.useBreakpoint().md !== false;
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const filters = {
    key: query.key || undefined, fulfilment: oneOf(TO_INVOICE_FULFILMENTS, query.fulfilment), invoiceType: oneOf(ISSUED_INVOICE_TYPES, query.invoiceType),
    sort: oneOf(TO_INVOICE_SORTS, query.sort),
  };
  const list = useKeysetQuery('/api/admin/invoices/pending', { ...filters, limit: 20 });
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('toInvoice.empty')} />);
  const exportHref = `/api/admin/invoices/pending/export${toQuery({ key: query.key, fulfilment: query.fulfilment, invoiceType: query.invoiceType, sort: query.sort })}`;
  const when = (v: string | null) => (v ? format.dateTime(new Date(v), { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const orderLink = (r: ToInvoiceRowDto) => (
    <Link href={`/admin/orders/list?id=${r.id}`} aria-label={t('toInvoice.open', { no: r.orderNo })} data-testid="to-invoice-open">{r.orderNo}</Link>
  );
  const stage = (r: ToInvoiceRowDto) => <Tag color={r.fulfilment === 'delivered' ? 'green' : 'blue'}>{t(`fulfilment.${r.fulfilment}`)}</Tag>;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="to-invoice-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('toInvoice.title')}</h1>
        <Button href={exportHref} data-testid="to-invoice-export">{t('toInvoice.export')}</Button>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('toInvoice.intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('toInvoice.search')} aria-label={t('toInvoice.search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 260, maxWidth: '100%' }} data-testid="to-invoice-search" />
        <Select aria-label={t('col.fulfilment')} value={query.fulfilment} style={{ width: 150 }} onChange={(fulfilment) => setQuery({ fulfilment })} data-testid="to-invoice-fulfilment"
          options={[{ value: '', label: t('toInvoice.fulfilmentAny') }, ...TO_INVOICE_FULFILMENTS.map((f) => ({ value: f, label: t(`fulfilment.${f}`) }))]} />
        <Select aria-label={t('col.invoiceType')} value={query.invoiceType} style={{ width: 150 }} onChange={(invoiceType) => setQuery({ invoiceType })} data-testid="to-invoice-type"
          options={[{ value: '', label: t('toInvoice.typeAny') }, ...ISSUED_INVOICE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))]} />
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 160 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: t('toInvoice.newest') }, { value: 'createdAt', label: t('toInvoice.oldest') }, { value: '-amount', label: t('toInvoice.amountHigh') }, { value: 'amount', label: t('toInvoice.amountLow') }]} />
      </Space>
      <Table<ToInvoiceRowDto>
        rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1100 } : undefined} showHeader={wide}
        onRow={(r) => ({ 'data-testid': `to-invoice-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('col.orderNo'), key: 'orderNo', width: 190, render: (_: unknown, r) => orderLink(r) },
          { title: t('col.customer'), dataIndex: 'companyName', ellipsis: true },
          { title: t('col.invoiceType'), dataIndex: 'invoiceType', width: 110, render: (v: ToInvoiceRowDto['invoiceType']) => t(`types.${v}`) },
          { title: t('col.invoiceTitle'), dataIndex: 'invoiceTitle', ellipsis: true, render: (v: string, r) => <span>{v || '—'}{r.taxNo && <span className="block text-xs text-slate-500">{r.taxNo}</span>}</span> },
          { title: t('col.total'), dataIndex: 'total', width: 120, align: 'right', render: (v: string) => `¥${money(v)}` },
          { title: t('col.fulfilment'), key: 'fulfilment', width: 100, render: (_: unknown, r) => stage(r) },
          { title: t('col.shippedAt'), dataIndex: 'shippedAt', width: 160, render: when },
          { title: t('col.deliveredAt'), dataIndex: 'deliveredAt', width: 160, render: when },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1">{stage(r)}<Tag>{t(`types.${r.invoiceType}`)}</Tag>{orderLink(r)}</div>
              <div className="font-medium">{r.companyName}</div>
              <div className="text-sm text-slate-600">{r.invoiceTitle}{r.taxNo ? ` · ${r.taxNo}` : ''}</div>
              <div className="flex items-center justify-between gap-2 text-sm"><span>¥{money(r.total)}</span><span className="text-slate-500">{when(r.deliveredAt ?? r.shippedAt)}</span></div>
            </div>
          ),
        }]}
      />
      <KeysetPager list={list} testId="to-invoice" texts={{
        total: (list.page?.total ?? 0) > TO_INVOICE_COUNT_CAP ? t('toInvoice.totalMore', { cap: TO_INVOICE_COUNT_CAP }) : tc('total', { total: list.page?.total ?? 0 }),
        first: tc('firstPage'), previous: tc('previousPage'), next: tc('nextPage'),
      }} />
    </section>
  );
}
