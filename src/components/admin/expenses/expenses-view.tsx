'use client';

import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Descriptions, Drawer, Form, Grid, Input, Popconfirm, Select, Space, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { EXPENSE_CATEGORIES, EXPENSE_SORTS, EXPENSE_STATUSES, type ExpenseCategory, type ExpenseStatusName } from '@/contracts/expenses';
import { MONEY } from '@/contracts/money';
import { useTableState } from '@/components/data/query-state';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiData } from '@/lib/api/types';
import { definedParams, toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { APPROVAL_INBOX, DecisionModal, StepsOf } from '../approvals/approval-parts';
import { KeysetPager, money, useKeysetQuery } from '../common/keyset-list';
import { SavedViewsBar, viewQuery } from '../common/saved-views-bar';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

type ExpenseRow = ApiData<'get', '/api/admin/expenses'>['items'][number];
type ExpenseDetail = ApiData<'get', '/api/admin/expenses/{id}'>;
type ExpenseQuery = { id: string; key: string; status: ExpenseStatusName | ''; category: ExpenseCategory | ''; scope: 'all' | 'mine'; sort: (typeof EXPENSE_SORTS)[number] };

const DEFAULTS: ExpenseQuery = { id: '', key: '', status: '', category: '', scope: 'all', sort: '-createdAt' };
/** The GET paths a change of one application changes: the list (its row) and the record. */
const EXPENSE_PATHS = ['/api/admin/expenses', '/api/admin/expenses/{id}'] as const;
const COLOURS: Record<ExpenseStatusName, string> = { draft: 'default', pending: 'gold', approved: 'green', rejected: 'red' };

/**
 * `/expenses` (ADR 0037): the applications the member may see — their own, their team's as its manager,
 * those waiting for or decided by them. A drawer shows one with its receipts and approval steps;
 * `?id=` opens it.
 */
export function ExpensesView() {
  const t = useTranslations('adminExpenses');
  const tc = useTranslations('adminCommon');
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const list = useKeysetQuery('/api/admin/expenses', definedParams({ ...query, limit: 20 }));
  const table = useTableState(list.query);
  // `?id=` opens an application's drawer (the approvals inbox links to it so, also while this view is kept alive).
  const open = /^\d+$/.test(query.id) ? Number(query.id) : null;
  const setOpen = (id: number | null) => setQuery({ id: id === null ? '' : String(id) });
  const [editing, setEditing] = useState<ExpenseDetail | 'new' | null>(null);
  const wide = Grid.useBreakpoint().md !== false;
  const statusTag = (s: ExpenseStatusName) => <Tag color={COLOURS[s]}>{t(`status.${s}`)}</Tag>;
  return (
    <section className="rounded-lg bg-white p-4" data-testid="expenses-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <Button icon={<DownloadOutlined />} href={`/api/admin/expenses/export${toQuery({ key: query.key, status: query.status, category: query.category, scope: query.scope })}`}>{tc('export')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="expense-new">{t('new')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} maxLength={50}
          onSearch={(key) => setQuery({ key })} style={{ width: 260, maxWidth: '100%' }} data-testid="expenses-search" />
        <Select aria-label={t('scope')} value={query.scope} style={{ width: 150 }} onChange={(scope) => setQuery({ scope })}
          options={[{ value: 'all', label: t('scopeAll') }, { value: 'mine', label: t('scopeMine') }]} />
        <Select aria-label={tc('statusFilter')} value={query.status} style={{ width: 130 }} onChange={(status) => setQuery({ status })}
          options={[{ value: '', label: tc('allStatuses') }, ...EXPENSE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
        <Select aria-label={t('col.category')} value={query.category} style={{ width: 130 }} onChange={(category) => setQuery({ category })}
          options={[{ value: '', label: t('allCategories') }, ...EXPENSE_CATEGORIES.map((s) => ({ value: s, label: t(`category.${s}`) }))]} />
        <Select aria-label={tc('sort')} value={query.sort} style={{ width: 150 }} onChange={(sort) => setQuery({ sort })}
          options={[{ value: '-createdAt', label: tc('newest') }, { value: 'createdAt', label: tc('oldest') }, { value: '-amount', label: t('amountHigh') }, { value: 'amount', label: t('amountLow') }]} />
        <SavedViewsBar listKey="expenses" current={viewQuery(query, DEFAULTS, ['key', 'status', 'category', 'scope', 'sort'])} onApply={(q) => setQuery({ ...DEFAULTS, ...q })} />
      </Space>
      <Table<ExpenseRow>
        rowKey="id" {...table} dataSource={list.page?.items ?? []} pagination={false} scroll={wide ? { x: 1000 } : undefined} showHeader={wide}
        onRow={(r) => ({ 'data-testid': `expense-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('col.expenseNo'), dataIndex: 'expenseNo', width: 160 },
          { title: t('col.applicant'), dataIndex: 'applicantName', width: 90 },
          { title: t('col.category'), dataIndex: 'category', width: 80, render: (v: ExpenseCategory) => t(`category.${v}`) },
          { title: t('col.spentOn'), dataIndex: 'spentOn', width: 110 },
          { title: t('col.amount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => money(v) },
          { title: t('col.description'), dataIndex: 'description', ellipsis: true },
          { title: t('col.status'), dataIndex: 'status', width: 90, render: statusTag },
          { title: tc('actions'), key: 'a', width: 80, fixed: 'right', render: (_: unknown, r) => <Button size="small" onClick={() => setOpen(r.id)} aria-label={`${tc('open')} ${r.expenseNo}`}>{tc('open')}</Button> },
        ] : [{
          key: 'all', render: (_: unknown, r) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-1">{statusTag(r.status)}<span className="text-xs text-slate-500">{r.expenseNo}</span></div>
              <div className="font-medium">{t(`category.${r.category}`)} ¥{money(r.amount)} · {r.applicantName}</div>
              <div className="flex items-center justify-between gap-2 text-sm"><span className="truncate">{r.description || '—'}</span>
                <Button size="small" onClick={() => setOpen(r.id)} aria-label={`${tc('open')} ${r.expenseNo}`}>{tc('open')}</Button></div>
            </div>
          ),
        }]}
      />
      <KeysetPager list={list} testId="expenses" />
      <ExpenseDrawer id={open} onClose={() => setOpen(null)} onEdit={setEditing} wide={wide} />
      <ExpenseFormModal target={editing} onClose={() => setEditing(null)} onSaved={(e) => { setEditing(null); setOpen(e.id); }} />
    </section>
  );
}

interface ExpenseForm { amount: string; category: ExpenseCategory; spentOn: Dayjs; description: string }

function ExpenseFormModal({ target, onClose, onSaved }: { target: ExpenseDetail | 'new' | null; onClose: () => void; onSaved: (e: ExpenseDetail) => void }) {
  const t = useTranslations('adminExpenses');
  const te = useTranslations('api.errors');
  const [form] = Form.useForm<ExpenseForm>();
  const create = useApiMutation('post', '/api/admin/expenses', { invalidates: ['/api/admin/expenses'], form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/expenses/{id}', { invalidates: EXPENSE_PATHS, form, success: t('saved') });
  const initial = target && target !== 'new'
    ? { amount: target.amount, category: target.category, spentOn: dayjs(target.spentOn), description: target.description }
    : { amount: '0.00', category: 'travel' as const, spentOn: dayjs(), description: '' };
  const { saving, onFinish } = useFormSave(async (v: ExpenseForm) => {
    const body = { amount: String(v.amount).trim(), category: v.category, spentOn: v.spentOn.format('YYYY-MM-DD'), description: v.description ?? '' };
    const saved = target === 'new' || target === null
      ? await create.send({ body })
      : await update.send({ params: { path: { id: target.id } }, body });
    if (saved) onSaved(saved.data);
  });
  return (
    <FormModal open={target !== null} onCancel={onClose} destroyOnHidden title={target === 'new' ? t('new') : t('edit')} okText={t('save')} onOk={() => form.submit()} confirmLoading={saving} data-testid="expense-form">
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <div className="grid gap-x-3 md:grid-cols-2">
          <Form.Item name="amount" label={t('col.amount')} extra={t('amountHint')} rules={[{ required: true, message: te('fieldRequired') }, { pattern: MONEY, message: te('invalidAmount') }]}>
            <Input inputMode="decimal" prefix="¥" placeholder="0.00" data-testid="expense-amount" />
          </Form.Item>
          <Form.Item name="category" label={t('col.category')} rules={[{ required: true, message: te('fieldRequired') }]}>
            <Select options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} data-testid="expense-category" />
          </Form.Item>
        </div>
        <Form.Item name="spentOn" label={t('col.spentOn')} rules={[{ required: true, message: te('fieldRequired') }]}>
          <DatePicker className="w-full" allowClear={false} data-testid="expense-date" />
        </Form.Item>
        <Form.Item name="description" label={t('col.description')} rules={[{ max: 100, message: te('tooLong100') }]}>
          <Input.TextArea rows={2} maxLength={100} showCount placeholder={t('descriptionHint')} data-testid="expense-description" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function ExpenseDrawer({ id, onClose, onEdit, wide }: { id: number | null; onClose: () => void; onEdit: (e: ExpenseDetail) => void; wide: boolean }) {
  const t = useTranslations('adminExpenses');
  const format = useFormatter();
  const [deciding, setDeciding] = useState(false);
  const detail = useApiQuery('get', '/api/admin/expenses/{id}', { params: { path: { id: id ?? 0 } } }, { enabled: id !== null });
  const changes = useExpenseChanges();
  const error = id !== null ? detail.error?.message ?? null : null;
  const shown = detail.data && detail.data.id === id ? detail.data : null;
  const act = (action: 'submit' | 'withdraw' | 'revise') => shown && changes.act(shown.id, action);
  return (
    <Drawer open={id !== null} onClose={onClose} size={wide ? 640 : '100%'} destroyOnHidden title={shown ? `${t('title')} ${shown.expenseNo}` : ''} data-testid="expense-drawer">
      {error && <Alert type="error" title={error} className="mb-3" />}
      {shown && (
        <div className="space-y-4">
          <Descriptions size="small" column={1} bordered items={[
            { key: 's', label: t('col.status'), children: <Tag color={COLOURS[shown.status]} data-testid="expense-status">{t(`status.${shown.status}`)}</Tag> },
            { key: 'a', label: t('col.applicant'), children: `${shown.applicantName}${shown.teamName ? ` · ${shown.teamName}` : ''}` },
            { key: 'm', label: t('col.amount'), children: `¥${money(shown.amount)}` },
            { key: 'c', label: t('col.category'), children: t(`category.${shown.category}`) },
            { key: 'd', label: t('col.spentOn'), children: shown.spentOn },
            { key: 'x', label: t('col.description'), children: shown.description || '—' },
          ]} />
          <div>
            <h3 className="mb-2 text-sm font-semibold">{t('col.attachments')}</h3>
            {shown.attachmentList.length === 0 ? <p className="text-sm text-slate-500">{t('noAttachments')}</p> : (
              <ul className="space-y-1" data-testid="expense-attachments">
                {shown.attachmentList.map((f) => (
                  <li key={f.id} className="flex items-center justify-between gap-2 text-sm">
                    <a href={f.url} className="break-all">{f.fileName}</a>
                    {shown.canEdit && (
                      <Popconfirm title={t('removeAttachment')} onConfirm={() => changes.removeAttachment(shown.id, f.id)}>
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('removeAttachment')} ${f.fileName}`} />
                      </Popconfirm>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {shown.canEdit && (
              <Upload accept="application/pdf,image/png,image/jpeg,image/webp" showUploadList={false}
                beforeUpload={(file) => { void changes.addAttachment(shown.id, file); return false; }}>
                <Button size="small" className="mt-2" icon={<UploadOutlined />} data-testid="expense-upload">{t('addAttachment')}</Button>
              </Upload>
            )}
          </div>
          <Space wrap>
            {shown.canEdit && <Button size="small" onClick={() => onEdit(shown)}>{t('edit')}</Button>}
            {shown.canSubmit && (
              <Popconfirm title={t('confirmSubmit')} onConfirm={() => act('submit')}><Button size="small" type="primary" data-testid="expense-submit">{t('submit')}</Button></Popconfirm>
            )}
            {shown.canWithdraw && <Popconfirm title={t('confirmWithdraw')} onConfirm={() => act('withdraw')}><Button size="small">{t('withdraw')}</Button></Popconfirm>}
            {shown.canRevise && <Button size="small" onClick={() => act('revise')}>{t('revise')}</Button>}
            {shown.myStepId !== null && <Button size="small" type="primary" onClick={() => setDeciding(true)} data-testid="expense-decide">{t('decide')}</Button>}
          </Space>
          {shown.approval && (
            <div>
              <h3 className="mb-2 text-sm font-semibold">{t('approval')}</h3>
              <StepsOf request={shown.approval} when={(iso) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })} />
            </div>
          )}
        </div>
      )}
      <DecisionModal stepId={deciding && shown ? shown.myStepId : null} subject={shown?.expenseNo ?? ''} record={shown ? { entityType: 'expense', entityId: shown.id, amount: shown.amount } : null} onClose={() => setDeciding(false)} onDone={async () => { setDeciding(false); await changes.decided(); }} />
    </Drawer>
  );
}


/**
 * The writes of the drawer. Each invalidates what it changes: the application's row and record, and
 * for a step of its approval (submit, withdraw, revise) the approver's inbox and its count too.
 */
function useExpenseChanges() {
  const t = useTranslations('adminExpenses');
  const queryClient = useQueryClient();
  const action = useApiMutation('post', '/api/admin/expenses/{id}/action', {
    invalidates: [...EXPENSE_PATHS, ...APPROVAL_INBOX],
  });
  const upload = useApiMutation('post', '/api/admin/expenses/{id}/attachments', { invalidates: EXPENSE_PATHS, success: t('attachmentAdded') });
  const remove = useApiMutation('delete', '/api/admin/expenses/{id}/attachments/{attachmentId}', { invalidates: EXPENSE_PATHS, success: t('attachmentRemoved') });
  const { message } = App.useApp();
  return {
    act: async (id: number, name: 'submit' | 'withdraw' | 'revise') => {
      if (await action.send({ params: { path: { id } }, body: { action: name } })) void message.success(t(`done.${name}`));
    },
    addAttachment: (id: number, file: File) => upload.send({ params: { path: { id } }, body: { file }, ...multipart }),
    removeAttachment: (id: number, attachmentId: number) => remove.send({ params: { path: { id, attachmentId } } }),
    /** A decision on the application's step (the decision modal's own write) changes its row and record. */
    decided: () => Promise.all(EXPENSE_PATHS.map((p) => queryClient.invalidateQueries({ queryKey: [p] }))),
  };
}
