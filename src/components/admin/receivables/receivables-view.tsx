'use client';

import { Alert, Button, Empty, Grid, Pagination, Select, Space, Table } from 'antd';
import { SearchField } from '@/components/ui/search-field';
import { useTranslations } from 'next-intl';
import { AGEING_BUCKETS, RECEIVABLE_SORTS, type ReceivableRowDto } from '@/contracts/receivables';
import { toQuery } from '@/lib/query-string';
import { useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { money } from '../common/keyset-list';
import { oneOf } from '../common/view-filters';
import { CustomerReceivables } from './customer-receivables';

const DEFAULTS = { key: '', sort: '-open', page: '1', open: '' };
const PAGE_SIZE = 20;

/**
 * `/orders/receivables` (INVOICE.ISSUE, ADR 0074): what each customer the member sees owes — open amount, buckets
 * by days past due (business time zone), credit terms and held orders — searched by name, sorted, in numbered pages,
 * with an Excel export. A customer's row opens its invoices, whose payments finance records or reverses.
 */
export function ReceivablesView() {
  const t = useTranslations('adminReceivables');
  const tc = useTranslations('adminCommon');
  const wide = Grid.useBreakpoint().md !== false;
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const page = Math.max(1, Number(query.page) || 1);
  const sort = oneOf(RECEIVABLE_SORTS, query.sort) ?? '-open';
  const list = useApiQuery('get', '/api/admin/receivables', { params: { query: { key: query.key || undefined, sort, page, pageSize: PAGE_SIZE } } });
  const data = list.data;
  const openId = Number(query.open) || null;
  const toggle = (r: ReceivableRowDto) => setQuery({ open: openId === r.companyId ? '' : String(r.companyId) });
  const sorts: Record<(typeof RECEIVABLE_SORTS)[number], string> = { '-open': t('sortOpenHigh'), open: t('sortOpenLow'), '-overdue': t('sortOverdueHigh'), name: t('sortName') };
  const amount = (v: string) => (Number(v) === 0 ? <span className="text-slate-400">0</span> : `¥${money(v)}`);
  const openButton = (r: ReceivableRowDto) => (
    <Button size="small" type={openId === r.companyId ? 'primary' : 'default'} onClick={() => toggle(r)} aria-expanded={openId === r.companyId}
      aria-label={`${t('openInvoices')} ${r.companyName}`} data-testid="receivable-open">{t('openInvoices')}</Button>
  );

  return (
    <section className="rounded-lg bg-white p-4" data-testid="receivables-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Button href={`/api/admin/receivables/export${toQuery({ key: query.key, sort })}`} data-testid="receivables-export">{tc('export')}</Button>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50} style={{ width: 280, maxWidth: '100%' }}
          onSearch={(key) => setQuery({ key, page: '1', open: '' })} data-testid="receivables-search" />
        <Select aria-label={tc('sort')} value={sort} style={{ width: 200 }} onChange={(v) => setQuery({ sort: v, page: '1' })} data-testid="receivables-sort"
          options={RECEIVABLE_SORTS.map((s) => ({ value: s, label: sorts[s] }))} />
      </Space>
      {list.error && <Alert type="error" title={list.error.message} className="mb-3" />}
      <Table<ReceivableRowDto>
        rowKey="companyId" loading={!data && !list.error} dataSource={data?.items ?? []} pagination={false} showHeader={wide} scroll={wide ? { x: 1110 } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        onRow={(r) => ({ 'data-testid': `receivable-row-${r.companyId}` } as React.HTMLAttributes<HTMLElement>)}
        expandable={{ expandedRowKeys: openId ? [openId] : [], showExpandColumn: false, expandedRowRender: (r) => <CustomerReceivables companyId={r.companyId} /> }}
        columns={wide ? [
          {
            title: t('col.customer'), dataIndex: 'companyName', ellipsis: true,
            render: (v: string, r) => <><div className="truncate">{v}</div><div className="text-xs text-slate-500">{t('col.owner')}: {r.ownerName || '—'}</div></>,
          },
          { title: t('col.open'), dataIndex: 'openAmount', width: 120, align: 'right', render: (v: string) => <strong data-testid="receivable-open-amount">¥{money(v)}</strong> },
          ...AGEING_BUCKETS.map((b) => ({
            title: t(`bucket.${b}`), key: b, width: 95, align: 'right' as const,
            render: (_: unknown, r: ReceivableRowDto) => <span data-testid={`receivable-${b}`}>{amount(r.buckets[b])}</span>,
          })),
          {
            title: `${t('col.creditDays')} / ${t('col.creditLimit')}`, key: 'credit', width: 150, align: 'right',
            render: (_: unknown, r) => <>{r.creditDays} / ¥{money(r.creditLimit)}</>,
          },
          { title: t('col.heldOrders'), dataIndex: 'heldOrders', width: 80, align: 'right' },
          { title: t('col.actions'), key: 'actions', width: 100, render: (_: unknown, r) => openButton(r) },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1">
              <div className="font-medium">{r.companyName}</div>
              <div className="text-sm">{t('col.open')} <strong>¥{money(r.openAmount)}</strong> · {t('col.overdue')} ¥{money(r.overdueAmount)}</div>
              <div className="text-xs text-slate-600">
                {AGEING_BUCKETS.filter((b) => Number(r.buckets[b]) > 0).map((b) => `${t(`bucket.${b}`)} ¥${money(r.buckets[b])}`).join(' · ')}
              </div>
              <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
                <span>{t('credit', { days: r.creditDays, limit: money(r.creditLimit) })}{r.heldOrders > 0 ? ` · ${t('held', { count: r.heldOrders })}` : ''}</span>
                {openButton(r)}
              </div>
            </div>
          ),
        }]}
      />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-500" data-testid="receivables-total">{t('total', { total: data?.total ?? 0 })}</span>
        <Pagination current={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} showSizeChanger={false} size="small" hideOnSinglePage
          onChange={(p) => setQuery({ page: String(p), open: '' })} />
      </div>
    </section>
  );
}
