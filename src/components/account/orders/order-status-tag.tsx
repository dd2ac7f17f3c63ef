'use client';

import { Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { OrderStatusDto } from '@/contracts/orders';

const COLOURS: Record<OrderStatusDto, string> = {
  reviewing: 'gold',
  passed: 'blue',
  placed: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/** An order's status as a coloured label, in the page's language. */
export function OrderStatusTag({ status }: { status: OrderStatusDto }) {
  const t = useTranslations('orders.status');
  return (
    <Tag color={COLOURS[status]} data-testid="order-status" data-status={status}>
      {t(status)}
    </Tag>
  );
}
