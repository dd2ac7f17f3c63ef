'use client';

import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Grid, Space, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AuditEntryDto } from '@/contracts/admin';
import { COMPLAINT_STATUSES, type ComplaintDetailDto, type ComplaintLineDto, type ComplaintStatusName } from '@/contracts/complaints';
import { useApiQuery } from '@/lib/api/query';
import { DecisionModal } from '../approvals/approval-parts';
import { ApprovalCard, AuditTimeline, RecordPage, useWhen } from '../common/record-page';
import { MoveModal, useComplaintMove, type MoveTarget } from './complaint-move-modal';
import { COMPLAINT_COLOURS } from './complaint-colours';
import { money } from '../common/keyset-list';
import { ComplaintRedInvoices } from '../orders/invoices-section';

/** The facts of a timeline entry worth reading: states by name, amounts, reasons, comments, numbers. */
function eventFacts(e: AuditEntryDto, t: ReturnType<typeof useTranslations<'adminComplaints'>>): string[] {
  const out: string[] = [];
  const status = e.changes.status;
  const named = (v: unknown) => (typeof v === 'string' && (COMPLAINT_STATUSES as readonly string[]).includes(v) ? t(`status.${v as ComplaintStatusName}`) : null);
  if (e.entity === 'complaint' && status) {
    const from = named(status.from);
    const to = named(status.to);
    if (to) out.push(from ? t('fact.status', { from, to }) : t('fact.statusNew', { to }));
  }
  const applied = e.changes.appliedRefund?.to;
  if (typeof applied === 'string') out.push(t('fact.applied', { amount: money(applied) }));
  const approved = e.changes.approvedRefund?.to;
  if (typeof approved === 'string') out.push(t('fact.approved', { amount: money(approved) }));
  if (e.entity === 'approval_request' && e.action === 'submit' && typeof e.note?.amount === 'string') out.push(t('fact.approved', { amount: money(e.note.amount) }));
  if (typeof e.note?.reason === 'string') out.push(t('fact.reason', { reason: e.note.reason }));
  if (typeof e.note?.comment === 'string') out.push(t('fact.comment', { comment: e.note.comment }));
  const creditNo = e.changes.creditNo?.to;
  const amount = e.changes.amount?.to;
  if (typeof creditNo === 'string' && typeof amount === 'string') out.push(t('fact.credit', { no: creditNo, amount: money(amount) }));
  return out;
}

/**
 * A complaint's record page (`/complaints?id=`): the facts, the order lines concerned, the refund
 * (applied, approved, the moves the member may make), the refund's approval steps with the member's
 * own decision when a step waits for them, the credit note (print or download), and the timeline.
 */
export function ComplaintRecord({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations('adminComplaints');
  const when = useWhen();
  const wide = Grid.useBreakpoint().md !== false;
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const [deciding, setDeciding] = useState(false);
  const detail = useApiQuery('get', '/api/admin/complaints/{id}', { params: { path: { id } } });
  const timeline = useApiQuery('get', '/api/admin/complaints/{id}/timeline', { params: { path: { id } } });
  const reload = () => Promise.all([detail.refetch(), timeline.refetch()]);
  const move = useComplaintMove(reload);

  return (
    <RecordPage name="complaint" backLabel={t('back')} onBack={onBack} record={detail.data} error={detail.error ?? timeline.error}
      title={(c) => t('recordTitle', { no: c.complaintNo })}
      tag={(c) => <Tag color={COMPLAINT_COLOURS[c.status]} data-testid="complaint-status">{t(`status.${c.status}`)}</Tag>}>
      {(c) => (
        <>
          <Space wrap>
            {c.transitions.map((to) => (
              <Button key={to} type={to === 'approving' ? 'primary' : 'default'} danger={to === 'rejected'} data-testid={`complaint-to-${to}`}
                onClick={() => (to === 'approving' || to === 'rejected' ? setMoving({ id: c.id, to, complaintNo: c.complaintNo, appliedRefund: c.appliedRefund }) : void move(id, to))}>
                {t(`to.${to}`)}
              </Button>
            ))}
            {c.myStepId !== null && <Button type="primary" onClick={() => setDeciding(true)} data-testid="complaint-decide">{t('decide')}</Button>}
          </Space>
          <ComplaintFacts complaint={c} wide={wide} when={when} />
          <Card size="small" title={t('lines')}>
            <LinesTable lines={c.lines} wide={wide} />
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            <ApprovalCard title={t('approval')} empty={t('noApproval')} request={c.approval} when={when} />
            <CreditNoteCard complaint={c} when={when} />
          </div>
          <AuditTimeline title={t('timeline')} testId="complaint-timeline" entries={timeline.data ?? []} when={when} facts={(e) => eventFacts(e, t)}
            event={(e) => (t.has(`events.${e.entity}.${e.action}`) ? t(`events.${e.entity}.${e.action}`) : `${e.entity} ${e.action}`)} />
          <MoveModal target={moving} onClose={() => setMoving(null)} onConfirm={async (extra) => { if (moving) await move(id, moving.to, extra); setMoving(null); }} />
          <DecisionModal stepId={deciding ? c.myStepId : null} subject={c.complaintNo} record={{ entityType: 'refund', entityId: c.id, amount: c.approvedRefund ?? c.appliedRefund }} onClose={() => setDeciding(false)} onDone={async () => { setDeciding(false); await reload(); }} />
        </>
      )}
    </RecordPage>
  );
}

/** The complaint's facts: customer, order, who filed it when, owner, the refunds, the description and a review failure's reason. */
function ComplaintFacts({ complaint: c, wide, when }: { complaint: ComplaintDetailDto; wide: boolean; when: (iso: string) => string }) {
  const t = useTranslations('adminComplaints');
  const tc = useTranslations('complaintCategories');
  return (
    <Descriptions size="small" bordered column={wide ? 2 : 1} items={[
      { key: 'customer', label: t('col.customer'), children: c.companyName },
      { key: 'order', label: t('col.order'), children: c.orderNo },
      { key: 'filed', label: t('filedBy'), children: `${c.filedBy || '—'} · ${when(c.createdAt)}` },
      { key: 'owner', label: t('col.owner'), children: c.ownerName || t('noOwner') },
      { key: 'applied', label: t('col.applied'), children: <span data-testid="complaint-applied">¥{money(c.appliedRefund)}</span> },
      { key: 'approved', label: t('col.approved'), children: <span data-testid="complaint-approved">{c.approvedRefund ? `¥${money(c.approvedRefund)}` : '—'}</span> },
      { key: 'category', label: t('col.category'), span: wide ? 2 : 1, children: <span data-testid="complaint-category">{tc(c.category)}</span> },
      { key: 'description', label: t('col.description'), span: wide ? 2 : 1, children: <span className="whitespace-pre-wrap break-words">{c.description}</span> },
      ...(c.photos.length > 0 ? [{
        key: 'photos', label: t('col.photos'), span: wide ? 2 : 1, children: (
          <span className="flex flex-wrap gap-2" data-testid="complaint-photos">
            {c.photos.map((p) => (
              <a key={p.id} href={`/api/admin/complaints/${c.id}/photos/${p.id}`} target="_blank" rel="noopener">
                {/* eslint-disable-next-line @next/next/no-img-element -- a private photo served by the API, not an optimisable asset */}
                <img src={`/api/admin/complaints/${c.id}/photos/${p.id}`} alt={p.name} width={72} height={72} loading="lazy" className="h-18 w-18 rounded border object-cover" />
              </a>
            ))}
          </span>
        ),
      }] : []),
      ...(c.reviewFailureReason ? [{ key: 'reason', label: t('reviewFailureReason'), span: wide ? 2 : 1, children: c.reviewFailureReason }] : []),
    ]} />
  );
}

/** The complaint's credit note once the refund was approved: number, amount, date, print and download. */
function CreditNoteCard({ complaint: c, when }: { complaint: ComplaintDetailDto; when: (iso: string) => string }) {
  const t = useTranslations('adminComplaints');
  // The document in the page's language, whatever language the request's cookie last remembered.
  const lang = useLocale() === 'en' ? 'en' : 'zh';
  return (
    <Card size="small" title={t('creditNote')} data-testid="complaint-credit-note">
      {c.creditNote ? (
        <div className="space-y-2">
          <div className="text-base font-medium" data-testid="credit-note-no">{c.creditNote.creditNo}</div>
          <div>{t('creditAmount')} <span className="font-semibold" data-testid="credit-note-amount">¥{money(c.creditNote.amount)}</span></div>
          <div className="text-sm text-slate-500">{when(c.creditNote.createdAt)}</div>
          <ComplaintRedInvoices orderId={c.orderId} complaintId={c.id} />
          <Space wrap>
            <Button icon={<PrinterOutlined />} href={`/api/admin/complaints/${c.id}/credit-note?lang=${lang}`} target="_blank" data-testid="credit-note-print">{t('print')}</Button>
            <Button icon={<DownloadOutlined />} href={`/api/admin/complaints/${c.id}/credit-note?lang=${lang}&download=1`} data-testid="credit-note-download">{t('download')}</Button>
          </Space>
        </div>
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCreditNote')} />}
    </Card>
  );
}

function LinesTable({ lines, wide }: { lines: ComplaintLineDto[]; wide: boolean }) {
  const t = useTranslations('adminComplaints');
  return (
    <Table<ComplaintLineDto> rowKey="itemId" size="small" pagination={false} dataSource={lines} showHeader={wide} data-testid="complaint-lines"
      columns={wide ? [
        { title: t('line.itemNo'), dataIndex: 'itemNo', width: 120 },
        { title: t('line.name'), dataIndex: 'name', render: (v: string, r) => `${v} · ${r.size}` },
        { title: t('line.unitPrice'), dataIndex: 'unitPrice', width: 110, align: 'right', render: (v: string) => money(v) },
        { title: t('line.quantity'), key: 'q', width: 120, align: 'right', render: (_: unknown, r) => t('line.quantityOf', { quantity: r.quantity, ordered: r.ordered }) },
        { title: t('line.value'), dataIndex: 'value', width: 110, align: 'right', render: (v: string) => money(v) },
      ] : [{
        key: 'all', render: (_: unknown, r) => (
          <div className="text-sm">
            <div className="font-medium">{r.name} · {r.size}</div>
            <div className="text-slate-500">{r.itemNo} · {t('line.quantityOf', { quantity: r.quantity, ordered: r.ordered })} · ¥{money(r.value)}</div>
          </div>
        ),
      }]} />
  );
}
