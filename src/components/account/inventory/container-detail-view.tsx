'use client';

import { Descriptions, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { ContainerDetailDto, InventoryChoicesDto, LedgerRowDto, LocationDto } from '@/contracts/inventory';
import { useTableState } from '@/components/data/query-state';
import { Link } from '@/i18n/client-navigation';
import { useApiQuery } from '@/lib/api/query';
import { LedgerExportButton, PrintLabelsLink } from '@/components/account/inventory-io/inventory-io-actions';
import { ContainerActions } from './container-actions';
import { InventoryMarks } from './inventory-marks';

const KIND_COLOURS: Record<LedgerRowDto['kind'], string | undefined> = { received: 'green', used: 'blue', moved: undefined, disposed: 'red', correction: 'orange' };

/** /account/inventory/<id>: a container's facts, its lot's COA and order, its actions, and its ledger page by page (newest first). */
export function ContainerDetailView({ initial, locations, choices, today, reorder }: {
  initial: ContainerDetailDto; locations: LocationDto[]; choices: InventoryChoicesDto; today: string;
  /** The reorder button, beside the label and ledger buttons (for those who may order). */
  reorder?: ReactNode;
}) {
  const t = useTranslations('inventory');
  const id = initial.container.id;
  const detail = useApiQuery('get', '/api/app/inventory/{id}', { params: { path: { id } } }, { initialData: initial }).data ?? initial;
  const [page, setPage] = useState({ offset: 1, limit: 20 });
  const ledgerQuery = useApiQuery('get', '/api/app/inventory/{id}/ledger', { params: { path: { id }, query: page } }, { initialData: page.offset === 1 && page.limit === 20 ? detail.ledger : undefined });
  const ledger = ledgerQuery.data ?? detail.ledger;
  const tableState = useTableState(ledgerQuery);
  const c = detail.container;
  const unit = c.unit === 'ea' ? t('units.ea') : c.unit;

  const columns: ColumnsType<LedgerRowDto> = [
    { title: t('day'), dataIndex: 'happenedOn', width: 110 },
    { title: t('kind'), dataIndex: 'kind', width: 90, render: (_v, r) => <Tag color={KIND_COLOURS[r.kind]}>{t(`kinds.${r.kind}`)}</Tag> },
    { title: t('delta'), dataIndex: 'delta', width: 100, align: 'right', render: (_v, r) => (r.kind === 'moved' ? '—' : `${r.delta.startsWith('-') ? '' : '+'}${r.delta}`) },
    { title: t('balance'), dataIndex: 'balance', width: 100, align: 'right' },
    { title: t('detail'), dataIndex: 'purpose', render: (_v, r) => (
      <span className="break-words text-sm">
        {r.kind === 'moved' && t('movedFromTo', { from: r.from ?? t('unplaced'), to: r.to ?? t('unplaced') })}
        {r.kind !== 'moved' && r.purpose}
        {r.corrects !== null && <span className="ml-1 text-xs text-muted">{t('corrects', { day: r.corrects.happenedOn, kind: t(`kinds.${r.corrects.kind}`) })}</span>}
      </span>
    ) },
    { title: t('by'), dataIndex: 'actorName', width: 100 },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link href="/account/inventory?default=8" className="text-sm text-brand-600 hover:underline">← {t('back')}</Link>
          <h1 className="mt-1 break-words text-lg font-semibold" data-testid="container-title">{c.name}</h1>
          <p className="font-mono text-sm text-muted" data-testid="container-code">{c.code}</p>
          <InventoryMarks container={c} today={today} />
        </div>
        <div className="text-right">
          <div className="text-2xl font-semibold" data-testid="detail-remaining">{c.remaining} <span className="text-base font-normal">{unit}</span></div>
          <div className="text-xs text-muted">{t('ofAmount', { amount: `${c.amount} ${unit}` })}</div>
        </div>
      </div>
      <ContainerActions container={c} ledger={ledger.list} locations={locations} choices={choices} />
      <div className="flex flex-wrap items-center gap-2"><PrintLabelsLink ids={[c.id]} /><LedgerExportButton containerId={c.id} />{reorder}</div>
      {c.controlClass && !c.can.use && c.state === 'in_use' && <p className="text-sm text-red-700" data-testid="controlled-note">{t('controlledNote')}</p>}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={[
        { key: 'location', label: t('location'), children: c.location.length ? c.location.map((l) => l.name).join(' / ') : t('unplaced') },
        { key: 'owner', label: t('owner'), children: [c.owner?.name, c.department?.name].filter(Boolean).join(' · ') || '—' },
        { key: 'cas', label: 'CAS', children: c.cas || '—' },
        { key: 'item', label: t('itemNo'), children: c.productId ? <Link href={{ pathname: '/product/detail', query: { id: c.productId } }} className="text-brand-600 hover:underline">{c.itemNo || c.productId}</Link> : (c.itemNo || '—') },
        { key: 'lot', label: t('lot'), children: (
          <span className="flex flex-wrap gap-2">{c.lotNo || '—'}{detail.coaUrl && <a href={detail.coaUrl} className="text-brand-600 hover:underline" data-testid="container-coa">{t('coa')}</a>}</span>
        ) },
        { key: 'expires', label: t('expiresOn'), children: c.expiresOn ?? '—' },
        { key: 'retest', label: t('retestOn'), children: c.retestOn ?? '—' },
        { key: 'received', label: t('receivedOn'), children: (
          <span className="flex flex-wrap gap-2">{c.receivedOn}{detail.order && <Link href={{ pathname: '/order/detail', query: { id: detail.order.id, default: '1' } }} className="text-brand-600 hover:underline" data-testid="container-order">{t('fromOrder', { no: detail.order.orderNo })}</Link>}</span>
        ) },
        ...(c.note ? [{ key: 'note', label: t('note'), children: <span className="whitespace-pre-wrap">{c.note}</span> }] : []),
      ]} />
      <section aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="mb-2 font-semibold">{t('ledger')}</h2>
        <div className="overflow-x-auto">
          <Table<LedgerRowDto> rowKey="id" size="small" columns={columns} dataSource={ledger.list} {...tableState} scroll={{ x: 640 }} data-testid="ledger"
            pagination={{ current: ledger.page, pageSize: ledger.pageSize, total: ledger.total, showSizeChanger: true, pageSizeOptions: ['20', '50', '100'], showTotal: (total) => t('ledgerTotal', { total }),
              onChange: (p, s) => setPage({ offset: s !== page.limit ? 1 : p, limit: s }) }} />
        </div>
      </section>
    </div>
  );
}
