'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Grid, Segmented, Select, Space, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QUOTATION_STATES, type QuotationRowDto, type QuotationStateName } from '@/contracts/quotations';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation } from '@/lib/api/query';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { useCustomerOptions } from '../common/customer-options';
import { KeysetPager, useKeysetQuery } from '../common/keyset-list';
import { oneOf } from '../common/view-filters';
import { STATE_COLOURS, useQuotationMove, yuan } from './quotation-parts';
import { QuotationRecord } from './quotation-record';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { id: '', key: '', state: '', sort: '-createdAt', view: 'table' };
const FILTER_KEYS = ['key', 'state', 'sort', 'view'] as const;
const SORTS = ['-createdAt', 'createdAt', '-total', 'total'] as const;

/**
 * `/quotations` (QUOTATION.EDIT, ADR 0040): quotations the member may see (owner, team, manager, the
 * shared queue of new requests), as a table or a board grouped by state; dragging a card calls the same
 * state change as the record page's buttons. `?id=` opens the record page.
 */
export function QuotationsView() {
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const id = Number(query.id);
  if (query.id && Number.isInteger(id) && id > 0) return <QuotationRecord id={id} onBack={() => setQuery({ id: '' })} />;
  return <QuotationList query={query} setQuery={setQuery} />;
}

function QuotationList({ query, setQuery }: { query: typeof DEFAULTS; setQuery: (patch: Partial<typeof DEFAULTS>) => void }) {
  const t = useTranslations('adminQuotations');
  const tc = useTranslations('adminCommon');
  const board = query.view === 'board';
  const wide = Grid.useBreakpoint().md !== false;
  const list = useKeysetQuery('/api/admin/quotations', {
    key: query.key || undefined, state: board ? undefined : oneOf(QUOTATION_STATES, query.state), sort: oneOf(SORTS, query.sort), limit: board ? 200 : 20,
  });
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const [creating, setCreating] = useState(false);
  const tag = (s: QuotationStateName) => <Tag color={STATE_COLOURS[s]}>{t(`status.${s}`)}</Tag>;
  const open = (row: QuotationRowDto) => setQuery({ id: String(row.id) });

  const move = useQuotationMove(() => list.query.refetch());
  const drop = async (id: number, from: QuotationStateName, to: QuotationStateName) => {
    if (from !== to) await move(id, to);
  };

  return (
    <section className="rounded-lg bg-white p-4" data-testid="quotations-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Segmented value={query.view} onChange={(v) => setQuery({ view: String(v) })} data-testid="quotations-view-switch"
            options={[{ value: 'table', label: tc('tableView') }, { value: 'board', label: tc('boardView') }]} />
          <Button href={`/api/admin/quotations/export${toQuery({ key: query.key, state: query.state, sort: query.sort })}`} data-testid="quotations-export">{tc('export')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="quotation-new">{t('new')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 280, maxWidth: '100%' }} data-testid="quotations-search" />
        {!board && <Select aria-label={tc('statusFilter')} value={query.state} style={{ width: 150 }} onChange={(state) => setQuery({ state })} data-testid="quotations-state"
          options={[{ value: '', label: tc('allStatuses') }, ...QUOTATION_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />}
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 170 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: '-total', label: t('totalHigh') }, { value: 'total', label: t('totalLow') }]} />
        <SavedViewsBar listKey="quotations" current={viewQuery(query, DEFAULTS, FILTER_KEYS)} onApply={(q) => setQuery({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, DEFAULTS[k]])), ...q })} />
      </Space>
      {board && list.query.error && <Alert type="error" title={list.query.error.message} className="mb-3" />}
      {board ? (
        <div className="flex gap-3 overflow-x-auto pb-2" data-testid="quotations-board">
          {QUOTATION_STATES.map((s) => {
            const cards = (list.page?.items ?? []).filter((q) => q.state === s);
            return (
              <div key={s} className="w-56 shrink-0 rounded bg-slate-50 p-2" data-testid={`board-column-${s}`} onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  const [id, from] = e.dataTransfer.getData('text/plain').split(':');
                  if (id && from) void drop(Number(id), from as QuotationStateName, s);
                }}>
                <div className="mb-2 flex items-center justify-between text-sm">{tag(s)}<span className="text-slate-500">{cards.length}</span></div>
                <div className="min-h-16 space-y-2">
                  {cards.map((q) => (
                    <div key={q.id} draggable tabIndex={0} role="button" aria-label={`${q.quoteNo} ${q.companyName}`} data-testid={`board-card-${q.id}`}
                      onDragStart={(e) => e.dataTransfer.setData('text/plain', `${q.id}:${q.state}`)}
                      onClick={() => open(q)} onKeyDown={(e) => { if (e.key === 'Enter') open(q); }}
                      className="cursor-grab rounded border border-slate-200 bg-white p-2 text-sm shadow-sm">
                      <div className="font-medium">{q.quoteNo}</div>
                      <div className="truncate">{q.companyName}</div>
                      <div className="flex justify-between text-xs text-slate-500"><span>{q.currentVersion === 0 ? '—' : yuan(q.totalCents)}</span><span>{q.ownerName ?? ''}</span></div>
                    </div>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      ) : (
        <Table<QuotationRowDto>
          rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1000 } : undefined} showHeader={wide}
          onRow={(r) => ({ 'data-testid': `quotation-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
          columns={wide ? [
            { title: t('col.quoteNo'), dataIndex: 'quoteNo', width: 160 },
            { title: t('col.customer'), dataIndex: 'companyName', ellipsis: true },
            { title: t('col.requester'), dataIndex: 'userName', width: 100, render: (v: string | null) => v ?? '—' },
            { title: t('col.total'), dataIndex: 'totalCents', width: 130, align: 'right', render: (v: number, r) => (r.currentVersion === 0 ? '—' : yuan(v)) },
            { title: t('col.validUntil'), dataIndex: 'validUntil', width: 110, render: (v: string | null) => v ?? '—' },
            { title: t('col.state'), dataIndex: 'state', width: 110, render: tag },
            { title: t('col.owner'), dataIndex: 'ownerName', width: 90, render: (v: string | null) => v ?? '—' },
            { title: tc('actions'), key: 'a', width: 80, fixed: 'right', render: (_: unknown, r) => <Button size="small" onClick={() => open(r)} aria-label={`${tc('open')} ${r.quoteNo}`}>{tc('open')}</Button> },
          ] : [{
            key: 'all', render: (_: unknown, r) => (
              <button type="button" className="w-full space-y-1 text-left" onClick={() => open(r)} aria-label={`${tc('open')} ${r.quoteNo}`}>
                <div className="flex flex-wrap items-center gap-1">{tag(r.state)}<span className="text-xs text-slate-500">{r.quoteNo}</span></div>
                <div className="font-medium">{r.companyName}</div>
                <div className="flex justify-between text-sm"><span>{r.currentVersion === 0 ? '—' : yuan(r.totalCents)}</span><span className="text-slate-500">{r.ownerName ?? ''}</span></div>
              </button>
            ),
          }]}
        />
      )}
      {!board && <KeysetPager list={list} testId="quotations" />}
      <NewQuotationModal open={creating} onClose={() => setCreating(false)} onCreated={(q) => { setCreating(false); setQuery({ id: String(q.id) }); }} />
    </section>
  );
}

function NewQuotationModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (q: { id: number }) => void }) {
  const t = useTranslations('adminQuotations');
  const { options, search } = useCustomerOptions();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const create = useApiMutation('post', '/api/admin/quotations', { invalidates: ['/api/admin/quotations'] });
  const { saving, onFinish } = useFormSave(async () => {
    if (companyId === null) return;
    const made = await create.send({ body: { companyId } });
    if (made) onCreated(made.data);
  });
  return (
    <FormModal open={open} onCancel={onClose} destroyOnHidden title={t('newFor')} okText={t('create')} okButtonProps={{ disabled: companyId === null }}
      confirmLoading={saving} onOk={() => void onFinish()}>
      <Select showSearch filterOption={false} onSearch={search} onFocus={() => search('')} options={options} value={companyId} onChange={setCompanyId}
        placeholder={t('pickCompany')} aria-label={t('companyId')} style={{ width: '100%' }} data-testid="quotation-company" />
    </FormModal>
  );
}
