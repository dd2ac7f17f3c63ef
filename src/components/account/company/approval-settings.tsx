'use client';

import { Alert, App, Button, Checkbox, Form, Input, Switch, Table, type TableProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ApprovalSettingsDto } from '@/contracts/company';
import { Permitted, usePermits } from '@/components/ui/permitted';
import { useApiMutation } from '@/lib/api/query';

interface RuleValues {
  totalAboveActive: boolean;
  totalAboveAmount?: string;
  hazardousActive: boolean;
  controlledActive: boolean;
  controlledRequirePermit: boolean;
  monthlyLimitActive: boolean;
}

type Buyer = ApprovalSettingsDto['buyers'][number];

/** /sys/approval: the four approval rules the order rule engine reads, and each buyer's monthly limit. */
export function ApprovalSettings({ settings }: { settings: ApprovalSettingsDto }) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const canEdit = usePermits({ permissions: ['USER.EDIT'] });
  const [form] = Form.useForm<RuleValues>();
  const saveRules = useApiMutation('post', '/api/app/approval/rules/save', { form, refreshPage: true });
  const saveBuyer = useApiMutation('post', '/api/app/user/update', { refreshPage: true });
  const [limits, setLimits] = useState<Record<number, string>>(() => Object.fromEntries(settings.buyers.map((b) => [b.id, b.monthlyLimit ?? ''])));
  const rule = (kind: string) => settings.rules.find((r) => r.kind === kind);
  const totalActive = Form.useWatch('totalAboveActive', form);
  const requirePermit = Form.useWatch('controlledRequirePermit', form);

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (await saveRules.send({ body: { ...values, totalAboveAmount: values.totalAboveAmount || null } })) message.success(t('saved'));
  }

  async function saveLimit(buyer: Buyer) {
    const value = (limits[buyer.id] ?? '').trim();
    if (value !== '' && !/^\d{1,10}(\.\d{1,2})?$/.test(value)) {
      message.error(t('amountRule'));
      return;
    }
    if (await saveBuyer.send({ body: { id: buyer.id, monthlyLimit: value || null } })) message.success(t('approval.limitSaved', { name: buyer.name }));
  }

  const columns: TableProps<Buyer>['columns'] = [
    { title: t('users.name'), dataIndex: 'name', key: 'name' },
    { title: t('users.department'), key: 'department', render: (_v, b) => b.department ?? '—', responsive: ['sm'] },
    {
      title: t('users.monthlyLimit'), key: 'limit',
      render: (_v, b) => (canEdit ? (
        <div className="flex gap-2">
          <Input className="!w-32" inputMode="decimal" maxLength={13} value={limits[b.id] ?? ''} placeholder={t('users.noLimit')} aria-label={t('approval.limitOf', { name: b.name })}
            onChange={(e) => setLimits((l) => ({ ...l, [b.id]: e.target.value }))} onPressEnter={() => saveLimit(b)} />
          <Button size="small" onClick={() => saveLimit(b)} disabled={(limits[b.id] ?? '') === (b.monthlyLimit ?? '')}>{t('save')}</Button>
        </div>
      ) : (b.monthlyLimit ?? t('users.noLimit'))),
    },
  ];

  return (
    <div className="space-y-6">
      <Form form={form} layout="vertical" disabled={!canEdit}
        initialValues={{
          totalAboveActive: rule('total_above')?.active ?? false, totalAboveAmount: rule('total_above')?.amount ?? '',
          hazardousActive: rule('hazardous')?.active ?? false, controlledActive: rule('controlled')?.active ?? false,
          controlledRequirePermit: rule('controlled')?.requirePermit ?? false, monthlyLimitActive: rule('monthly_limit')?.active ?? false,
        }}>
        <ul className="divide-y divide-line rounded-lg border border-line">
          <li className="flex flex-wrap items-start gap-4 p-4">
            <Form.Item name="totalAboveActive" valuePropName="checked" className="!mb-0"><Switch aria-label={t('approval.totalAbove')} /></Form.Item>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t('approval.totalAbove')}</p>
              <p className="text-xs text-muted">{t('approval.totalAboveHint')}</p>
              <Form.Item name="totalAboveAmount" className="!mb-0 !mt-2" label={t('approval.amount')}
                rules={[{ required: Boolean(totalActive), message: t('required') }, { pattern: /^\d{1,10}(\.\d{1,2})?$/, message: t('amountRule') }]}>
                <Input inputMode="decimal" maxLength={13} prefix="¥" className="!w-48" />
              </Form.Item>
            </div>
          </li>
          <li className="flex flex-wrap items-start gap-4 p-4">
            <Form.Item name="hazardousActive" valuePropName="checked" className="!mb-0"><Switch aria-label={t('approval.hazardous')} /></Form.Item>
            <div className="min-w-0 flex-1"><p className="font-medium">{t('approval.hazardous')}</p><p className="text-xs text-muted">{t('approval.hazardousHint')}</p></div>
          </li>
          <li className="flex flex-wrap items-start gap-4 p-4">
            <Form.Item name="controlledActive" valuePropName="checked" className="!mb-0"><Switch aria-label={t('approval.controlled')} /></Form.Item>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t('approval.controlled')}</p>
              <p className="text-xs text-muted">{t('approval.controlledHint')}</p>
              <Form.Item name="controlledRequirePermit" valuePropName="checked" className="!mb-0 !mt-2"><Checkbox>{t('approval.requirePermit')}</Checkbox></Form.Item>
              {requirePermit && !settings.validPermit && <Alert className="!mt-2" type="warning" showIcon title={t('approval.noPermit')} />}
            </div>
          </li>
          <li className="flex flex-wrap items-start gap-4 p-4">
            <Form.Item name="monthlyLimitActive" valuePropName="checked" className="!mb-0"><Switch aria-label={t('approval.monthlyLimit')} /></Form.Item>
            <div className="min-w-0 flex-1"><p className="font-medium">{t('approval.monthlyLimit')}</p><p className="text-xs text-muted">{t('approval.monthlyLimitHint')}</p></div>
          </li>
        </ul>
        <Permitted permissions={['USER.EDIT']}>
          <Button type="primary" className="mt-4" onClick={save} loading={saveRules.isPending} data-testid="save-rules">{t('save')}</Button>
        </Permitted>
      </Form>
      <section className="pt-2">
        <h2 className="mb-2 text-base font-semibold">{t('approval.limitsTitle')}</h2>
        <Table<Buyer> rowKey="id" size="small" columns={columns} dataSource={settings.buyers} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('users.empty') }} />
      </section>
    </div>
  );
}
