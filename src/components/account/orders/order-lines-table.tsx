'use client';

import { Button, InputNumber, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useFormatter, useTranslations } from 'next-intl';
import type { Dispatch, SetStateAction } from 'react';
import type { OrderDetailDto, OrderItemDto } from '@/contracts/orders';
import { Link } from '@/i18n/client-navigation';

/** The order's lines with their documents; an approver lowers quantities or removes lines here. */
export function OrderLinesTable({ order, quantities, setQuantities, removed, setRemoved }: {
  order: OrderDetailDto;
  quantities: Record<number, number>;
  setQuantities: Dispatch<SetStateAction<Record<number, number>>>;
  removed: number[];
  setRemoved: Dispatch<SetStateAction<number[]>>;
}) {
  const t = useTranslations('orderPages');
  const format = useFormatter();
  const money = (v: string | number) => format.number(Number(v), 'money');
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
        if (docs.length === 0 && !i.lotNo) return <span className="text-muted">—</span>;
        return (
          <span className="flex flex-wrap gap-2 text-xs">
            {i.lotNo && (i.coaUrl
              ? <a href={i.coaUrl} className="text-brand-600 hover:underline" data-testid="order-line-coa">{t('coaLot', { lot: i.lotNo })}</a>
              : <span className="text-muted" data-testid="order-line-lot">{t('lot', { lot: i.lotNo })}</span>)}
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
  return <Table<OrderItemDto> rowKey="id" size="small" columns={columns} dataSource={order.items} pagination={false} scroll={{ x: 'max-content' }} />;
}
