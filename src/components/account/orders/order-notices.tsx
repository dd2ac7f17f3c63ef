'use client';

import { Alert } from 'antd';
import { useTranslations } from 'next-intl';
import type { OrderDetailDto, RecartDto } from '@/contracts/orders';
import { Link } from '@/i18n/client-navigation';

/** What the order's state asks of the viewer (approval rules met, rejection, confirmation, a missing permit), and the outcome of a reorder. */
export function OrderNotices({ order, recart, setRecart }: { order: OrderDetailDto; recart: RecartDto | null; setRecart: (value: RecartDto | null) => void }) {
  const t = useTranslations('orderPages');
  const to = useTranslations('orders');
  return (
    <>
      {order.status === 'reviewing' && order.matches.length > 0 && (
        <Alert className="!mb-3" type="warning" showIcon title={t('needsApproval')} description={<ul className="list-disc pl-5">{order.matches.map((m) => <li key={m.kind}>{m.text}</li>)}</ul>} />
      )}
      {order.status === 'rejected' && order.rejectReason && (
        <Alert className="!mb-3" type="error" showIcon title={t('rejectedBecause', { reason: order.rejectReason })} />
      )}
      {order.status === 'passed' && order.can.place && <Alert className="!mb-3" type="info" showIcon title={t('confirmHint')} />}
      {order.status === 'placed' && order.fulfilment === 'held' && (
        <Alert className="!mb-3" type="warning" showIcon title={t('heldTitle')} data-testid="order-held"
          description={t('heldText', { reason: order.holdReason === 'overdue' || order.holdReason === 'credit_limit' ? to(`holdReason.${order.holdReason}`) : order.holdReason })} />
      )}
      {order.permitMissing && (
        <Alert
          className="!mb-3"
          type="warning"
          showIcon
          title={t('permitMissing')}
          action={<Link href="/sys/documents?default=5" className="text-sm text-brand-600 hover:underline">{t('uploadPermit')}</Link>}
        />
      )}
      {recart && (
        <Alert
          className="!mb-3"
          type={recart.notes.length ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setRecart(null)}
          title={t('recarted', { count: recart.added })}
          description={recart.notes.length ? <ul className="list-disc pl-5">{recart.notes.map((n) => <li key={`${n.itemNo}-${n.size}`}>{n.text}</li>)}</ul> : undefined}
          action={<Link href="/order/shoppingcart?default=2" className="text-sm text-brand-600 hover:underline">{t('toCart')}</Link>}
          data-testid="recart-result"
        />
      )}
    </>
  );
}
