'use client';

import { Timeline } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import type { OrderDetailDto } from '@/contracts/orders';

/** The order's history: submission, approvals, rejections, confirmation, cancellation. */
export function OrderTimeline({ logs }: { logs: OrderDetailDto['logs'] }) {
  const t = useTranslations('orderPages');
  const format = useFormatter();
  return (
    <Timeline
      data-testid="order-timeline"
      items={logs.map((l) => ({
        key: l.id,
        color: l.action === 'reject' || l.action === 'cancel' ? 'red' : l.action === 'approve' || l.action === 'place' ? 'green' : 'blue',
        content: (
          <div data-testid="order-log" data-action={l.action}>
            <div className="font-medium">{t(`log.${l.action}` as 'log.submit')} · {l.actorName}</div>
            <div className="text-xs text-muted">{format.dateTime(new Date(l.createdAt), 'stamp')}</div>
            {l.detail && <div className="text-sm">{l.detail}</div>}
            {l.reason && <div className="text-sm" data-testid="order-log-reason">{l.action === 'reject' ? t('reason') : t('comment')}: {l.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}
