'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Grid, Input, Segmented, Select, Space, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { AGREEMENT_STATES, type AgreementRowDto, type AgreementStateName } from '@/contracts/price-agreements';
import { useTableState } from '@/components/data/query-state';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';
import { useFormSave } from '@/components/ui/use-form-save';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { toQuery } from '@/lib/query-string';
import { useCustomerOptions } from '../common/customer-options';
import { KeysetPager, useKeysetQuery } from '../common/keyset-list';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { oneOf } from '../common/view-filters';
import { useViewQuery } from '../use-view-query';
import { AGREEMENT_COLOURS } from './agreement-parts';
import { AgreementRecord } from './agreement-record';

const DEFAULTS = { id: '', key: '', state: '', sort: '-createdAt', view: 'all', newFor: '' };
const FILTER_KEYS = ['key', 'state', 'sort', 'view'] as const;
const SORTS = ['-createdAt', 'createdAt', 'validTo', '-validTo'] as const;
/** The report of agreements about to expire: active ones ending within this many days. */
const EXPIRING_DAYS = 30;

/**
 * `/price-agreements` (PRICE.EDIT, ADR 0084): the agreements of the customers the member sees, with the
 * report of those expiring within 30 days as a view of its own (exported like the list); `?id=` opens the
 * record page, `?newFor=<company>` the new-agreement form for a customer (from the customer's record).
 */
export function PriceAgreementsView() {
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const id = Number(query.id);
  if (query.id && Number.isInteger(id) && id > 0) return <AgreementRecord id={id} onBack={() => setQuery({ id: '' })} />;
  return <AgreementList query={query} setQuery={setQuery} />;
}

function AgreementList({ query, setQuery }: { query: typeof DEFAULTS; setQuery: (patch: Partial<typeof DEFAULTS>) => void }) {
  const t = useTranslations('adminAgreements');
  const tc = useTranslations('adminCommon');
  const wide = Grid.useBreakpoint().md !== false;
  const expiring = query.view === 'expiring';
  const filters = {
    key: query.key || undefined, state: expiring ? undefined : oneOf(AGREEMENT_STATES, query.state), sort: oneOf(SORTS, query.sort),
    expiringDays: expiring ? EXPIRING_DAYS : undefined,
  };
  const list = useKeysetQuery('/api/admin/price-agreements', { ...filters, limit: 20 });
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const tag = (s: AgreementStateName) => <Tag color={AGREEMENT_COLOURS[s]}>{t(`status.${s}`)}</Tag>;
  const open = (row: AgreementRowDto) => setQuery({ id: String(row.id) });
  const newFor = Number(query.newFor);

  return (
    <section className="rounded-lg bg-white p-4" data-testid="agreements-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Segmented value={query.view} onChange={(v) => setQuery({ view: String(v), sort: v === 'expiring' ? 'validTo' : '-createdAt' })} data-testid="agreements-view-switch"
            options={[{ value: 'all', label: t('allView') }, { value: 'expiring', label: t('expiringView') }]} />
          <Button href={`/api/admin/price-agreements/export${toQuery({ ...filters, expiringDays: filters.expiringDays === undefined ? undefined : String(filters.expiringDays) })}`} data-testid="agreements-export">{tc('export')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setQuery({ newFor: '0' })} data-testid="agreement-new">{t('new')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{expiring ? t('expiringIntro') : t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 280, maxWidth: '100%' }} data-testid="agreements-search" />
        {!expiring && <Select aria-label={tc('statusFilter')} value={query.state} style={{ width: 150 }} onChange={(state) => setQuery({ state })} data-testid="agreements-state"
          options={[{ value: '', label: tc('allStatuses') }, ...AGREEMENT_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />}
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 150 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: 'validTo', label: t('endSoon') }, { value: '-validTo', label: t('endLate') }]} />
        <SavedViewsBar listKey="price_agreements" current={viewQuery(query, DEFAULTS, FILTER_KEYS)} onApply={(q) => setQuery({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, DEFAULTS[k]])), ...q })} />
      </Space>
      <Table<AgreementRowDto>
        rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 960 } : undefined} showHeader={wide}
        onRow={(r) => ({ 'data-testid': `agreement-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('col.agreementNo'), dataIndex: 'agreementNo', width: 160 },
          { title: t('col.customer'), dataIndex: 'companyName', ellipsis: true },
          { title: t('col.name'), dataIndex: 'name', ellipsis: true },
          { title: t('col.period'), key: 'p', width: 200, render: (_: unknown, r) => `${r.validFrom} ~ ${r.validTo}` },
          { title: t('col.rules'), dataIndex: 'ruleCount', width: 70, align: 'right' },
          { title: t('col.state'), dataIndex: 'state', width: 150, render: (s: AgreementStateName, r) => <>{tag(s)}{r.belowFloor && <Tag color="red">{t('belowFloor')}</Tag>}</> },
          { title: t('col.owner'), dataIndex: 'ownerName', width: 90, render: (v: string | null) => v ?? '—' },
          { title: tc('actions'), key: 'a', width: 80, fixed: 'right', render: (_: unknown, r) => <Button size="small" onClick={() => open(r)} aria-label={`${tc('open')} ${r.agreementNo}`}>{tc('open')}</Button> },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <button type="button" className="w-full space-y-1 text-left" onClick={() => open(r)} aria-label={`${tc('open')} ${r.agreementNo}`}>
              <div className="flex flex-wrap items-center gap-1">{tag(r.state)}<span className="text-xs text-slate-500">{r.agreementNo}</span></div>
              <div className="font-medium">{r.companyName}</div>
              <div className="flex justify-between text-sm"><span>{r.validFrom} ~ {r.validTo}</span><span className="text-slate-500">{t('ruleCount', { count: r.ruleCount })}</span></div>
            </button>
          ),
        }]}
      />
      <KeysetPager list={list} testId="agreements" />
      <NewAgreementModal open={query.newFor !== ''} companyId={Number.isInteger(newFor) && newFor > 0 ? newFor : null}
        onClose={() => setQuery({ newFor: '' })} onCreated={(a) => setQuery({ newFor: '', id: String(a.id) })} />
    </section>
  );
}

interface NewValues { companyId: number; name: string; validFrom: string; validTo: string; }

/** A new draft: the customer, a name and the validity period; the rules are added on its record page. */
function NewAgreementModal({ open, companyId, onClose, onCreated }: { open: boolean; companyId: number | null; onClose: () => void; onCreated: (a: { id: number }) => void }) {
  const t = useTranslations('adminAgreements');
  const [form] = Form.useForm<NewValues>();
  const { options, search } = useCustomerOptions();
  const given = useApiQuery('get', '/api/admin/customers/{id}', { params: { path: { id: companyId ?? 0 } } }, { enabled: companyId !== null });
  const create = useApiMutation('post', '/api/admin/price-agreements', { invalidates: ['/api/admin/price-agreements'], form });
  const { saving, onFinish } = useFormSave(async (v: NewValues) => {
    const made = await create.send({ body: { companyId: v.companyId, name: v.name, validFrom: v.validFrom, validTo: v.validTo, rules: [] } });
    if (made) onCreated(made.data);
  });
  return (
    <FormModal open={open} onCancel={onClose} destroyOnHidden title={t('newFor')} okText={t('create')} confirmLoading={saving} onOk={() => form.submit()}>
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} initialValues={companyId ? { companyId } : {}} data-testid="agreement-new-form">
        <Form.Item name="companyId" label={t('companyId')} rules={[{ required: true, message: t('required') }]}>
          {companyId ? <Select disabled loading={given.isPending} options={given.data ? [{ value: companyId, label: given.data.name }] : []} aria-label={t('companyId')} /> : (
            <Select showSearch filterOption={false} onSearch={search} onFocus={() => search('')} options={options} placeholder={t('pickCompany')} aria-label={t('companyId')} data-testid="agreement-company" />
          )}
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input maxLength={60} data-testid="agreement-name" />
        </Form.Item>
        <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
          <Form.Item name="validFrom" label={t('validFrom')} rules={[{ required: true, message: t('required') }]}>
            <Input type="date" data-testid="agreement-valid-from" />
          </Form.Item>
          <Form.Item name="validTo" label={t('validTo')} rules={[{ required: true, message: t('required') }]}>
            <Input type="date" data-testid="agreement-valid-to" />
          </Form.Item>
        </div>
      </Form>
    </FormModal>
  );
}
