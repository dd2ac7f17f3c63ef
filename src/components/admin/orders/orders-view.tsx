'use client';

import { Button, DatePicker, Empty, Grid, Select, Space, Table } from 'antd';
import { SearchField } from '@/components/ui/search-field';
import dayjs from 'dayjs';
import { useFormatter, useTranslations } from 'next-intl';
import { ORDER_INVOICE_STATUSES } from '@/contracts/invoices';
import { ORDER_STATUSES } from '@/contracts/orders';
import { ORDER_DESK_COUNT_CAP, ORDER_DESK_SORTS, type OrderDeskRowDto } from '@/contracts/orders-admin';
import { FULFILMENT_STATUSES } from '@/contracts/orders-allocation';
import { useTableState } from '@/components/data/query-state';
import { usePermits } from '@/components/ui/permitted';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { useCustomerOptions } from '../common/customer-options';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { oneOf } from '../common/view-filters';
import { OrderFlags, OrderStatusTag } from './order-parts';
import { OrderRecord } from './order-record';
import { FulfilmentTag } from './allocation-section';

const DEFAULTS = { id: '', key: '', status: '', fulfilment: '', invoiceStatus: '', companyId: '', from: '', to: '', hazardous: '', backorder: '', sort: '-createdAt' };
const KEPT = ['key', 'status', 'fulfilment', 'invoiceStatus', 'companyId', 'from', 'to', 'hazardous', 'backorder', 'sort'] as const;
const FLAGS = ['0', '1'] as const;

/**
 * `/orders/list` (ORDER.VIEW, ADR 0071): the customers' orders the member may see — search by order
 * number, customer, item number or CAS, filters, sort, keyset pages, an Excel export; `?id=` opens a record.
 */
export function OrdersView() {
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const id = Number(query.id);
  if (query.id && Number.isInteger(id) && id > 0) return <OrderRecord id={id} onBack={() => setQuery({ id: '' })} />;
  return <OrderList query={query} setQuery={setQuery} />;
}

type Query = typeof DEFAULTS;

/** The customer filter: customers to pick for a member who reads the CRM; the chosen one by the list's name otherwise. */
function CustomerFilter({ query, setQuery, shownName }: { query: Query; setQuery: (patch: Partial<Query>) => void; shownName: string | undefined }) {
  const t = useTranslations('adminOrders');
  const crm = usePermits({ permissions: ['CUSTOMER.VIEW'] });
  const { options, search } = useCustomerOptions();
  const chosen = Number(query.companyId) || undefined;
  if (!crm && !chosen) return null;
  const shown = chosen && !options.some((o) => o.value === chosen) ? [{ value: chosen, label: shownName ?? `#${chosen}` }, ...options] : options;
  return (
    <Select allowClear showSearch filterOption={false} aria-label={t('customerFilter')} placeholder={t('customerFilter')} style={{ width: 220, maxWidth: '100%' }}
      value={chosen} options={shown} onSearch={crm ? search : undefined} onFocus={crm ? () => search('') : undefined} data-testid="orders-customer"
      onChange={(v?: number) => setQuery({ companyId: v ? String(v) : '' })} />
  );
}

function OrderList({ query, setQuery }: { query: Query; setQuery: (patch: Partial<Query>) => void }) {
  const t = useTranslations('adminOrders');
  const tc = useTranslations('adminCommon');
  const ta = useTranslations('adminAllocation');
  const ti = useTranslations('adminInvoices');
  const format = useFormatter();
  const wide = Grid.useBreakpoint().md !== false;
  const filters = {
    key: query.key || undefined, status: oneOf(ORDER_STATUSES, query.status), fulfilment: oneOf(FULFILMENT_STATUSES, query.fulfilment), invoiceStatus: oneOf(ORDER_INVOICE_STATUSES, query.invoiceStatus), companyId: Number(query.companyId) || undefined,
    from: query.from || undefined, to: query.to || undefined, hazardous: oneOf(FLAGS, query.hazardous), backorder: oneOf(FLAGS, query.backorder),
    sort: oneOf(ORDER_DESK_SORTS, query.sort),
  };
  const list = useKeysetQuery('/api/admin/orders', { ...filters, limit: 20 });
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const open = (r: OrderDeskRowDto) => setQuery({ id: String(r.id) });
  const exportHref = `/api/admin/orders/export${toQuery({ key: query.key, status: query.status, fulfilment: query.fulfilment, invoiceStatus: query.invoiceStatus, companyId: query.companyId, from: query.from, to: query.to, hazardous: query.hazardous, backorder: query.backorder, sort: query.sort })}`;
  const when = (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium', timeStyle: 'short' });
  const flagOptions = (name: 'hazardous' | 'backorder') => [{ value: '', label: t(`${name}Any`) }, { value: '1', label: t(`${name}Yes`) }, { value: '0', label: t(`${name}No`) }];

  return (
    <section className="rounded-lg bg-white p-4" data-testid="orders-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Button href={exportHref} data-testid="orders-export">{tc('export')}</Button>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 300, maxWidth: '100%' }} data-testid="orders-search" />
        <Select aria-label={tc('statusFilter')} value={query.status} style={{ width: 130 }} onChange={(status) => setQuery({ status })} data-testid="orders-status"
          options={[{ value: '', label: tc('allStatuses') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
        <Select aria-label={ta('fulfilmentFilter')} value={query.fulfilment} style={{ width: 140 }} onChange={(fulfilment) => setQuery({ fulfilment })} data-testid="orders-fulfilment"
          options={[{ value: '', label: ta('fulfilmentAny') }, ...FULFILMENT_STATUSES.filter((s) => s !== 'none').map((s) => ({ value: s, label: ta(`states.${s}`) }))]} />
        <Select aria-label={ti('statusFilter')} value={query.invoiceStatus} style={{ width: 150 }} onChange={(invoiceStatus) => setQuery({ invoiceStatus })} data-testid="orders-invoice-status"
          options={[{ value: '', label: ti('statusAny') }, ...ORDER_INVOICE_STATUSES.map((s) => ({ value: s, label: ti(`status.${s}`) }))]} />
        <CustomerFilter query={query} setQuery={setQuery} shownName={list.page?.items[0]?.companyName} />
        <DatePicker.RangePicker aria-label={t('days')} placeholder={[t('from'), t('to')]} data-testid="orders-days"
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) => setQuery({ from: range?.[0]?.format('YYYY-MM-DD') ?? '', to: range?.[1]?.format('YYYY-MM-DD') ?? '' })} />
        <Select aria-label={t('hazardousFilter')} value={query.hazardous} style={{ width: 140 }} onChange={(hazardous) => setQuery({ hazardous })}
          options={flagOptions('hazardous')} data-testid="orders-hazardous" />
        <Select aria-label={t('backorderFilter')} value={query.backorder} style={{ width: 150 }} onChange={(backorder) => setQuery({ backorder })}
          options={flagOptions('backorder')} data-testid="orders-backorder" />
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 150 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: '-amount', label: t('amountHigh') }, { value: 'amount', label: t('amountLow') }]} />
        <SavedViewsBar listKey="orders" current={viewQuery(query, DEFAULTS, KEPT)} onApply={(q) => setQuery({ ...DEFAULTS, ...q })} />
      </Space>
      <Table<OrderDeskRowDto>
        rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1260 } : undefined} showHeader={wide}
        onRow={(r) => ({ 'data-testid': `order-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('col.orderNo'), dataIndex: 'orderNo', width: 190, render: (v: string, r) => <Button type="link" className="p-0" onClick={() => open(r)} data-testid="order-open">{v}</Button> },
          { title: t('col.customer'), dataIndex: 'companyName', ellipsis: true },
          { title: t('col.buyer'), dataIndex: 'buyerName', width: 100, ellipsis: true },
          { title: t('col.owner'), dataIndex: 'ownerName', width: 90, render: (v: string) => v || '—' },
          { title: t('col.status'), dataIndex: 'status', width: 100, render: (_: unknown, r) => <OrderStatusTag status={r.status} /> },
          { title: ta('fulfilment'), dataIndex: 'fulfilment', width: 110, render: (_: unknown, r) => (r.fulfilment === 'none' ? '—' : <FulfilmentTag state={r.fulfilment} />) },
          { title: t('col.flags'), key: 'flags', width: 150, render: (_: unknown, r) => <OrderFlags hazardous={r.hazardous} backorder={r.backorder} /> },
          { title: t('col.lines'), dataIndex: 'lineCount', width: 70, align: 'right' },
          { title: t('col.total'), dataIndex: 'total', width: 120, align: 'right', render: (v: string) => `¥${money(v)}` },
          { title: t('col.createdAt'), dataIndex: 'createdAt', width: 170, render: when },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1"><OrderStatusTag status={r.status} /><FulfilmentTag state={r.fulfilment} /><OrderFlags hazardous={r.hazardous} backorder={r.backorder} /><span className="text-xs text-slate-500">{r.orderNo}</span></div>
              <div className="font-medium">{r.companyName}</div>
              <div className="text-sm text-slate-600">{r.buyerName} · {t('lineCount', { count: r.lineCount })} · {when(r.createdAt)}</div>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span>¥{money(r.total)}</span>
                <Button size="small" onClick={() => open(r)} aria-label={`${tc('open')} ${r.orderNo}`} data-testid="order-open">{tc('open')}</Button>
              </div>
            </div>
          ),
        }]}
      />
      <KeysetPager list={list} testId="orders" texts={{
        total: (list.page?.total ?? 0) > ORDER_DESK_COUNT_CAP ? t('totalMore', { cap: ORDER_DESK_COUNT_CAP }) : tc('total', { total: list.page?.total ?? 0 }),
        first: tc('firstPage'), previous: tc('previousPage'), next: tc('nextPage'),
      }} />
    </section>
  );
}
