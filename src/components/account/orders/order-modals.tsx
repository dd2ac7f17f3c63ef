'use client';

import { Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OrderDetailDto } from '@/contracts/orders';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

export const REASON_MAX = 50;

/** The approver's rejection, with its required reason. */
export function RejectOrderModal({ open, busy, onReject, onClose }: { open: boolean; busy: boolean; onReject: (reason: string) => Promise<boolean>; onClose: () => void }) {
  const t = useTranslations('orderPages');
  const [reason, setReason] = useState('');
  const reject = useFormSave(async () => {
    if (reason.trim() === '' || reason.length > REASON_MAX) return;
    if (await onReject(reason.trim())) setReason('');
  });
  return (
    <FormModal open={open} title={t('rejectTitle')} okText={t('reject')} cancelText={t('no')} okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: busy || reject.saving, id: 'reject-confirm' }} onOk={() => void reject.onFinish()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('rejectReason')} required help={t('rejectReasonHelp', { max: REASON_MAX })}>
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} showCount autoFocus rows={3} data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The approver's approval, with an optional comment kept in the approval log (and mailed to the buyer). */
export function ApproveOrderModal({ open, busy, edited, onApprove, onClose }: { open: boolean; busy: boolean; edited: boolean; onApprove: (comment: string) => Promise<boolean>; onClose: () => void }) {
  const t = useTranslations('orderPages');
  const [comment, setComment] = useState('');
  const approve = useFormSave(async () => {
    if (comment.length > REASON_MAX) return;
    if (await onApprove(comment.trim())) setComment('');
  });
  return (
    <FormModal open={open} title={edited ? t('approveEditedTitle') : t('approveTitle')} okText={edited ? t('approveEdited') : t('approve')} cancelText={t('no')}
      okButtonProps={{ loading: busy || approve.saving, id: 'approve-confirm' }} onOk={() => void approve.onFinish()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('approveComment')} help={t('approveCommentHelp', { max: REASON_MAX })}>
          <Input.TextArea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={REASON_MAX} showCount autoFocus rows={3} data-testid="approve-comment" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The buyer's references of an order: PO number, cost centre and note. */
export function EditRefsModal({ open, order, onClose, onSave }: { open: boolean; order: OrderDetailDto; onClose: () => void; onSave: (v: { poNumber: string; costCentre: string; note: string }) => Promise<unknown> }) {
  const t = useTranslations('orderPages');
  const [form] = Form.useForm<{ poNumber: string; costCentre: string; note: string }>();
  const { saving, onFinish } = useFormSave(onSave);
  return (
    <FormModal open={open} title={t('editRefs')} okText={t('save')} cancelText={t('no')} onOk={() => form.submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ poNumber: order.poNumber, costCentre: order.costCentre, note: order.note }} onFinish={onFinish}>
        <Form.Item name="poNumber" label={t('poNumber')}><Input maxLength={60} /></Form.Item>
        <Form.Item name="costCentre" label={t('costCentre')}><Input maxLength={60} /></Form.Item>
        <Form.Item name="note" label={t('note')}><Input.TextArea maxLength={100} showCount rows={2} /></Form.Item>
      </Form>
    </FormModal>
  );
}
