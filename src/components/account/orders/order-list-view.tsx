'use client';

import { Button, DatePicker, Segmented, Table, Tabs, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Download } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { ORDER_STATUSES, type OrderCountDto, type OrderPageDto, type OrderStatusDto, type OrderSummaryDto } from '@/contracts/orders';
import { Link, useRouter } from '@/i18n/client-navigation';
import { OrderStatusTag } from './order-status-tag';
import { SearchField } from '@/components/ui/search-field';

export interface OrderFilters {
  scope: 'mine' | 'company' | 'approvals';
  status?: OrderStatusDto;
  q?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

/** The filters as a query, without empty values (the export link's). */
function queryOf(filters: OrderFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) out[key] = String(value);
  return out;
}

/** The page's query: the filters and the account menu's item. */
export function filterQuery(filters: OrderFilters): Record<string, string> {
  return { default: '1', ...queryOf(filters) };
}

/**
 * Order management: scope tabs (own orders, waiting for my approval, the company's), status,
 * search by order or item number, a date range, keyset pages and the Excel export. Every filter
 * lives in the URL, so that the list survives a reload and can be shared.
 */
export function OrderListView({ page, counts, filters, canApprove }: { page: OrderPageDto; counts: OrderCountDto; filters: OrderFilters; canApprove: boolean }) {
  const t = useTranslations('orderPages');
  const ts = useTranslations('orders.status');
  const format = useFormatter();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  // Counts stop at 10,001 on the server: more shows as "10,000+".
  const shown = (n: number) => (n > 10_000 ? `${format.number(10_000)}+` : format.number(n));

  const go = (next: Partial<OrderFilters>) => {
    const merged: OrderFilters = { ...filters, cursor: undefined, ...next };
    startTransition(() => router.push({ pathname: '/order', query: filterQuery(merged) }));
  };

  const columns: ColumnsType<OrderSummaryDto> = [
    {
      title: t('orderNo'), dataIndex: 'orderNo', key: 'orderNo',
      render: (_v, o) => <Link href={{ pathname: '/order/detail', query: { id: o.id, default: '1' } }} className="font-medium text-brand-600 hover:underline" data-testid="order-link">{o.orderNo}</Link>,
    },
    { title: t('createdAt'), dataIndex: 'createdAt', key: 'createdAt', responsive: ['md'], render: (v: string) => format.dateTime(new Date(v), 'stamp') },
    ...(filters.scope !== 'mine' ? [{ title: t('buyer'), dataIndex: 'buyerName', key: 'buyer' }] : []),
    {
      title: t('items'), key: 'items', responsive: ['lg'],
      render: (_v, o) => <span className="text-muted">{o.itemNos.join(', ')}{o.lineCount > o.itemNos.length ? ` ${t('moreLines', { count: o.lineCount - o.itemNos.length })}` : ''}</span>,
    },
    { title: t('poNumber'), dataIndex: 'poNumber', key: 'po', responsive: ['xl'] },
    { title: t('total'), dataIndex: 'total', key: 'total', align: 'right', render: (v: string) => <span className="font-semibold">{format.number(Number(v), 'money')}</span> },
    { title: t('status'), dataIndex: 'status', key: 'status', render: (s: OrderStatusDto) => <OrderStatusTag status={s} /> },
  ];

  const tabs = [
    { key: 'mine', label: t('scopeMine') },
    ...(canApprove || counts.toApprove > 0 ? [{ key: 'approvals', label: t('scopeApprovals', { count: shown(counts.toApprove) }) }] : []),
    ...(canApprove ? [{ key: 'company', label: t('scopeCompany') }] : []),
  ];
  const statusOptions = [
    { value: '', label: t('statusAll', { count: shown(counts.all) }) },
    ...ORDER_STATUSES.map((s) => ({ value: s, label: `${ts(s)} ${shown(counts[s])}` })),
  ];
  const exportHref = `/api/app/sale/export?${new URLSearchParams(queryOf({ ...filters, cursor: undefined })).toString()}`;

  return (
    <div aria-busy={pending} data-testid="order-list">
      {tabs.length > 1 && (
        <Tabs activeKey={filters.scope} items={tabs} onChange={(key) => go({ scope: key as OrderFilters['scope'], status: undefined })} />
      )}
      {filters.scope !== 'approvals' && (
        <div className="mb-3 overflow-x-auto">
          <Segmented value={filters.status ?? ''} options={statusOptions} onChange={(v) => go({ status: (v || undefined) as OrderStatusDto | undefined })} />
        </div>
      )}
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <SearchField
          allowClear
          defaultValue={filters.q ?? ''}
          maxLength={50}
          onSearch={(v) => go({ q: v.trim() || undefined })}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          className="w-full sm:!w-72"
          data-testid="order-search"
        />
        <DatePicker.RangePicker
          value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
          onChange={(range) => go({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
          allowEmpty={[true, true]}
          aria-label={t('dateRange')}
          className="w-full sm:w-auto"
        />
        <Tooltip title={t('exportHint')}>
          <Button href={exportHref} icon={<Download size={14} aria-hidden />} data-testid="order-export">{t('export')}</Button>
        </Tooltip>
      </div>
      <Table<OrderSummaryDto>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.list}
        pagination={false}
        loading={pending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: filters.q || filters.status || filters.from || filters.to ? t('emptyFiltered') : t('empty') }}
      />
      <div className="mt-3 flex justify-end gap-2">
        {filters.cursor && <Button onClick={() => go({ cursor: undefined })}>{t('firstPage')}</Button>}
        {page.nextCursor && (
          <Button type="primary" ghost onClick={() => go({ cursor: page.nextCursor ?? undefined })} data-testid="order-next">{t('nextPage')}</Button>
        )}
      </div>
    </div>
  );
}
