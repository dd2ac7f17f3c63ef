'use client';

import { Form, Input, Modal, Radio, Steps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { COMMENT_MAX, type ApprovalRequestDto } from '@/contracts/approvals';
import { adminApi } from '../admin-api';
import { useAdminAction } from '../common/use-admin-action';
import { useFormSave } from '@/components/ui/use-form-save';

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

/** Approve or reject one step, with the comment every decision carries. */
export function DecisionModal({ stepId, subject, onClose, onDone }: { stepId: number | null; subject: string; onClose: () => void; onDone: () => Promise<void> }) {
  const t = useTranslations('adminApprovals');
  const te = useTranslations('api.errors');
  const [form] = Form.useForm<{ decision: 'approve' | 'reject'; comment: string }>();
  const run = useAdminAction(onDone, form);
  const { saving, onFinish } = useFormSave((v: { decision: 'approve' | 'reject'; comment: string }) => run(() => adminApi('POST', `/api/admin/approvals/steps/${stepId}/decision`, v), v.decision === 'approve' ? t('approved') : t('rejected')));
  return (
    <Modal open={stepId !== null} onCancel={onClose} destroyOnHidden title={t('decideTitle', { subject })} okText={t('confirm')} onOk={() => form.submit()} confirmLoading={saving} data-testid="decision-modal">
      <Form form={form} layout="vertical" initialValues={{ decision: 'approve', comment: '' }}
        onFinish={onFinish}>
        <Form.Item name="decision" label={t('decision')}>
          <Radio.Group options={[{ value: 'approve', label: t('approve') }, { value: 'reject', label: t('reject') }]} />
        </Form.Item>
        <Form.Item name="comment" label={t('comment')} rules={[{ required: true, whitespace: true, message: t('commentRequired') }, { max: COMMENT_MAX, message: te('tooLong100') }]}>
          <Input.TextArea rows={3} maxLength={COMMENT_MAX} showCount placeholder={t('commentHint')} data-testid="decision-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
