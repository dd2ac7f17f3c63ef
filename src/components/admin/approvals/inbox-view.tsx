'use client';

import { Button, Empty, Grid, Table, Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { InboxRowDto } from '@/contracts/approvals';
import { Link } from '@/i18n/navigation';
import { useTableState } from '@/components/data/query-state';
import { useApiQuery } from '@/lib/api/query';
import { DecisionModal } from './approval-parts';
import { money } from '../common/keyset-list';

/** The page of the record a decision is about: a quotation, contract or complaint (a refund) opens on its record page. */
const RECORD_OF = { expense: '/admin/expenses?id=', quotation: '/admin/quotations?id=', contract: '/admin/contracts?id=', refund: '/admin/complaints?id=', price_agreement: '/admin/price-agreements?id=' } as const;

/**
 * `/approvals` ("waiting for me", ADR 0037): the steps the member may decide now, oldest first, with the
 * tier, the applicant and the amount; a decision takes a comment. The header shows their count.
 */
export function InboxView() {
  const t = useTranslations('adminApprovals');
  const format = useFormatter();
  const inbox = useApiQuery('get', '/api/admin/approvals/inbox');
  const table = useTableState(inbox, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inboxEmpty')} />);
  const [deciding, setDeciding] = useState<InboxRowDto | null>(null);
  const wide = Grid.useBreakpoint().md !== false;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  const stale = (iso: string) => Date.now() - new Date(iso).getTime() > 24 * 3600 * 1000;
  const open = (r: InboxRowDto) => {
    const base = RECORD_OF[r.entityType];
    return <Link href={base.endsWith('=') ? `${base}${r.entityId}` : base} data-testid={`inbox-open-${r.stepId}`}>{r.subject}</Link>;
  };
  const decide = (r: InboxRowDto) => <Button size="small" type="primary" onClick={() => setDeciding(r)} data-testid={`inbox-decide-${r.stepId}`}>{t('decide')}</Button>;
  return (
    <section className="rounded-lg bg-white p-4" data-testid="inbox-view">
      <h1 className="m-0 text-lg font-semibold">{t('inboxTitle')}</h1>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('inboxIntro')}</p>
      <Table<InboxRowDto>
        rowKey="stepId" {...table} dataSource={inbox.data?.items} pagination={false} showHeader={wide} scroll={wide ? { x: 900 } : undefined}
        onRow={(r) => ({ 'data-testid': `inbox-row-${r.stepId}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('kind'), dataIndex: 'entityType', width: 160, render: (v: InboxRowDto['entityType']) => <Tag className="whitespace-normal">{t(`kinds.${v}`)}</Tag> },
          { title: t('subject'), dataIndex: 'subject', ellipsis: true, render: (_: string, r) => open(r) },
          { title: t('applicant'), dataIndex: 'applicantName', width: 100 },
          { title: t('amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: string, r: InboxRowDto) => (r.entityType === 'price_agreement' ? '—' : money(v)) },
          { title: t('tierColumn'), key: 'tier', width: 90, render: (_: unknown, r) => `${r.seq} / ${r.tiers}` },
          { title: t('waitingSince'), dataIndex: 'waitingSince', width: 150, render: (v: string) => <span className={stale(v) ? 'text-red-600' : ''}>{when(v)}</span> },
          { title: t('actions'), key: 'a', width: 90, fixed: 'right', render: (_: unknown, r) => decide(r) },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1"><Tag>{t(`kinds.${r.entityType}`)}</Tag><span className="text-xs text-slate-500">{t('tier', { seq: r.seq })} / {r.tiers}</span></div>
              <div className="font-medium">{open(r)}</div>
              <div className="flex items-center justify-between gap-2 text-sm"><span>{r.applicantName}{r.entityType === 'price_agreement' ? '' : ` · ¥${money(r.amount)}`}</span>{decide(r)}</div>
            </div>
          ),
        }]}
      />
      <DecisionModal stepId={deciding?.stepId ?? null} subject={deciding?.subject ?? ''} record={deciding} onClose={() => setDeciding(null)}
        onDone={() => setDeciding(null)} />
    </section>
  );
}
