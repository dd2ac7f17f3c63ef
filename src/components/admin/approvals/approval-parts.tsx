'use client';

import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio, Steps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { COMMENT_MAX, type ApprovalEntityType, type ApprovalRequestDto } from '@/contracts/approvals';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { money } from '../common/keyset-list';

/** The approvals inbox and its count in the header: a record sent for approval, or a decision, changes them. */
export const APPROVAL_INBOX = ['/api/admin/approvals/inbox', '/api/admin/approvals/inbox/count'] as const;

/** Where any decision shows: the inbox, its count in the header and the audit log. */
const DECIDED: readonly ApiPath[] = [...APPROVAL_INBOX, '/api/admin/audit'];

/** Where a decision shows besides: the record the request is about (a final decision moves it), with its timeline. */
const RECORD_OF: Record<ApprovalEntityType, readonly ApiPath[]> = {
  expense: ['/api/admin/expenses', '/api/admin/expenses/{id}'],
  quotation: ['/api/admin/quotations', '/api/admin/quotations/{id}'],
  contract: ['/api/admin/contracts', '/api/admin/contracts/{id}', '/api/admin/contracts/{id}/timeline'],
  price_agreement: ['/api/admin/price-agreements', '/api/admin/price-agreements/{id}'],
  refund: ['/api/admin/complaints', '/api/admin/complaints/{id}', '/api/admin/complaints/{id}/timeline'],
};

/** The tiers of one approval request, in sequence, with each decision's member, time and comment. */
export function StepsOf({ request, when }: { request: ApprovalRequestDto; when: (iso: string) => string }) {
  const t = useTranslations('adminApprovals');
  const en = useLocale() === 'en';
  const statusOf = { waiting: 'wait', pending: 'process', approved: 'finish', rejected: 'error', cancelled: 'wait' } as const;
  return (
    <Steps orientation="vertical" size="small" data-testid="approval-steps" items={request.steps.map((s) => ({
      status: statusOf[s.status],
      title: `${t('tier', { seq: s.seq })} · ${t(`stepStatus.${s.status}`)}`,
      content: (
        <div className="text-sm">
          <div>{t('approverLine', { name: s.approverKind === 'team_manager' ? t('teamManager', { name: s.approver }) : en ? s.approverEn : s.approver })}</div>
          {s.decidedAt && <div className="text-slate-500">{s.decidedByName} · {when(s.decidedAt)}</div>}
          {s.comment && <div className="whitespace-pre-wrap" data-testid="approval-comment">“{s.comment}”</div>}
        </div>
      ),
    }))} />
  );
}

/** What a decision is about: the record's kind and id and the amount to approve. */
export interface DecisionRecord {
  entityType: ApprovalEntityType;
  entityId: number;
  amount: string;
}

/** An expense application's receipts, each opening the stored file; read when the dialog opens. */
function ExpenseReceipts({ id }: { id: number }) {
  const t = useTranslations('adminApprovals');
  const expense = useApiQuery('get', '/api/admin/expenses/{id}', { params: { path: { id } } });
  const list = expense.data?.attachmentList;
  if (!list) return <p className="text-sm text-slate-500">{t('receiptsLoading')}</p>;
  if (list.length === 0) return <p className="text-sm text-slate-500" data-testid="decision-receipts">{t('noReceipts')}</p>;
  return (
    <ul className="m-0 list-none space-y-1 p-0 text-sm" data-testid="decision-receipts">
      {list.map((a) => (
        <li key={a.id}><a href={a.url} target="_blank" rel="noopener" className="break-all">{a.fileName}</a> <span className="text-slate-500">({Math.ceil(a.size / 1024)} KB)</span></li>
      ))}
    </ul>
  );
}

/**
 * Approve or reject one step, with the comment every decision carries. Given the record, the dialog
 * shows the amount to approve and, for an expense application, its receipts.
 */
export function DecisionModal({ stepId, subject, record, onClose, onDone }: {
  stepId: number | null; subject: string; record?: DecisionRecord | null; onClose: () => void; onDone: () => void | Promise<void>;
}) {
  const t = useTranslations('adminApprovals');
  const te = useTranslations('api.errors');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ decision: 'approve' | 'reject'; comment: string }>();
  const decide = useApiMutation('post', '/api/admin/approvals/steps/{id}/decision', { invalidates: DECIDED, form });
  const { saving, onFinish } = useFormSave(async (v: { decision: 'approve' | 'reject'; comment: string }) => {
    if (stepId === null) return;
    const done = await decide.send({ params: { path: { id: stepId } }, body: v });
    if (!done) return;
    // The record's kind comes with the answer: only its lists load again.
    await Promise.all(RECORD_OF[done.data.entityType].map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
    void message.success(v.decision === 'approve' ? t('approved') : t('rejected'));
    await onDone();
  });
  return (
    <FormModal open={stepId !== null} onCancel={onClose} destroyOnHidden title={t('decideTitle', { subject })} okText={t('confirm')} onOk={() => form.submit()} confirmLoading={saving} data-testid="decision-modal">
      {record && stepId !== null && (
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="decision-record">
          {/* A price agreement has no amount of its own: its rules are on its record page. */}
          {record.entityType !== 'price_agreement' && (<><dt className="text-slate-500">{t('amount')}</dt>
            <dd className="m-0 font-semibold" data-testid="decision-amount">¥{money(record.amount)}</dd></>)}
          {record.entityType === 'expense' && (<><dt className="text-slate-500">{t('receipts')}</dt><dd className="m-0 min-w-0"><ExpenseReceipts id={record.entityId} /></dd></>)}
        </dl>
      )}
      <Form form={form} layout="vertical" initialValues={{ decision: 'approve', comment: '' }}
        onFinish={onFinish}>
        <Form.Item name="decision" label={t('decision')}>
          <Radio.Group options={[{ value: 'approve', label: t('approve') }, { value: 'reject', label: t('reject') }]} />
        </Form.Item>
        <Form.Item name="comment" label={t('comment')} rules={[{ required: true, whitespace: true, message: t('commentRequired') }, { max: COMMENT_MAX, message: te('tooLong100') }]}>
          <Input.TextArea rows={3} maxLength={COMMENT_MAX} showCount placeholder={t('commentHint')} data-testid="decision-comment" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
