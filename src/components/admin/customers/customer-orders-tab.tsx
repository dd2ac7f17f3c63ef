'use client';

import { Alert, Empty, Table, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { CustomerOrderDto } from '@/contracts/customers';
import { Link } from '@/i18n/navigation';
import { usePermits } from '@/components/ui/permitted';
import { useApiQuery } from '@/lib/api/query';
import { BackorderNote } from '@/components/ui/backorder-note';

const ORDER_STATUSES = ['reviewing', 'passed', 'placed', 'rejected', 'cancelled'] as const;
type LineRow = CustomerOrderDto['lines'][number];

/**
 * A customer's latest orders, read only; a row opens its lines, each with the backorder it recorded at submission.
 * Their numbers open the order desk's record for a member who may read orders (ORDER.VIEW).
 */
export function CustomerOrders({ id }: { id: number }) {
  const t = useTranslations('adminCustomers');
  const format = useFormatter();
  const lang = useLocale();
  const orderDesk = usePermits({ permissions: ['ORDER.VIEW'] });
  const { data, error } = useApiQuery('get', '/api/admin/customers/{id}/orders', { params: { path: { id } } });
  if (error) return <Alert type="error" title={error.message} />;
  const lines = (order: CustomerOrderDto) => (
    <Table<LineRow> rowKey="id" size="small" dataSource={order.lines} pagination={false} data-testid="customer-order-lines"
      columns={[
        { title: t('lineItem'), key: 'item', render: (_v, l) => <>{l.itemNo} {lang === 'en' ? l.nameEn || l.nameZh : l.nameZh}</> },
        { title: t('lineSize'), dataIndex: 'size' },
        { title: t('lineNum'), dataIndex: 'num', align: 'right' },
        {
          title: t('lineStock'), key: 'stock',
          render: (_v, l) => (l.backorderQty > 0 ? <BackorderNote backorderQty={l.backorderQty} leadTimeDays={l.leadTimeDays} /> : <span className="text-xs text-green-700">{t('lineInStock')}</span>),
        },
      ]} />
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="my-0 text-xs text-slate-500">{t('ordersNote')}</p>
        {orderDesk && <Link href={`/admin/orders/list?companyId=${id}`} data-testid="customer-all-orders">{t('allOrders')}</Link>}
      </div>
      <Table<CustomerOrderDto> rowKey="id" size="small" loading={data === undefined} dataSource={data ?? []} pagination={false} scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOrders')} /> }}
        expandable={{ expandedRowRender: lines, rowExpandable: (o) => o.lines.length > 0 }} data-testid="customer-orders"
        columns={[
          {
            title: t('orderNo'), dataIndex: 'orderNo',
            render: (v: string, o) => {
              const short = o.lines.filter((l) => l.backorderQty > 0).length;
              return <>{orderDesk ? <Link href={`/admin/orders/list?id=${o.id}`} data-testid="customer-order-link">{v}</Link> : v}{short > 0 && <Tag color="orange" className="!ml-2" data-testid="customer-order-backorders">{t('orderBackorders', { count: short })}</Tag>}</>;
            },
          },
          { title: t('status'), dataIndex: 'status', render: (v: string) => (ORDER_STATUSES as readonly string[]).includes(v) ? t(`orderStatuses.${v as (typeof ORDER_STATUSES)[number]}`) : v },
          { title: t('buyer'), dataIndex: 'buyer' },
          { title: t('orderTotal'), dataIndex: 'total', align: 'right', render: (v: string) => `¥${v}` },
          { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium', timeStyle: 'short' }) },
        ]} />
    </>
  );
}
