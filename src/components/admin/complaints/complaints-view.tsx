'use client';

import { Alert, Button, Empty, Grid, Segmented, Select, Space, Table, Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { COMPLAINT_STATUSES, type ComplaintRowDto, type ComplaintStatusName } from '@/contracts/complaints';
import { useTableState } from '@/components/data/query-state';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { COMPLAINT_COLOURS } from './complaint-colours';
import { ComplaintRecord } from './complaint-record';
import { MoveModal, useComplaintMove, type MoveExtra, type MoveTarget } from './complaint-move-modal';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { oneOf } from '../common/view-filters';
import { SavedViewsBar } from '../common/saved-views-bar';
import { StateBoard } from '../common/state-board';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { id: '', key: '', status: '', sort: '-createdAt', view: 'table' };
const SAVED_KEYS = ['key', 'status', 'sort', 'view'] as const;
const SORTS = ['-createdAt', 'createdAt', '-appliedRefund', 'appliedRefund'] as const;

/**
 * `/complaints` (COMPLAINT.EDIT, ADR 0041): the complaints the member may see, as a table or a board
 * grouped by state whose cards drag through the same transition call; saved views, an Excel export;
 * `?id=` opens a complaint's record page.
 */
export function ComplaintsView() {
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const id = Number(query.id);
  if (query.id && Number.isInteger(id) && id > 0) return <ComplaintRecord id={id} onBack={() => setQuery({ id: '' })} />;
  return <ComplaintList query={query} setQuery={setQuery} />;
}

function ComplaintList({ query, setQuery }: { query: typeof DEFAULTS; setQuery: (patch: Partial<typeof DEFAULTS>) => void }) {
  const t = useTranslations('adminComplaints');
  const tc = useTranslations('adminCommon');
  const format = useFormatter();
  const board = query.view === 'board';
  const list = useKeysetQuery('/api/admin/complaints', {
    key: query.key || undefined, status: board ? undefined : oneOf(COMPLAINT_STATUSES, query.status), sort: oneOf(SORTS, query.sort), limit: board ? 200 : 20,
  });
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tc('empty')} />);
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const wide = Grid.useBreakpoint().md !== false;
  const statusTag = (s: ComplaintStatusName) => <Tag color={COMPLAINT_COLOURS[s]}>{t(`status.${s}`)}</Tag>;
  const open = (r: ComplaintRowDto) => setQuery({ id: String(r.id) });
  const exportHref = `/api/admin/complaints/export${toQuery({ key: query.key, status: query.status })}`;
  const current: Record<string, string> = {};
  for (const k of SAVED_KEYS) if (query[k] !== DEFAULTS[k]) current[k] = query[k];

  const move = useComplaintMove(() => list.query.refetch());
  const moveTo = (target: MoveTarget, extra: MoveExtra = {}) => move(target.id, target.to, extra);
  const drop = (id: number, from: ComplaintStatusName, to: ComplaintStatusName) => {
    const row = list.page?.items.find((c) => c.id === id);
    if (!row) return;
    const target = { id, to, complaintNo: row.complaintNo, appliedRefund: row.appliedRefund };
    if (to === 'rejected' || to === 'approving') setMoving(target);
    else void moveTo(target);
  };

  return (
    <section className="rounded-lg bg-white p-4" data-testid="complaints-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Segmented value={query.view} onChange={(v) => setQuery({ view: String(v) })} options={[{ value: 'table', label: tc('tableView') }, { value: 'board', label: tc('boardView') }]} data-testid="complaints-view-switch" />
          <Button href={exportHref} data-testid="complaints-export">{tc('export')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 280, maxWidth: '100%' }} data-testid="complaints-search" />
        {!board && <Select aria-label={tc('statusFilter')} value={query.status} style={{ width: 150 }} onChange={(status) => setQuery({ status })} data-testid="complaints-status"
          options={[{ value: '', label: tc('allStatuses') }, ...COMPLAINT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />}
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 170 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: '-appliedRefund', label: t('refundHigh') }, { value: 'appliedRefund', label: t('refundLow') }]} />
        <SavedViewsBar listKey="complaints" current={current} onApply={(q) => setQuery({ ...DEFAULTS, ...q, id: '' })} />
      </Space>
      {board && list.query.error && <Alert type="error" title={list.query.error.message} className="mb-3" />}
      {board ? (
        <StateBoard states={COMPLAINT_STATUSES} items={list.page?.items ?? []} testId="complaints-board" header={statusTag}
          label={(c) => `${c.complaintNo} ${c.companyName}`} onOpen={open} onDrop={drop}
          card={(c) => (
            <>
              <div className="font-medium">{c.complaintNo}</div>
              <div className="truncate">{c.companyName}</div>
              <div className="text-xs text-slate-500">{t('col.applied')} ¥{money(c.appliedRefund)}{c.approvedRefund ? ` · ${t('col.approved')} ¥${money(c.approvedRefund)}` : ''}</div>
            </>
          )} />
      ) : (
        <Table<ComplaintRowDto>
          rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1300 } : undefined} showHeader={wide}
          onRow={(r) => ({ 'data-testid': `complaint-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
          columns={wide ? [
            { title: t('col.no'), dataIndex: 'complaintNo', width: 160, render: (v: string, r) => <Button type="link" className="p-0" onClick={() => open(r)} data-testid="complaint-open">{v}</Button> },
            { title: t('col.customer'), dataIndex: 'companyName', ellipsis: true },
            { title: t('col.order'), dataIndex: 'orderNo', width: 150 },
            { title: t('col.description'), dataIndex: 'description', ellipsis: true },
            { title: t('col.applied'), dataIndex: 'appliedRefund', width: 110, align: 'right', render: (v: string) => money(v) },
            { title: t('col.approved'), dataIndex: 'approvedRefund', width: 110, align: 'right', render: (v: string | null) => (v ? money(v) : '—') },
            { title: t('col.status'), dataIndex: 'status', width: 120, render: statusTag },
            { title: t('col.owner'), dataIndex: 'ownerName', width: 80, render: (v: string) => v || '—' },
            { title: t('col.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
          ] : [{
            key: 'all', render: (_: unknown, r) => (
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-1">{statusTag(r.status)}<span className="text-xs text-slate-500">{r.complaintNo}</span></div>
                <div className="font-medium">{r.companyName}</div>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span>{t('col.applied')} ¥{money(r.appliedRefund)}</span>
                  <Button size="small" onClick={() => open(r)} aria-label={`${tc('open')} ${r.complaintNo}`}>{tc('open')}</Button>
                </div>
              </div>
            ),
          }]}
        />
      )}
      {!board && <KeysetPager list={list} testId="complaints" />}
      <MoveModal target={moving} onClose={() => setMoving(null)} onConfirm={async (extra) => { if (moving) await moveTo(moving, extra); setMoving(null); }} />
    </section>
  );
}
