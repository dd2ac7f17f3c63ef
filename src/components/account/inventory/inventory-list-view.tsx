'use client';

import { Button, Checkbox, Empty, Input, Pagination, Select, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CONTAINER_SORTS, EXPIRY_FILTERS, HAZARD_FILTERS, type ContainerDto, type ContainerPageDto, type InventoryChoicesDto, type InventoryListInput, type LocationDto } from '@/contracts/inventory';
import { useTableState } from '@/components/data/query-state';
import { Link } from '@/i18n/client-navigation';
import { useApiQuery } from '@/lib/api/query';
import { InventoryIoLinks, LedgerExportButton, LINK_BUTTON, PrintLabelsLink } from '@/components/account/inventory-io/inventory-io-actions';
import { AddContainerDialog } from './add-container-dialog';
import { InventoryMarks } from './inventory-marks';
import { locationNodes } from './location-tree';

export type InventoryFilters = Omit<InventoryListInput, 'key'> & { key: string };
type Filters = InventoryFilters;

const href = (c: ContainerDto) => `/account/inventory/${c.id}?default=8`;

/**
 * /account/inventory: the company's containers with filters, search, sort and numbered pages — a table on a
 * wide screen, cards on a phone at the bench. The first page comes rendered from the server.
 */
export function InventoryListView({ initial, start, locations, choices, today, canAdd }: {
  initial: ContainerPageDto; start: InventoryFilters; locations: LocationDto[]; choices: InventoryChoicesDto; today: string; canAdd: boolean;
}) {
  const t = useTranslations('inventory');
  const [filters, setFilters] = useState<Filters>(start);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const { key, ...rest } = filters;
  const query = useApiQuery('get', '/api/app/inventory', { params: { query: { ...rest, ...(key ? { key } : {}) } } }, { initialData: filters === start ? initial : undefined });
  const tableState = useTableState(query, t('empty'));
  const data = query.data ?? initial;
  const set = (change: Partial<Filters>) => setFilters((f) => ({ ...f, offset: 1, ...change }));
  const amountOf = (c: ContainerDto) => `${c.remaining} / ${c.amount} ${c.unit === 'ea' ? t('units.ea') : c.unit}`;
  const placeOf = (c: ContainerDto) => (c.location.length ? c.location.map((l) => l.name).join(' / ') : t('unplaced'));

  const columns: ColumnsType<ContainerDto> = [
    { title: t('code'), dataIndex: 'code', width: 110, render: (_v, c) => <Link href={href(c)} className="font-mono text-brand-600 hover:underline" data-testid="container-open">{c.code}</Link> },
    { title: t('name'), dataIndex: 'name', render: (_v, c) => (
      <div className="min-w-0">
        <Link href={href(c)} className="break-words font-medium hover:underline">{c.name}</Link>
        <div className="text-xs text-muted">{[c.cas && `CAS ${c.cas}`, c.itemNo, c.lotNo && `${t('lot')} ${c.lotNo}`].filter(Boolean).join(' · ')}</div>
        <InventoryMarks container={c} today={today} />
      </div>
    ) },
    { title: t('remaining'), dataIndex: 'remaining', width: 140, render: (_v, c) => <span className="whitespace-nowrap" data-testid="container-remaining">{amountOf(c)}</span> },
    { title: t('location'), dataIndex: 'location', render: (_v, c) => placeOf(c) },
    { title: t('owner'), dataIndex: 'owner', width: 110, render: (_v, c) => c.owner?.name ?? '—' },
    { title: t('expiresOn'), dataIndex: 'expiresOn', width: 110, render: (_v, c) => c.expiresOn ?? (c.retestOn ? `${t('retestShort')} ${c.retestOn}` : '—') },
  ];

  return (
    <div className="space-y-4">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label={t('filters')}>
        <Input.Search allowClear placeholder={t('searchPlaceholder')} aria-label={t('search')} defaultValue="" onSearch={(v) => set({ key: v.trim() })} data-testid="inventory-search" className="sm:col-span-2" />
        <TreeSelect allowClear treeDefaultExpandAll placeholder={t('allLocations')} aria-label={t('location')} value={filters.locationId} onChange={(v?: number) => set({ locationId: v })}
          treeData={locationNodes(locations)} fieldNames={{ label: 'title', value: 'value', children: 'children' }} data-testid="filter-location" />
        <Select allowClear showSearch optionFilterProp="label" placeholder={t('allOwners')} aria-label={t('owner')} value={filters.ownerId} onChange={(v?: number) => set({ ownerId: v })}
          options={choices.users.map((u) => ({ value: u.id, label: u.name }))} />
        <Select allowClear placeholder={t('allDepartments')} aria-label={t('department')} value={filters.departmentId} onChange={(v?: number) => set({ departmentId: v })}
          options={choices.departments.map((d) => ({ value: d.id, label: d.name }))} />
        <Select aria-label={t('state')} value={filters.state} onChange={(v: Filters['state']) => set({ state: v })} data-testid="filter-state"
          options={(['in_use', 'empty', 'disposed', 'all'] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))} />
        <Select allowClear placeholder={t('anyHazard')} aria-label={t('hazard')} value={filters.hazard} onChange={(v?: Filters['hazard']) => set({ hazard: v })} data-testid="filter-hazard"
          options={HAZARD_FILTERS.map((h) => ({ value: h, label: t(`hazards.${h}`) }))} />
        <Select allowClear placeholder={t('anyExpiry')} aria-label={t('expiry')} value={filters.expiry} onChange={(v?: Filters['expiry']) => set({ expiry: v })} data-testid="filter-expiry"
          options={EXPIRY_FILTERS.map((e) => ({ value: e, label: t(`expiries.${e}`) }))} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted">{t('sortBy')}</span>
          <Select aria-label={t('sortBy')} value={`${filters.sort}:${filters.order}`} className="min-w-44" data-testid="inventory-sort"
            onChange={(v: string) => { const [sort, order] = v.split(':') as [Filters['sort'], Filters['order']]; set({ sort, order }); }}
            options={CONTAINER_SORTS.flatMap((s) => (['asc', 'desc'] as const).map((o) => ({ value: `${s}:${o}`, label: t(`sorts.${s}.${o}`) })))} />
          <span className="text-sm text-muted" data-testid="inventory-total">{t('total', { total: data.total })}</span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PrintLabelsLink ids={chosen} />
          <LedgerExportButton />
          <InventoryIoLinks canImport={canAdd} />
          <Link href="/account/inventory/locations?default=8" className={LINK_BUTTON}>{t('locations')}</Link>
          {canAdd && <Button type="primary" onClick={() => setAdding(true)} data-testid="inventory-add">{t('add')}</Button>}
        </div>
      </div>
      <div className="hidden md:block">
        <Table<ContainerDto> rowKey="id" size="small" columns={columns} dataSource={data.list} {...tableState} pagination={false} data-testid="inventory-table"
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)), preserveSelectedRowKeys: true }} />
      </div>
      <ul className="space-y-2 md:hidden" data-testid="inventory-cards">
        {data.list.length === 0 && <Empty description={t('empty')} />}
        {data.list.map((c) => (
          <li key={c.id} className="rounded-lg border border-line p-3" data-testid="inventory-card">
            <div className="flex items-start justify-between gap-2">
              {/* The phone's selection for labels, as the table's checkboxes are on a desk. */}
              <Checkbox checked={chosen.includes(c.id)} aria-label={t('chooseForLabels', { code: c.code })} data-testid="card-choose" className="mt-0.5"
                onChange={(e) => setChosen((ids) => (e.target.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id)))} />
              <Link href={href(c)} className="min-w-0 flex-1 break-words font-medium text-brand-600">{c.name}</Link>
              <span className="shrink-0 font-mono text-xs text-muted">{c.code}</span>
            </div>
            <InventoryMarks container={c} today={today} />
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-muted">{t('remaining')}</dt><dd className="font-medium">{amountOf(c)}</dd>
              <dt className="text-muted">{t('location')}</dt><dd className="break-words">{placeOf(c)}</dd>
              {(c.expiresOn ?? c.retestOn) && <><dt className="text-muted">{c.expiresOn ? t('expiresOn') : t('retestOn')}</dt><dd>{c.expiresOn ?? c.retestOn}</dd></>}
            </dl>
          </li>
        ))}
      </ul>
      <Pagination align="end" current={data.page} pageSize={data.pageSize} total={data.total} showSizeChanger pageSizeOptions={['20', '50', '100']} showTotal={(total) => t('total', { total })}
        onChange={(page, size) => setFilters((f) => ({ ...f, offset: size !== f.limit ? 1 : page, limit: size }))} size="small" />
      {canAdd && <AddContainerDialog open={adding} onClose={() => setAdding(false)} locations={locations} />}
    </div>
  );
}
