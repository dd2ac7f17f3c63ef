'use client';

import { Button, Empty, Form, Grid, Input, Select, Space, Table, Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { CONTRACT_STATES, type ContractRowDto, type ContractStateName } from '@/contracts/contracts';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation } from '@/lib/api/query';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { CONTRACT_COLOURS } from './contract-colours';
import { ContractRecord } from './contract-record';
import { useCustomerOptions } from '../common/customer-options';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { oneOf } from '../common/view-filters';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { id: '', key: '', state: '', sort: '-createdAt' };
const SORTS = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;

/**
 * `/contracts` (CONTRACT.EDIT, ADR 0044): the contracts the member may see — search, state filter,
 * sort, keyset pages, an Excel export, a new contract for a customer; `?id=` opens a record page.
 */
export function ContractsView() {
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const id = Number(query.id);
  if (query.id && Number.isInteger(id) && id > 0) return <ContractRecord id={id} onBack={() => setQuery({ id: '' })} />;
  return <ContractList query={query} setQuery={setQuery} />;
}

function ContractList({ query, setQuery }: { query: typeof DEFAULTS; setQuery: (patch: Partial<typeof DEFAULTS>) => void }) {
  const t = useTranslations('adminContracts');
  const tc = useTranslations('adminCommon');
  const format = useFormatter();
  const list = useKeysetQuery('/api/admin/contracts', { key: query.key || undefined, state: oneOf(CONTRACT_STATES, query.state), sort: oneOf(SORTS, query.sort), limit: 20 });
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tc('empty')} />);
  const [creating, setCreating] = useState(false);
  const wide = Grid.useBreakpoint().md !== false;
  const stateTag = (s: ContractStateName) => <Tag color={CONTRACT_COLOURS[s]}>{t(`state.${s}`)}</Tag>;
  const open = (r: ContractRowDto) => setQuery({ id: String(r.id) });
  const exportHref = `/api/admin/contracts/export${toQuery({ key: query.key, state: query.state, sort: query.sort })}`;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="contracts-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="contracts-new">{t('new')}</Button>
          <Button href={exportHref} data-testid="contracts-export">{tc('export')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 280, maxWidth: '100%' }} data-testid="contracts-search" />
        <Select aria-label={tc('statusFilter')} value={query.state} style={{ width: 150 }} onChange={(state) => setQuery({ state })} data-testid="contracts-state"
          options={[{ value: '', label: tc('allStatuses') }, ...CONTRACT_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))]} />
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 170 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: '-amount', label: t('amountHigh') }, { value: 'amount', label: t('amountLow') }]} />
        <SavedViewsBar listKey="contracts" current={viewQuery(query, DEFAULTS, ['key', 'state', 'sort'])} onApply={(q) => setQuery({ ...DEFAULTS, ...q })} />
      </Space>
      <Table<ContractRowDto>
        rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1200 } : undefined} showHeader={wide}
        onRow={(r) => ({ 'data-testid': `contract-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('col.no'), dataIndex: 'contractNo', width: 160, render: (v: string, r) => <Button type="link" className="p-0" onClick={() => open(r)} data-testid="contract-open">{v}</Button> },
          { title: t('col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('col.customer'), dataIndex: 'companyName', ellipsis: true },
          { title: t('col.quotation'), dataIndex: 'quoteNo', width: 150, render: (v: string | null) => v ?? '—' },
          { title: t('col.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => money(v) },
          { title: t('col.state'), dataIndex: 'state', width: 110, render: stateTag },
          { title: t('col.owner'), dataIndex: 'ownerName', width: 80, render: (v: string) => v || '—' },
          { title: t('col.createdAt'), dataIndex: 'createdAt', width: 130, render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1">{stateTag(r.state)}<span className="text-xs text-slate-500">{r.contractNo}</span></div>
              <div className="font-medium">{r.title}</div>
              <div className="text-sm text-slate-600">{r.companyName}</div>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span>¥{money(r.amount)}</span>
                <Button size="small" onClick={() => open(r)} aria-label={`${tc('open')} ${r.contractNo}`}>{tc('open')}</Button>
              </div>
            </div>
          ),
        }]}
      />
      <KeysetPager list={list} testId="contracts" />
      <NewContractModal open={creating} onClose={() => setCreating(false)} onCreated={(c) => { setCreating(false); setQuery({ id: String(c.id) }); }} />
    </section>
  );
}

interface NewContractForm { companyId: number; title: string; amount: string; signingDate?: string; endDate?: string; notes?: string }

/** A new contract for a customer company: title, amount, dates, notes (the server checks them all). */
function NewContractModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (c: { id: number }) => void }) {
  const t = useTranslations('adminContracts');
  const [form] = Form.useForm<NewContractForm>();
  const { options, search } = useCustomerOptions();
  const create = useApiMutation('post', '/api/admin/contracts', { invalidates: ['/api/admin/contracts'] });
  const { saving, onFinish } = useFormSave(async (values: NewContractForm) => {
    const made = await create.send({ body: { ...values, notes: values.notes ?? '', signingDate: values.signingDate || null, endDate: values.endDate || null } });
    if (made) onCreated(made.data);
  });
  return (
    <FormModal open={open} onCancel={onClose} destroyOnHidden title={t('new')} okText={t('create')} onOk={() => form.submit()} confirmLoading={saving}>
      <Form form={form} layout="vertical" preserve={false} onFinish={onFinish}>
        <Form.Item name="companyId" label={t('col.customer')} rules={[{ required: true, message: t('pickCompany') }]}>
          <Select showSearch filterOption={false} onSearch={search} onFocus={() => search('')} options={options} placeholder={t('pickCompany')} data-testid="contract-company" />
        </Form.Item>
        <Form.Item name="title" label={t('col.title')} rules={[{ required: true, message: t('titleRequired') }]}><Input maxLength={60} showCount data-testid="contract-title" /></Form.Item>
        <Form.Item name="amount" label={t('col.amount')} rules={[{ required: true, pattern: /^\d{1,8}(\.\d{1,2})?$/, message: t('amountInvalid') }]}><Input inputMode="decimal" data-testid="contract-amount" /></Form.Item>
        <Space wrap>
          <Form.Item name="signingDate" label={t('col.signingDate')}><Input type="date" /></Form.Item>
          <Form.Item name="endDate" label={t('col.endDate')}><Input type="date" /></Form.Item>
        </Space>
        <Form.Item name="notes" label={t('notes')}><Input.TextArea maxLength={100} showCount rows={2} /></Form.Item>
      </Form>
    </FormModal>
  );
}
