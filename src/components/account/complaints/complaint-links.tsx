'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/** On a placed order's page: file a complaint about its lines, or see one's complaints (ADR 0041). */
export function ComplaintLinks({ orderId }: { orderId: number }) {
  const t = useTranslations('accountComplaints');
  return (
    <>
      <Link href="/account/complaints?default=4" className="inline-flex items-center rounded-md px-3 py-1 text-sm text-brand-600 hover:underline">{t('mine')}</Link>
      <Link href={{ pathname: '/account/complaints/new', query: { order: orderId, default: 4 } }} data-testid="order-complain"
        className="inline-flex items-center rounded-md border border-line px-4 py-1 text-sm hover:border-brand-500 hover:text-brand-600">{t('fileOne')}</Link>
    </>
  );
}
