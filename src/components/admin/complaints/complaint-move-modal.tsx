'use client';

import { App, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useApiMutation } from '@/lib/api/query';
import { REASON_MAX } from '@/contracts/fields';
import { MONEY, moneyToCents } from '@/contracts/money';
import type { ComplaintStatusName } from '@/contracts/complaints';
import { money } from '../common/keyset-list';
import { useFormSave } from '@/components/ui/use-form-save';
import { APPROVAL_INBOX } from '../approvals/approval-parts';
import { FormModal } from '@/components/ui/form-modal';

export interface MoveTarget { id: number; to: ComplaintStatusName; complaintNo: string; appliedRefund: string }
export interface MoveExtra { reason?: string; approvedRefund?: string }

/**
 * A complaint's move to another state: the success message once the complaint and its list are loaded
 * again; a refused move shows the server's message, and `refused` loads what is on screen again.
 */
export function useComplaintMove(refused: () => Promise<unknown>) {
  const t = useTranslations('adminComplaints');
  const { message } = App.useApp();
  const status = useApiMutation('put', '/api/admin/complaints/{id}/status', {
    invalidates: ['/api/admin/complaints/{id}', '/api/admin/complaints', '/api/admin/complaints/{id}/timeline', ...APPROVAL_INBOX],
  });
  return async (id: number, to: ComplaintStatusName, extra: MoveExtra = {}): Promise<void> => {
    if (await status.send({ params: { path: { id } }, body: { to, ...extra } })) void message.success(t('moved', { status: t(`status.${to}`) }));
    else await refused();
  };
}

/**
 * What a move needs before it is sent: the approved refund for `approving` (at most the applied one —
 * the server checks it again), the review-failure reason for `rejected` (at most 50 characters).
 */
export function MoveModal({ target, onClose, onConfirm }: {
  target: MoveTarget | null; onClose: () => void; onConfirm: (extra: MoveExtra) => Promise<void>;
}) {
  const t = useTranslations('adminComplaints');
  const te = useTranslations('api.errors');
  const [form] = Form.useForm<{ reason: string; approvedRefund: string }>();
  const refund = target?.to === 'approving';
  const cap = target ? moneyToCents(target.appliedRefund) : 0;
  const { saving, onFinish } = useFormSave((v: { reason: string; approvedRefund: string }) => onConfirm(refund ? { approvedRefund: v.approvedRefund.trim() } : { reason: v.reason }));
  return (
    <FormModal open={target !== null} onCancel={onClose} destroyOnHidden title={target ? t('moveTitle', { no: target.complaintNo, status: t(`status.${target.to}`) }) : ''}
      okText={refund ? t('submitRefund') : t('confirmMove')} onOk={() => form.submit()} confirmLoading={saving} data-testid="complaint-move-modal">
      <Form form={form} layout="vertical" initialValues={{ reason: '', approvedRefund: target?.appliedRefund ?? '' }}
        onFinish={onFinish}>
        {refund ? (
          <Form.Item name="approvedRefund" label={t('approvedRefund')} extra={t('refundCapHint', { applied: money(target.appliedRefund) })}
            rules={[
              { required: true, message: te('fieldRequired') },
              { pattern: MONEY, message: te('invalidAmount') },
              { validator: async (_, v: string) => { if (v && MONEY.test(v.trim()) && moneyToCents(v.trim()) > cap) throw new Error(te('refundAboveApplied')); } },
              { validator: async (_, v: string) => { if (v && MONEY.test(v.trim()) && moneyToCents(v.trim()) === 0) throw new Error(te('refundZero')); } },
            ]}>
            <Input inputMode="decimal" prefix="¥" placeholder="0.00" data-testid="complaint-approved-refund" />
          </Form.Item>
        ) : (
          <Form.Item name="reason" label={t('reviewFailureReason')} rules={[{ required: true, whitespace: true, message: te('reasonRequired') }, { max: REASON_MAX, message: te('reasonTooLong') }]}>
            <Input maxLength={REASON_MAX} showCount placeholder={t('reasonHint')} data-testid="complaint-reason" />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
