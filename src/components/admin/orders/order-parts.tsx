'use client';

import { Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { OrderStatusDto } from '@/contracts/orders';

/** The colour of each order state's tag. */
export const ORDER_COLOURS: Record<OrderStatusDto, string> = {
  reviewing: 'gold', passed: 'blue', placed: 'green', rejected: 'red', cancelled: 'default',
};

/** An order's state as a tag. */
export function OrderStatusTag({ status }: { status: OrderStatusDto }) {
  const t = useTranslations('adminOrders');
  return <Tag color={ORDER_COLOURS[status]} data-testid="order-status">{t(`status.${status}`)}</Tag>;
}

/** What an order holds that the desk watches: a hazardous line, a line waiting for stock. */
export function OrderFlags({ hazardous, backorder }: { hazardous: boolean; backorder: boolean }) {
  const t = useTranslations('adminOrders');
  return (
    <>
      {hazardous && <Tag color="volcano" data-testid="order-hazardous">{t('flag.hazardous')}</Tag>}
      {backorder && <Tag color="purple" data-testid="order-backorder">{t('flag.backorder')}</Tag>}
    </>
  );
}
