'use client';

import { useTranslations } from 'next-intl';
import { backorderMessage } from '@/lib/availability';

/**
 * The backorder an order line recorded at submission: how many the stock lacked and the lead time in
 * working days (or that it is confirmed with the order). Nothing when the line was in stock.
 */
export function BackorderNote({ backorderQty, leadTimeDays, className = '' }: { backorderQty: number; leadTimeDays: number; className?: string }) {
  const t = useTranslations('availability');
  if (backorderQty <= 0) return null;
  const m = backorderMessage({ shortBy: backorderQty, leadTimeDays });
  return (
    <span className={`text-xs text-amber-700 ${className}`} data-testid="order-line-backorder">
      {m.key === 'backorder' ? t('backorder', m.values) : t('backorderOpen', m.values)}
    </span>
  );
}
