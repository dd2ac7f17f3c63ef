'use client';

import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Form, Grid, Input, Segmented, Select, Space, Table, Tag, Upload } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { CASE_INVOICE_TYPES, CASE_SORTS, CASE_STATUSES, TAX_NO, serviceFeeOf, type CaseStatusName } from '@/contracts/cases';
import { REASON_MAX } from '@/contracts/fields';
import { MONEY } from '@/contracts/money';
import { useTableState } from '@/components/data/query-state';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiData } from '@/lib/api/types';
import { definedParams, toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { CASE_COLOURS } from './case-colours';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { StateBoard } from '../common/state-board';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

type CaseRow = ApiData<'get', '/api/admin/cases'>['items'][number];
type CaseDetail = ApiData<'get', '/api/admin/cases/{id}'>;
type CaseQuery = { key: string; status: CaseStatusName | ''; invoiceType: (typeof CASE_INVOICE_TYPES)[number] | ''; sort: (typeof CASE_SORTS)[number]; view: string };

const DEFAULTS: CaseQuery = { key: '', status: '', invoiceType: '', sort: '-createdAt', view: 'table' };
/** The GET paths a change of one case changes: the list and the record. */
const CASE_PATHS = ['/api/admin/cases', '/api/admin/cases/{id}'] as const;

interface CaseForm { customerName: string; contactName: string; contactEmail: string; samples: string; testFee: string; invoiceType: 'ordinary' | 'special'; taxNo: string }

/**
 * `/cases` (CASE.EDIT, ADR 0037): testing-service cases the member may see (owner, team, manager), as a
 * table or a board grouped by state; dragging a card moves it through the same transition call, and a
 * refused move snaps back with the server's reason.
 */
export function CasesView() {
  const t = useTranslations('adminCases');
  const tc = useTranslations('adminCommon');
  const { message } = App.useApp();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const board = query.view === 'board';
  const list = useKeysetQuery('/api/admin/cases', definedParams({ key: query.key, status: board ? undefined : query.status, invoiceType: query.invoiceType, sort: query.sort, limit: board ? 200 : 20 }));
  const table = useTableState(list.query);
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<CaseRow | 'new' | null>(null);
  const [reasonFor, setReasonFor] = useState<{ id: number; to: CaseStatusName } | null>(null);
  const wide = Grid.useBreakpoint().md !== false;
  const statusTag = (s: CaseStatusName) => <Tag color={CASE_COLOURS[s]}>{t(`status.${s}`)}</Tag>;
  const exportHref = `/api/admin/cases/export${toQuery({ key: query.key, status: query.status, invoiceType: query.invoiceType })}`;
  const queryClient = useQueryClient();
  const transition = useApiMutation('put', '/api/admin/cases/{id}/status', { invalidates: CASE_PATHS });

  // A refused move leaves the card where the list, loaded again, puts it.
  const moveTo = async (id: number, to: CaseStatusName, reason = '') => {
    if (await transition.send({ params: { path: { id } }, body: { to, reason } })) void message.success(t('moved', { status: t(`status.${to}`) }));
    else await Promise.all(CASE_PATHS.map((p) => queryClient.invalidateQueries({ queryKey: [p] })));
  };
  const drop = (id: number, from: CaseStatusName, to: CaseStatusName) => {
    if (from === to) return;
    if (to === 'rejected' || to === 'lost') setReasonFor({ id, to });
    else void moveTo(id, to);
  };

  return (
    <section className="rounded-lg bg-white p-4" data-testid="cases-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Segmented value={query.view} onChange={(v) => setQuery({ view: String(v) })} options={[{ value: 'table', label: tc('tableView') }, { value: 'board', label: tc('boardView') }]} data-testid="cases-view-switch" />
          <Button icon={<DownloadOutlined />} href={exportHref}>{tc('export')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="case-new">{t('new')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 280, maxWidth: '100%' }} data-testid="cases-search" />
        {!board && <Select aria-label={tc('statusFilter')} value={query.status} style={{ width: 150 }} onChange={(status) => setQuery({ status })}
          options={[{ value: '', label: tc('allStatuses') }, ...CASE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />}
        <Select aria-label={t('invoiceFilter')} value={query.invoiceType} style={{ width: 200 }} onChange={(invoiceType) => setQuery({ invoiceType })}
          options={[{ value: '', label: t('allInvoices') }, ...CASE_INVOICE_TYPES.map((s) => ({ value: s, label: t(`invoice.${s}`) }))]} />
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 160 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: '-testFee', label: t('feeHigh') }, { value: 'testFee', label: t('feeLow') }]} />
        <SavedViewsBar listKey="cases" current={viewQuery(query, DEFAULTS, ['key', 'status', 'invoiceType', 'sort'])} onApply={(q) => setQuery({ ...DEFAULTS, view: query.view, ...q })} />
      </Space>
      {board && list.query.error && <Alert type="error" title={list.query.error.message} className="mb-3" />}
      {board ? (
        <StateBoard states={CASE_STATUSES} items={list.page?.items ?? []} testId="cases-board" header={statusTag}
          label={(c) => `${c.caseNo} ${c.customerName}`} onOpen={(c) => setOpen(c.id)} onDrop={drop}
          card={(c) => (
            <>
              <div className="font-medium">{c.caseNo}</div>
              <div className="truncate">{c.customerName}</div>
              <div className="text-xs text-slate-500">{t('col.serviceFee')} ¥{money(c.serviceFee)}</div>
            </>
          )} />
      ) : (
        <Table<CaseRow>
          rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1100 } : undefined} showHeader={wide}
          onRow={(r) => ({ 'data-testid': `case-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
          columns={wide ? [
            { title: t('col.caseNo'), dataIndex: 'caseNo', width: 150 },
            { title: t('col.customer'), dataIndex: 'customerName', ellipsis: true },
            { title: t('col.samples'), dataIndex: 'samples', ellipsis: true },
            { title: t('col.testFee'), dataIndex: 'testFee', width: 110, align: 'right', render: (v: string) => money(v) },
            { title: t('col.serviceFee'), dataIndex: 'serviceFee', width: 110, align: 'right', render: (v: string) => money(v) },
            { title: t('col.invoice'), dataIndex: 'invoiceType', width: 170, render: (v: 'ordinary' | 'special') => t(`invoice.${v}`) },
            { title: t('col.status'), dataIndex: 'status', width: 110, render: statusTag },
            { title: t('col.owner'), dataIndex: 'ownerName', width: 90 },
            { title: tc('actions'), key: 'a', width: 80, fixed: 'right', render: (_: unknown, r) => <Button size="small" onClick={() => setOpen(r.id)} aria-label={`${tc('open')} ${r.caseNo}`}>{tc('open')}</Button> },
          ] : [{
            key: 'all', render: (_: unknown, r) => (
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-1">{statusTag(r.status)}<span className="text-xs text-slate-500">{r.caseNo}</span></div>
                <div className="font-medium">{r.customerName}</div>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span>{t('col.serviceFee')} ¥{money(r.serviceFee)}</span>
                  <Button size="small" onClick={() => setOpen(r.id)} aria-label={`${tc('open')} ${r.caseNo}`}>{tc('open')}</Button>
                </div>
              </div>
            ),
          }]}
        />
      )}
      {!board && <KeysetPager list={list} testId="cases" />}
      <CaseDrawer id={open} onClose={() => setOpen(null)} onEdit={(c) => setEditing(c)} onMove={(id, to) => (to === 'rejected' || to === 'lost' ? setReasonFor({ id, to }) : moveTo(id, to))} wide={wide} />
      <CaseFormModal target={editing} onClose={() => setEditing(null)} onSaved={(c) => { setEditing(null); setOpen(c.id); }} />
      <ReasonModal target={reasonFor} onClose={() => setReasonFor(null)} onConfirm={async (reason) => { if (reasonFor) await moveTo(reasonFor.id, reasonFor.to, reason); setReasonFor(null); }} />
    </section>
  );
}

function ReasonModal({ target, onClose, onConfirm }: { target: { id: number; to: CaseStatusName } | null; onClose: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const t = useTranslations('adminCases');
  const te = useTranslations('api.errors');
  const [form] = Form.useForm<{ reason: string }>();
  const { saving, onFinish } = useFormSave(({ reason }: { reason: string }) => onConfirm(reason));
  return (
    <FormModal open={target !== null} onCancel={onClose} destroyOnHidden title={target ? t('reasonTitle', { status: t(`status.${target.to}`) }) : ''}
      okText={t('confirmMove')} onOk={() => form.submit()} confirmLoading={saving} data-testid="case-reason-modal">
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="reason" label={target?.to === 'lost' ? t('lostReason') : t('rejectReason')} rules={[{ required: true, whitespace: true, message: te('reasonRequired') }, { max: REASON_MAX, message: te('reasonTooLong') }]}>
          <Input maxLength={REASON_MAX} showCount placeholder={t('reasonHint')} data-testid="case-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function CaseFormModal({ target, onClose, onSaved }: { target: CaseRow | 'new' | null; onClose: () => void; onSaved: (c: CaseDetail) => void }) {
  const t = useTranslations('adminCases');
  const te = useTranslations('api.errors');
  const [form] = Form.useForm<CaseForm>();
  const create = useApiMutation('post', '/api/admin/cases', { invalidates: ['/api/admin/cases'], form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/cases/{id}', { invalidates: CASE_PATHS, form, success: t('saved') });
  const fee = Form.useWatch('testFee', form) ?? '';
  const invoice = Form.useWatch('invoiceType', form);
  const preview = MONEY.test(String(fee).trim()) ? money(serviceFeeOf(String(fee).trim())) : '—';
  const initial: CaseForm = target && target !== 'new'
    ? { customerName: target.customerName, contactName: target.contactName, contactEmail: target.contactEmail, samples: target.samples, testFee: target.testFee, invoiceType: target.invoiceType, taxNo: target.taxNo }
    : { customerName: '', contactName: '', contactEmail: '', samples: '', testFee: '0.00', invoiceType: 'ordinary', taxNo: '' };
  const { saving, onFinish } = useFormSave(async (values: CaseForm) => {
    const saved = target === 'new' || target === null
      ? await create.send({ body: values })
      : await update.send({ params: { path: { id: target.id } }, body: values });
    if (saved) onSaved(saved.data);
  });
  return (
    <FormModal open={target !== null} onCancel={onClose} destroyOnHidden title={target === 'new' ? t('new') : t('edit')} okText={t('save')} onOk={() => form.submit()} confirmLoading={saving} width={600} data-testid="case-form">
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <Form.Item name="customerName" label={t('col.customer')} rules={[{ required: true, whitespace: true, message: te('fieldRequired') }, { max: 60, message: te('tooLong60') }]}>
          <Input maxLength={60} showCount placeholder={t('customerHint')} data-testid="case-customer" />
        </Form.Item>
        <div className="grid gap-x-3 md:grid-cols-2">
          <Form.Item name="contactName" label={t('contactName')} rules={[{ max: 60, message: te('tooLong60') }]}><Input maxLength={60} /></Form.Item>
          <Form.Item name="contactEmail" label={t('contactEmail')} rules={[{ type: 'email', message: te('adminEmailInvalid') }]}><Input maxLength={120} data-testid="case-email" /></Form.Item>
        </div>
        <Form.Item name="samples" label={t('col.samples')} rules={[{ required: true, whitespace: true, message: te('fieldRequired') }, { max: 100, message: te('tooLong100') }]}>
          <Input.TextArea rows={2} maxLength={100} showCount placeholder={t('samplesHint')} data-testid="case-samples" />
        </Form.Item>
        <div className="grid gap-x-3 md:grid-cols-2">
          <Form.Item name="testFee" label={t('col.testFee')} extra={t('serviceFeeHint', { fee: preview })}
            rules={[{ required: true, message: te('fieldRequired') }, { pattern: MONEY, message: te('invalidAmount') }]}>
            <Input inputMode="decimal" prefix="¥" placeholder="0.00" data-testid="case-fee" />
          </Form.Item>
          <Form.Item name="invoiceType" label={t('col.invoice')}>
            <Select options={CASE_INVOICE_TYPES.map((v) => ({ value: v, label: t(`invoice.${v}`) }))} data-testid="case-invoice" />
          </Form.Item>
        </div>
        <Form.Item name="taxNo" label={t('col.taxNo')} extra={invoice === 'special' ? t('taxRequiredHint') : t('taxOptionalHint')}
          rules={[{ required: invoice === 'special', message: te('taxNoRequired') }, { pattern: TAX_NO, message: te('taxNoInvalid') }]}>
          <Input maxLength={20} data-testid="case-tax" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function CaseDrawer({ id, onClose, onEdit, onMove, wide }: {
  id: number | null; onClose: () => void; onEdit: (c: CaseDetail) => void; onMove: (id: number, to: CaseStatusName) => unknown; wide: boolean;
}) {
  const t = useTranslations('adminCases');
  const format = useFormatter();
  const { message } = App.useApp();
  const detail = useApiQuery('get', '/api/admin/cases/{id}', { params: { path: { id: id ?? 0 } } }, { enabled: id !== null });
  const upload = useApiMutation('post', '/api/admin/cases/{id}/report', { invalidates: CASE_PATHS, success: t('reportUploaded') });
  const mail = useApiMutation('post', '/api/admin/cases/{id}/send-report', { invalidates: CASE_PATHS });
  const error = id !== null ? detail.error?.message ?? null : null;
  const shown = detail.data && detail.data.id === id ? detail.data : null;
  const open = shown ? ['reviewing', 'passed', 'test_finished'].includes(shown.status) : false;
  return (
    <Drawer open={id !== null} onClose={onClose} size={wide ? 640 : '100%'} destroyOnHidden title={shown ? `${t('title')} ${shown.caseNo}` : ''} data-testid="case-drawer">
      {error && <Alert type="error" title={error} className="mb-3" />}
      {shown && (
        <div className="space-y-4">
          <Descriptions size="small" column={1} bordered items={[
            { key: 's', label: t('col.status'), children: <Tag color={CASE_COLOURS[shown.status]} data-testid="case-status">{t(`status.${shown.status}`)}</Tag> },
            { key: 'c', label: t('col.customer'), children: shown.customerName },
            { key: 'p', label: t('contactName'), children: [shown.contactName, shown.contactEmail].filter(Boolean).join(' · ') || '—' },
            { key: 'm', label: t('col.samples'), children: shown.samples },
            { key: 'f', label: t('col.testFee'), children: `¥${money(shown.testFee)}` },
            { key: 'v', label: t('col.serviceFee'), children: <span data-testid="case-service-fee">¥{money(shown.serviceFee)}</span> },
            { key: 'i', label: t('col.invoice'), children: t(`invoice.${shown.invoiceType}`) },
            { key: 't', label: t('col.taxNo'), children: shown.taxNo || '—' },
            { key: 'o', label: t('col.owner'), children: shown.ownerName },
            ...(shown.rejectReason ? [{ key: 'r', label: t('rejectReason'), children: shown.rejectReason }] : []),
            ...(shown.lostReason ? [{ key: 'l', label: t('lostReason'), children: shown.lostReason }] : []),
            { key: 'rep', label: t('report'), children: shown.hasReport ? <a href={`/api/admin/cases/${shown.id}/report`} data-testid="case-report-link">{shown.reportName}</a> : t('noReport') },
            ...(shown.reportSentAt ? [{ key: 'sent', label: t('reportSent'), children: `${shown.reportSentTo ?? ''} · ${format.dateTime(new Date(shown.reportSentAt), { dateStyle: 'medium', timeStyle: 'short' })}` }] : []),
          ]} />
          <Space wrap>
            {shown.transitions.map((s) => (
              <Button key={s} size="small" danger={s === 'rejected' || s === 'lost'} onClick={() => void onMove(shown.id, s)} data-testid={`case-to-${s}`}>
                {t(`to.${s}`)}
              </Button>
            ))}
            {open && <Button size="small" onClick={() => onEdit(shown)}>{t('edit')}</Button>}
            {(shown.status === 'passed' || shown.status === 'test_finished') && (
              <Upload accept="application/pdf,image/png,image/jpeg,image/webp" showUploadList={false}
                beforeUpload={(file) => { void upload.send({ params: { path: { id: shown.id } }, body: { file }, ...multipart }); return false; }}>
                <Button size="small" icon={<UploadOutlined />} data-testid="case-report-upload">{t('uploadReport')}</Button>
              </Upload>
            )}
            {shown.hasReport && (
              <Button size="small" disabled={!shown.contactEmail} onClick={() => void mail.send({ params: { path: { id: shown.id } } }).then((sent) => { if (sent) void message.success(t('reportMailed', { email: shown.contactEmail })); })} data-testid="case-send-report">
                {t('sendReport')}
              </Button>
            )}
          </Space>
        </div>
      )}
    </Drawer>
  );
}
