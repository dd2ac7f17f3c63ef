'use client';

import { Button, Grid, InputNumber, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useFormatter, useTranslations } from 'next-intl';
import type { Dispatch, SetStateAction } from 'react';
import type { OrderDetailDto, OrderItemDto } from '@/contracts/orders';
import { BackorderNote } from '@/components/ui/backorder-note';
import { Link } from '@/i18n/client-navigation';
import { PaidPrice } from '@/components/catalog/own-price';

/**
 * The order's lines with their documents; an approver lowers quantities or removes lines here. On a
 * phone (below antd's `md`) each line is a card with its size, unit price, quantity and subtotal, so
 * that nothing is cut off; the table before that is known, as the server renders it.
 */
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
  const narrow = Grid.useBreakpoint().md === false;
  const product = (i: OrderItemDto) => (
    <div className={removed.includes(i.id) ? 'line-through opacity-50' : i.cancelled ? 'opacity-60' : ''}>
      <Link href={{ pathname: '/product/detail', query: { id: i.productId } }} className="font-medium text-ink hover:text-brand-600">{i.name}</Link>
      <div className="text-xs text-muted">
        {i.itemNo}{i.cas ? ` · CAS ${i.cas}` : ''}
        {i.hazardous && <Tag color="orange" className="!ml-2">{t('hazardous')}</Tag>}
        {i.controlClass && <Tag color="red" className="!ml-1">{t(`control.${i.controlClass}`)}</Tag>}
        {i.cancelled && <Tag className="!ml-1" data-testid="order-line-cancelled">{t('lineCancelled')}</Tag>}
      </div>
      <BackorderNote backorderQty={i.backorderQty} leadTimeDays={i.leadTimeDays} className="block" />
    </div>
  );
  const quantity = (i: OrderItemDto) =>
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
    );
  const documents = (i: OrderItemDto) => {
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
  };
  const removable = order.can.approve && order.items.length > 1;
  const removeButton = (i: OrderItemDto) => (
    <Button
      size="small"
      type="link"
      danger={!removed.includes(i.id)}
      disabled={!removed.includes(i.id) && removed.length >= order.items.length - 1}
      onClick={() => setRemoved((r) => (r.includes(i.id) ? r.filter((x) => x !== i.id) : [...r, i.id]))}
    >
      {removed.includes(i.id) ? t('undoRemove') : t('removeLine')}
    </Button>
  );

  if (narrow) {
    return (
      <ul className="m-0 list-none space-y-2 p-0" data-testid="order-line-cards">
        {order.items.map((i) => (
          <li key={i.id} className="rounded-md border border-line p-3" data-testid="order-line-card">
            {product(i)}
            <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('size')}</dt><dd className="m-0 text-right">{i.size}</dd>
              <dt className="text-muted">{t('unitPrice')}</dt><dd className="m-0 flex justify-end text-right" data-testid="order-line-unit-price"><PaidPrice price={i.unitPrice} catalogue={i.listPrice ?? i.unitPrice} /></dd>
              <dt className="text-muted">{t('quantity')}</dt><dd className="m-0 text-right" data-testid="order-line-quantity">{quantity(i)}</dd>
              <dt className="text-muted">{t('lineTotal')}</dt><dd className="m-0 text-right font-medium" data-testid="order-line-total">{money(i.lineTotal)}</dd>
              <dt className="text-muted">{t('documents')}</dt><dd className="m-0 flex justify-end">{documents(i)}</dd>
            </dl>
            {removable && <div className="mt-1 text-right">{removeButton(i)}</div>}
          </li>
        ))}
      </ul>
    );
  }

  const columns: ColumnsType<OrderItemDto> = [
    { title: t('product'), key: 'product', render: (_v, i) => product(i) },
    { title: t('size'), dataIndex: 'size', key: 'size' },
    { title: t('unitPrice'), dataIndex: 'unitPrice', key: 'unitPrice', align: 'right', render: (v: string, i) => <span className="inline-flex justify-end" data-testid="order-line-unit-price"><PaidPrice price={v} catalogue={i.listPrice ?? v} /></span> },
    { title: t('quantity'), key: 'num', align: 'center', render: (_v, i) => quantity(i) },
    { title: t('lineTotal'), dataIndex: 'lineTotal', key: 'lineTotal', align: 'right', render: (v: string) => <span className="font-medium">{money(v)}</span> },
    { title: t('documents'), key: 'documents', responsive: ['md'], render: (_v, i) => documents(i) },
    ...(removable ? [{ title: <span className="sr-only">{t('actions')}</span>, key: 'remove', render: (_v: unknown, i: OrderItemDto) => removeButton(i) }] : []),
  ];
  return <Table<OrderItemDto> rowKey="id" size="small" columns={columns} dataSource={order.items} pagination={false} scroll={{ x: 'max-content' }} />;
}
