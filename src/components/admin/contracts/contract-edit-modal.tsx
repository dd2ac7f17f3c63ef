'use client';

import { Form, Input, Space } from 'antd';
import { useTranslations } from 'next-intl';
import type { ContractDetailDto } from '@/contracts/contracts';
import { useApiMutation } from '@/lib/api/query';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

/** What a change of a contract's facts or state changes: its record, its timeline and the lists of contracts. */
export const CONTRACT_CHANGED = ['/api/admin/contracts/{id}', '/api/admin/contracts', '/api/admin/contracts/{id}/timeline'] as const;

interface EditForm { title: string; amount: string; signingDate?: string; endDate?: string; notes?: string }

/** A draft contract's title, amount, dates and notes (the server checks them and that the contract is still a draft). */
export function ContractEditModal({ contract, onClose }: { contract: ContractDetailDto | null; onClose: () => void }) {
  const t = useTranslations('adminContracts');
  const [form] = Form.useForm<EditForm>();
  const edit = useApiMutation('put', '/api/admin/contracts/{id}', { invalidates: CONTRACT_CHANGED, success: t('saved') });
  const { saving, onFinish } = useFormSave(async (values: EditForm) => {
    if (!contract) return;
    const body = { title: values.title, amount: values.amount, notes: values.notes ?? '', signingDate: values.signingDate || null, endDate: values.endDate || null };
    if (await edit.send({ params: { path: { id: contract.id } }, body })) onClose();
  });
  return (
    <FormModal open={contract !== null} onCancel={onClose} destroyOnHidden title={t('editTitle')} okText={t('save')} onOk={() => form.submit()} confirmLoading={saving}>
      {contract && (
        <Form form={form} layout="vertical" preserve={false} data-testid="contract-edit-form"
          initialValues={{ title: contract.title, amount: contract.amount, signingDate: contract.signingDate ?? '', endDate: contract.endDate ?? '', notes: contract.notes }}
          onFinish={onFinish}>
          <Form.Item name="title" label={t('col.title')} rules={[{ required: true, message: t('titleRequired') }]}><Input maxLength={60} showCount data-testid="contract-edit-title" /></Form.Item>
          <Form.Item name="amount" label={t('col.amount')} rules={[{ required: true, pattern: /^\d{1,8}(\.\d{1,2})?$/, message: t('amountInvalid') }]}>
            <Input inputMode="decimal" data-testid="contract-edit-amount" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="signingDate" label={t('col.signingDate')}><Input type="date" /></Form.Item>
            <Form.Item name="endDate" label={t('col.endDate')}><Input type="date" /></Form.Item>
          </Space>
          <Form.Item name="notes" label={t('notes')}><Input.TextArea maxLength={100} showCount rows={2} /></Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
