'use client';

import { Alert, Card, DatePicker, Empty, List, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { Permitted, usePermits } from '@/components/ui/permitted';
import type { DashboardDto } from '@/contracts/admin';
import { useApiQuery } from '@/lib/api/query';
import { useAdminSettings } from '../admin-providers';
import { useViewQuery } from '../use-view-query';
import { GettingStarted } from './getting-started';
import { businessDayOf, lastDays } from '@/lib/business-day';
import { useBusinessTimeZone } from '@/lib/use-business-day';

const DEFAULTS = { from: '', to: '' };
const CHART_HEIGHT = 260;

/**
 * The charts' library is loaded apart from the view and after it: the figures and tables show as soon as
 * the data is in, without waiting for the charting code; each chart's box holds its place meanwhile.
 */
const EChart = dynamic(() => import('./echart').then((m) => m.EChart), { ssr: false, loading: () => <div style={{ height: CHART_HEIGHT }} /> });


/** The dashboard (affix tab): a greeting, and with DASHBOARD.VIEW the figures of a chosen range of days. */
export function DashboardView({ userName, roles }: { userName: string; roles: string[] }) {
  const t = useTranslations('adminDashboard');
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="admin-dashboard">
      <section className="rounded-lg bg-white p-4">
        <h1 className="m-0 text-lg font-semibold">{t('welcome', { name: userName })}</h1>
        <p className="mt-1 mb-0 text-slate-600">{t('yourRoles', { roles: roles.join('、') })}</p>
      </section>
      <GettingStarted />
      <Permitted permissions={['DASHBOARD.VIEW']} fallback={<Alert type="info" title={t('noFigures')} />}>
        <Figures />
      </Permitted>
    </div>
  );
}

function Figures() {
  const t = useTranslations('adminDashboard');
  const format = useFormatter();
  const locale = useLocale();
  const { settings } = useAdminSettings();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  // The default range ends on today's business day, whatever the zone of the browser's clock (ADR 0066).
  const zone = useBusinessTimeZone();
  const range = query.from && query.to ? { from: query.from, to: query.to } : lastDays(new Date(), zone, 30);
  const figures = useApiQuery('get', '/api/admin/dashboard', { params: { query: range } });
  const canSeeFeedback = usePermits({ permissions: ['DASHBOARD.VIEW'] });
  // Another range's figures are not shown while the chosen range's load: the skeleton holds their place.
  const data = figures.isPlaceholderData ? null : figures.data ?? null;
  const error = figures.error?.message ?? null;

  const visitorsOption = useMemo(() => data && {
    color: [settings.theme, '#91cc75'],
    tooltip: { trigger: 'axis' },
    legend: { top: 4, data: [t('uv'), t('pv')] },
    grid: { left: 40, right: 16, top: 36, bottom: 24 },
    xAxis: { type: 'category', data: data.visitors.days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('uv'), type: 'line', smooth: true, data: data.visitors.days.map((d) => d.uv) },
      { name: t('pv'), type: 'line', smooth: true, data: data.visitors.days.map((d) => d.pv) },
    ],
  }, [data, settings.theme, t]);
  const ordersOption = useMemo(() => data && {
    color: [settings.theme, '#fac858'],
    tooltip: { trigger: 'axis' },
    legend: { top: 4, data: [t('orders'), t('sales')] },
    grid: { left: 48, right: 56, top: 36, bottom: 24 },
    xAxis: { type: 'category', data: data.orders.days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', splitLine: { show: false } }],
    series: [
      { name: t('orders'), type: 'bar', data: data.orders.days.map((d) => d.count) },
      { name: t('sales'), type: 'line', yAxisIndex: 1, smooth: true, data: data.orders.days.map((d) => Number(d.sales)) },
    ],
  }, [data, settings.theme, t]);
  const customersOption = useMemo(() => data && {
    color: [settings.theme],
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 24 },
    xAxis: { type: 'category', data: data.newCustomers.days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: t('newCustomers'), type: 'bar', data: data.newCustomers.days.map((d) => d.count) }],
  }, [data, settings.theme, t]);
  const typeLabel = (type: number) => t(`searchTypes.${String(type) as '0' | '1' | '2' | '3' | '4'}`);

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span>{t('range')}</span>
        <DatePicker.RangePicker allowClear={false} aria-label={t('range')} value={[dayjs(range.from), dayjs(range.to)]}
          disabledDate={(d) => d.format('YYYY-MM-DD') > businessDayOf(new Date(), zone)}
          presets={[
            { label: t('presets.days7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
            { label: t('presets.days30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
            { label: t('presets.days90'), value: [dayjs().subtract(89, 'day'), dayjs()] },
            { label: t('presets.year'), value: [dayjs().startOf('year'), dayjs()] },
          ]}
          onChange={(r) => r?.[0] && r[1] && setQuery({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') })} />
      </div>
      {error && <Alert type="error" title={error} />}
      {!data ? <Skeleton active /> : (
        <>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Card><Statistic title={t('orders')} value={data.orders.count} /></Card>
            <Card><Statistic title={t('sales')} value={format.number(Number(data.orders.sales), 'money')} /></Card>
            <Card><Statistic title={t('openApprovals')} value={data.openApprovals} /></Card>
            <Card><Statistic title={t('uv')} value={data.visitors.uv} /></Card>
            <Card><Statistic title={t('pv')} value={data.visitors.pv} /></Card>
            <Card><Statistic title={t('newCustomers')} value={data.newCustomers.total} /></Card>
            <Card><Statistic title={t('openFeedback')} value={data.openFeedback.total} /></Card>
          </div>
          <OrderDeskFigures figures={data.orderDesk} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card title={t('ordersChart')}>{ordersOption && <EChart option={ordersOption} label={t('ordersChart')} />}</Card>
            <Card title={t('topProducts')}>
              <Table size="small" rowKey="productId" pagination={false} dataSource={data.topProducts} scroll={{ x: 360 }}
                locale={{ emptyText: <Empty description={t('noOrders')} /> }}
                columns={[
                  { title: t('product'), key: 'name', ellipsis: true, render: (_: unknown, p) => <>{locale === 'en' ? p.nameEn : p.nameZh} <span className="text-xs text-slate-400">{p.itemNo}</span></> },
                  { title: t('quantity'), dataIndex: 'quantity', width: 96, align: 'right', onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
                  { title: t('orders'), dataIndex: 'orders', width: 70, align: 'right' },
                ]} />
            </Card>
            <Card title={t('visitors')}>{visitorsOption && <EChart option={visitorsOption} label={t('visitors')} />}</Card>
            <Card title={t('newCustomers')}>{customersOption && <EChart option={customersOption} label={t('newCustomers')} />}</Card>
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            {([['topSearches', data.topSearches], ['emptySearches', data.emptySearches]] as const).map(([key, rows]) => (
              <Card key={key} title={t(key)}>
                <Table size="small" rowKey={(r) => `${r.searchType}:${r.key}`} pagination={false} dataSource={rows}
                  locale={{ emptyText: <Empty description={t('noSearches')} /> }}
                  columns={[
                    { title: t('key'), dataIndex: 'key', ellipsis: true },
                    { title: t('type'), dataIndex: 'searchType', width: 90, render: (v: number) => <Tag>{typeLabel(v)}</Tag> },
                    { title: t('count'), dataIndex: 'searches', width: 70, align: 'right' },
                  ]} />
              </Card>
            ))}
            <Card title={t('openFeedback')}>
              {canSeeFeedback && data.openFeedback.latest.length > 0 ? (
                <List size="small" dataSource={data.openFeedback.latest} renderItem={(f) => (
                  <List.Item>
                    <Typography.Text ellipsis>{f.searchKey}</Typography.Text>
                    <span className="text-xs text-slate-500">{format.dateTime(new Date(f.createdAt), 'day')}</span>
                  </List.Item>
                )} />
              ) : <Empty description={t('noFeedback')} />}
            </Card>
          </div>
        </>
      )}
    </>
  );
}

/**
 * The order desk now (ADR 0074), whatever the range: placed orders waiting to ship, held for credit, invoices to
 * issue, and the backorders by the band of their longest lead time.
 */
function OrderDeskFigures({ figures }: { figures: DashboardDto['orderDesk'] }) {
  const t = useTranslations('adminDashboard');
  const bands = [['leadUpTo7', figures.backorders.upTo7], ['leadUpTo30', figures.backorders.upTo30], ['leadOver30', figures.backorders.over30], ['leadNone', figures.backorders.none]] as const;
  return (
    <section aria-label={t('orderDesk')} className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="dashboard-order-desk">
      <Card><Statistic title={t('waitingToShip')} value={figures.waitingToShip} /></Card>
      <Card><Statistic title={t('heldOrders')} value={figures.held} /></Card>
      <Card><Statistic title={t('invoicesPending')} value={figures.invoicesPending} /></Card>
      <Card title={t('backordersByLead')} size="small" className="col-span-2 lg:col-span-1">
        <dl className="m-0 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {bands.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-slate-500">{t(key)}</dt>
              <dd className="m-0 text-right font-medium" data-testid={`backorders-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </section>
  );
}
