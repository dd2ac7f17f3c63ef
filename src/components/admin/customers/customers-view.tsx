'use client';

import { Button, Empty, Form, Grid, Input, Select, Space, Table, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import {
  CRM_LIMITS, CUSTOMER_KINDS, CUSTOMER_LEVELS, type CustomerLevel, type CustomerRowDto,
} from '@/contracts/customers';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { oneOf } from '../common/view-filters';
import { CustomerFields, LEVEL_COLOURS } from './customer-fields';
import { CustomerRecord } from './customer-record';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { id: '', key: '', kind: '', level: '', teamId: '', ownerId: '', tag: '', scope: 'all', sort: 'name' };
type ListQuery = typeof DEFAULTS;
const FILTER_KEYS = ['key', 'kind', 'level', 'teamId', 'ownerId', 'tag', 'scope', 'sort'] as const;
const PAGE_SIZE = 20;
const SCOPES = ['all', 'mine', 'unowned'] as const;
const SORTS = ['name', '-name', '-createdAt', 'createdAt'] as const;

/** The list's typed query: the view's filters the API knows, empty ones left out. */
function listFilters(query: ListQuery) {
  return {
    key: query.key || undefined, kind: oneOf(CUSTOMER_KINDS, query.kind), level: oneOf(CUSTOMER_LEVELS, query.level),
    teamId: query.teamId || undefined, ownerId: query.ownerId || undefined, tag: query.tag || undefined,
    scope: oneOf(SCOPES, query.scope), sort: oneOf(SORTS, query.sort),
  };
}

/**
 * `/customers` (CUSTOMER.VIEW, ADR 0038): the customers the member sees — search, filters, sort, keyset
 * pages, the member's saved views, an Excel export and new prospects; `?id=` opens a customer's record page.
 */
export function CustomersView() {
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const id = Number(query.id);
  if (query.id && Number.isInteger(id) && id > 0) return <CustomerRecord id={id} onBack={() => setQuery({ id: '' })} />;
  return <CustomerList query={query} setQuery={setQuery} />;
}

function CustomerList({ query, setQuery }: { query: ListQuery; setQuery: (patch: Partial<ListQuery>) => void }) {
  const t = useTranslations('adminCustomers');
  const locale = useLocale();
  const format = useFormatter();
  const wide = Grid.useBreakpoint().md !== false;
  const [creating, setCreating] = useState(false);
  const listQuery = listFilters(query);
  const list = useKeysetQuery('/api/admin/customers', { ...listQuery, limit: PAGE_SIZE });
  const page = list.page;
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const { data: filters } = useApiQuery('get', '/api/admin/customers/filters');
  const filter = (patch: Partial<ListQuery>) => setQuery(patch);
  const teamName = (zh: string | null, en: string | null) => (locale === 'en' ? en : zh) ?? '—';
  const open = (row: CustomerRowDto) => setQuery({ id: String(row.id) });
  const kindTag = (k: CustomerRowDto['kind']) => <Tag color={k === 'customer' ? 'green' : 'purple'}>{t(`kinds.${k}`)}</Tag>;

  const exportHref = `/api/admin/customers/export${toQuery(listQuery)}`;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="customers-view">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Button href={exportHref} data-testid="customers-export">{t('export')}</Button>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="customer-add">{t('addProspect')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => filter({ key })} style={{ width: 280, maxWidth: '100%' }} data-testid="customers-search" />
        <Select aria-label={t('scopeFilter')} value={query.scope} style={{ width: 140 }} onChange={(scope) => filter({ scope })} data-testid="customers-scope"
          options={['all', 'mine', 'unowned'].map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
        <Select aria-label={t('kindFilter')} value={query.kind} style={{ width: 130 }} onChange={(kind) => filter({ kind })}
          options={[{ value: '', label: t('allKinds') }, ...CUSTOMER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]} />
        <Select aria-label={t('levelFilter')} value={query.level} style={{ width: 120 }} onChange={(level) => filter({ level })}
          options={[{ value: '', label: t('allLevels') }, ...CUSTOMER_LEVELS.map((l) => ({ value: l, label: t('levelValue', { level: l }) }))]} />
        <Select aria-label={t('teamFilter')} value={query.teamId} style={{ width: 160 }} onChange={(teamId) => filter({ teamId })}
          options={[{ value: '', label: t('allTeams') }, ...(filters?.teams ?? []).map((team) => ({ value: String(team.id), label: teamName(team.nameZh, team.nameEn) }))]} />
        <Select aria-label={t('ownerFilter')} value={query.ownerId} style={{ width: 140 }} onChange={(ownerId) => filter({ ownerId })} showSearch optionFilterProp="label"
          options={[{ value: '', label: t('allOwners') }, ...(filters?.staff ?? []).map((s) => ({ value: String(s.id), label: s.name }))]} />
        <Input aria-label={t('tagFilter')} placeholder={t('tagFilter')} defaultValue={query.tag} maxLength={CRM_LIMITS.short} style={{ width: 120 }}
          onPressEnter={(e) => filter({ tag: e.currentTarget.value.trim() })} onBlur={(e) => { if (e.target.value.trim() !== query.tag) filter({ tag: e.target.value.trim() }); }} />
        <Select aria-label={t('sortFilter')} value={query.sort} style={{ width: 150 }} onChange={(sort) => filter({ sort })}
          options={['name', '-name', '-createdAt', 'createdAt'].map((s) => ({ value: s, label: t(`sorts.${s}`) }))} />
      </Space>
      <Space wrap className="mb-3">
        <SavedViewsBar listKey="customers" current={viewQuery(query, DEFAULTS, FILTER_KEYS)} onApply={(q) => filter({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, DEFAULTS[k]])), ...q })} />
      </Space>
      <Table<CustomerRowDto>
        rowKey="id"
        {...table}
        dataSource={page?.items ?? []}
        pagination={false}
        scroll={wide ? { x: 1000 } : undefined}
        showHeader={wide}
        onRow={(r) => ({ 'data-testid': `customer-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          {
            title: t('name'), dataIndex: 'name', render: (v: string, r) => (
              <Button type="link" className="h-auto whitespace-normal p-0 text-left" onClick={() => open(r)} data-testid="customer-open">{v}</Button>
            ),
          },
          { title: t('kind'), dataIndex: 'kind', width: 100, render: kindTag },
          { title: t('level'), dataIndex: 'level', width: 80, render: (l: string) => <Tag color={LEVEL_COLOURS[l]}>{l}</Tag> },
          { title: t('owner'), key: 'owner', width: 160, render: (_: unknown, r) => (r.ownerName ? <span>{r.ownerName}<span className="block text-xs text-slate-500">{teamName(r.teamZh, r.teamEn)}</span></span> : <Tag>{t('pool')}</Tag>) },
          { title: t('tags'), dataIndex: 'tags', width: 200, render: (tags: string[]) => tags.map((x) => <Tag key={x}>{x}</Tag>) },
          { title: t('credit'), key: 'credit', width: 150, render: (_: unknown, r) => t('creditValue', { days: r.creditDays, limit: money(r.creditLimit) }) },
          { title: t('users'), dataIndex: 'users', width: 80 },
          { title: t('createdAt'), dataIndex: 'createdAt', width: 120, render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
        ] : [
          {
            key: 'all', render: (_: unknown, r) => (
              <div className="space-y-1">
                <Button type="link" className="h-auto whitespace-normal p-0 text-left font-medium" onClick={() => open(r)} data-testid="customer-open">{r.name}</Button>
                <div className="flex flex-wrap items-center gap-1">{kindTag(r.kind)}<Tag color={LEVEL_COLOURS[r.level]}>{r.level}</Tag>{r.tags.map((x) => <Tag key={x}>{x}</Tag>)}</div>
                <div className="text-xs text-slate-500">{r.ownerName ? `${r.ownerName} · ${teamName(r.teamZh, r.teamEn)}` : t('pool')}</div>
              </div>
            ),
          },
        ]}
      />
      <KeysetPager list={list} testId="customers"
        texts={{ total: t('total', { total: page?.total ?? 0 }), first: t('firstPage'), previous: t('previousPage'), next: t('nextPage') }} />
      <ProspectModal open={creating} onClose={() => setCreating(false)} onCreated={(newId) => { setCreating(false); setQuery({ id: String(newId) }); }} />
    </section>
  );
}

interface ProspectForm { name: string; level: CustomerLevel; creditDays: number; creditLimit: string; tags: string[]; phone: string; address: string }

function ProspectModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const t = useTranslations('adminCustomers');
  const [form] = Form.useForm<ProspectForm>();
  const create = useApiMutation('post', '/api/admin/customers', { invalidates: ['/api/admin/customers'], form, success: t('prospectAdded') });
  const { saving, onFinish } = useFormSave(async (values: ProspectForm) => {
    const made = await create.send({ body: values });
    if (made) onCreated(made.data.id);
  });
  return (
    <FormModal open={open} title={t('addProspect')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} okText={t('save')} cancelText={t('cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ level: 'C', creditDays: 0, creditLimit: '0.00', tags: [], phone: '', address: '' }}
        onFinish={onFinish}>
        <CustomerFields />
      </Form>
    </FormModal>
  );
}
