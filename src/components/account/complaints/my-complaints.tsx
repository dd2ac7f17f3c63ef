'use client';

import { Alert, Button, Empty, Popconfirm, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import type { ComplaintStatusName, MyComplaintDto } from '@/contracts/complaints';
import { Link } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';

const COLOURS: Record<ComplaintStatusName, string> = { reviewing: 'gold', approving: 'processing', passed: 'blue', rejected: 'red', resolved: 'green', withdrawn: 'default' };

/** The customer's complaints, newest first: lines, refund applied and approved, the outcome, the credit note; withdraw while reviewed. */
export function MyComplaints({ items }: { items: MyComplaintDto[] }) {
  const t = useTranslations('accountComplaints');
  const tc = useTranslations('complaintCategories');
  const locale = useLocale();
  const format = useFormatter();
  const filed = useSearchParams().get('filed') === '1';
  const withdrawal = useApiMutation('post', '/api/app/complaints/{id}/withdraw', { refreshPage: true });
  const busy = withdrawal.isPending ? withdrawal.variables.params.path.id : null;
  const money = (v: string) => format.number(Number(v), 'money');

  // A failure is shown by the API client.
  const withdraw = (id: number) => withdrawal.send({ params: { path: { id } } });

  return (
    <div data-testid="my-complaints">
      <h1 className="mb-1 text-xl font-semibold">{t('title')}</h1>
      <p className="mb-4 text-sm text-muted">{t('intro')} <Link href="/order?default=1" className="text-brand-600 hover:underline">{t('toOrders')}</Link></p>
      {filed && <Alert type="success" showIcon className="!mb-4" title={t('filed')} />}
      {items.length === 0 && <Empty description={t('empty')} />}
      <ul className="m-0 list-none space-y-3 p-0">
        {items.map((c) => (
          <li key={c.id} className="rounded-lg border border-line p-4" data-testid={`my-complaint-${c.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{c.complaintNo}</span>
                <Tag color={COLOURS[c.status]} data-testid="my-complaint-status">{t(`status.${c.status}`)}</Tag>
                <Tag data-testid="my-complaint-category">{tc(c.category)}</Tag>
              </div>
              <span className="text-sm text-muted">{format.dateTime(new Date(c.createdAt), { dateStyle: 'medium' })} · {c.filedBy}</span>
            </div>
            <div className="mt-1 text-sm">
              {t('order')} <Link href={{ pathname: '/order/detail', query: { id: c.orderId, default: 1 } }} className="text-brand-600 hover:underline">{c.orderNo}</Link>
            </div>
            <p className="my-2 whitespace-pre-wrap break-words text-sm">{c.description}</p>
            {c.photos.length > 0 && (
              <ul className="m-0 mb-2 flex list-none flex-wrap gap-2 p-0" data-testid="my-complaint-photos">
                {c.photos.map((p, i) => (
                  <li key={p.id}>
                    <a href={`/api/app/complaints/${c.id}/photos/${p.id}`} target="_blank" rel="noopener">
                      {/* eslint-disable-next-line @next/next/no-img-element -- a private photo served by the API, not an optimisable asset */}
                      <img src={`/api/app/complaints/${c.id}/photos/${p.id}`} alt={t('photoOf', { n: i + 1 })} width={72} height={72} loading="lazy" className="h-18 w-18 rounded border border-line object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <ul className="m-0 list-disc pl-5 text-sm text-muted">
              {c.lines.map((l) => <li key={l.itemId}>{t('lineValue', { name: l.name, size: l.size, quantity: l.quantity, value: money(l.value) })}</li>)}
            </ul>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('appliedRefund')}</dt><dd className="m-0" data-testid="my-complaint-applied">{c.appliedRefund === '0.00' ? t('noRefund') : money(c.appliedRefund)}</dd>
              {c.approvedRefund && (<><dt className="text-muted">{t('approvedRefund')}</dt><dd className="m-0 font-semibold" data-testid="my-complaint-approved">{money(c.approvedRefund)}</dd></>)}
              {c.reviewFailureReason && (<><dt className="text-muted">{t('reason')}</dt><dd className="m-0">{c.reviewFailureReason}</dd></>)}
            </dl>
            <p className="mb-0 mt-2 text-sm">{t(`outcome.${c.status}`)}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {c.creditNote && (
                <Button href={`/api/app/complaints/${c.id}/credit-note?lang=${locale === 'en' ? 'en' : 'zh'}`} target="_blank" data-testid="my-credit-note">{t('creditNote', { no: c.creditNote.creditNo, amount: money(c.creditNote.amount) })}</Button>
              )}
              {c.canWithdraw && (
                <Popconfirm title={t('withdrawConfirm')} okText={t('yes')} cancelText={t('no')} onConfirm={() => withdraw(c.id)}>
                  <Button loading={busy === c.id} data-testid="my-complaint-withdraw">{t('withdraw')}</Button>
                </Popconfirm>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
