'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useFormatter, useTranslations } from 'next-intl';
import type { AuditEntryDto, AuditRecordKind } from '@/contracts/admin';
import { Link } from '@/i18n/navigation';
import { useTableState } from '@/components/data/query-state';
import { useApiQuery } from '@/lib/api/query';
import { definedParams, toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { ChangeList, useAuditLabels } from '../common/change-list';
import { pagination } from '../common/table-parts';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { actor: '', entity: '', entityId: '', from: '', to: '', page: '1' };
const PAGE_SIZE = 20;

/** The back-office page that opens a record of each kind. */
const RECORD_PAGE: Record<AuditRecordKind, ((r: NonNullable<AuditEntryDto['record']>) => string) | null> = {
  quotation: (r) => `/admin/quotations?id=${r.id}`,
  contract: (r) => `/admin/contracts?id=${r.id}`,
  complaint: (r) => `/admin/complaints?id=${r.id}`,
  customer: (r) => `/admin/customers?id=${r.id}`,
  product: (r) => `/admin/catalog/products?key=${encodeURIComponent(r.number.split(' · ')[0] ?? r.number)}`,
  expense: (r) => `/admin/expenses?key=${encodeURIComponent(r.number)}`,
  testing_case: (r) => `/admin/cases?key=${encodeURIComponent(r.number)}`,
  order: (r) => `/admin/orders/list?id=${r.id}`,
};

/** A row's object: its kind's label and the record by its business number, linked to the page that opens it. */
function AuditObject({ row }: { row: AuditEntryDto }) {
  const labels = useAuditLabels();
  const record = row.record;
  const href = record ? RECORD_PAGE[record.kind]?.(record) : undefined;
  return (
    <span data-testid="audit-object">
      {labels.entity(row.entity)}
      {record && <> {href ? <Link href={href} data-testid="audit-record">{record.number}</Link> : <span data-testid="audit-record">{record.number}</span>}</>}
    </span>
  );
}

/** `/audit`: the audit log with filters by who, entity (and record) and days, and a CSV export of the same filters. */
export function AuditView() {
  const t = useTranslations('adminAudit');
  const format = useFormatter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const filter = { actor: query.actor, entity: query.entity, entityId: query.entityId, from: query.from, to: query.to };
  const list = useApiQuery('get', '/api/admin/audit', { params: { query: definedParams({ ...filter, limit: PAGE_SIZE, offset: query.page }) } });
  const table = useTableState(list);
  const entities = useApiQuery('get', '/api/admin/audit/entities').data ?? [];
  const labels = useAuditLabels();

  return (
    <section className="rounded-lg bg-white p-4" data-testid="audit-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <a href={`/api/admin/audit/export${toQuery(filter)}`} download>
          <Button icon={<DownloadOutlined />}>{t('export')}</Button>
        </a>
      </div>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('actor')} aria-label={t('actor')} defaultValue={query.actor} style={{ width: 180 }}
          onSearch={(actor) => setQuery({ actor, page: '1' })} />
        {/* Every kind of record in the list itself, not a window of it: a few dozen, each read by a screen reader. */}
        <Select aria-label={t('entity')} value={query.entity} style={{ width: 150 }} onChange={(entity) => setQuery({ entity, page: '1' })} data-testid="audit-entity-filter"
          showSearch optionFilterProp="label" virtual={false}
          options={[{ value: '', label: t('allEntities') }, ...entities.map((e) => ({ value: e, label: labels.entity(e) })).sort((a, b) => a.label.localeCompare(b.label))]} />
        <Input allowClear placeholder={t('entityId')} aria-label={t('entityId')} defaultValue={query.entityId} style={{ width: 110 }}
          onPressEnter={(e) => setQuery({ entityId: e.currentTarget.value, page: '1' })} onBlur={(e) => e.currentTarget.value !== query.entityId && setQuery({ entityId: e.currentTarget.value, page: '1' })} />
        <DatePicker.RangePicker aria-label={t('days')}
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) => setQuery({ from: range?.[0]?.format('YYYY-MM-DD') ?? '', to: range?.[1]?.format('YYYY-MM-DD') ?? '', page: '1' })} />
      </Space>
      <Table<AuditEntryDto>
        rowKey="id"
        {...table}
        dataSource={list.data?.items}
        scroll={{ x: 900 }}
        pagination={pagination(query.page, PAGE_SIZE, list.data?.total ?? 0, (page) => setQuery({ page }))}
        columns={[
          { title: t('when'), dataIndex: 'createdAt', width: 160, render: (d: string) => format.dateTime(new Date(d), 'stamp') },
          { title: t('actor'), dataIndex: 'actorName', width: 140, render: (n: string, e) => <>{n} <Tag>{t(`actorTypes.${e.actorType as 'user' | 'staff' | 'system'}`)}</Tag></> },
          { title: t('ip'), dataIndex: 'ip', width: 120 },
          { title: t('action'), dataIndex: 'action', width: 110, render: (a: string) => <span data-testid="audit-action">{labels.action(a)}</span> },
          { title: t('entity'), dataIndex: 'entity', width: 190, render: (_: string, row) => <AuditObject row={row} /> },
          { title: t('changes'), key: 'changes', render: (_: unknown, row) => <ChangeList changes={row.changes} note={row.note} /> },
        ]}
      />
    </section>
  );
}
