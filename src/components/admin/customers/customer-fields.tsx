'use client';

import { Form, Input, Select, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { CRM_LIMITS, CUSTOMER_LEVELS } from '@/contracts/customers';

/** The tag colour of each customer level. */
export const LEVEL_COLOURS: Record<string, string> = { A: 'red', B: 'orange', C: 'blue', D: 'default' };

/** The fields a customer's form shares between a new prospect and an edit, with the limits as rules and hints. */
export function CustomerFields({ withLicence = false }: { withLicence?: boolean }) {
  const t = useTranslations('adminCustomers');
  const te = useTranslations('api.errors');
  return (
    <>
      <Form.Item name="name" label={t('name')} extra={t('nameHint')}
        rules={[{ required: true, whitespace: true, message: te('crmNameInvalid') }, { max: CRM_LIMITS.companyName, message: te('crmNameInvalid') }]}>
        <Input maxLength={CRM_LIMITS.companyName} showCount data-testid="customer-name" />
      </Form.Item>
      {withLicence && (
        <Form.Item name="licenceName" label={t('licenceName')} extra={t('licenceNameHint')} rules={[{ max: CRM_LIMITS.companyName, message: te('crmNameInvalid') }]}>
          <Input maxLength={CRM_LIMITS.companyName} showCount data-testid="customer-licence-name" />
        </Form.Item>
      )}
      <Space wrap>
        <Form.Item name="level" label={t('level')}>
          <Select style={{ width: 140 }} options={CUSTOMER_LEVELS.map((l) => ({ value: l, label: t('levelValue', { level: l }) }))} />
        </Form.Item>
        <Form.Item name="creditDays" label={t('creditDays')} extra={t('creditDaysHint')}
          rules={[{ pattern: /^\d{1,3}$/, message: te('crmCreditDaysInvalid') }, { validator: async (_r, v) => { if (Number(v) > 365) throw new Error(te('crmCreditDaysInvalid')); } }]}
          normalize={(v: string) => (v === '' ? v : Number.isNaN(Number(v)) ? v : Number(v))}>
          <Input inputMode="numeric" style={{ width: 140 }} data-testid="customer-credit-days" />
        </Form.Item>
        <Form.Item name="creditLimit" label={t('creditLimit')} extra={t('moneyHint')} rules={[{ pattern: /^\d{1,10}(\.\d{1,2})?$/, message: te('invalidAmount') }]}>
          <Input inputMode="decimal" prefix="¥" style={{ width: 180 }} placeholder="0.00" data-testid="customer-credit-limit" />
        </Form.Item>
      </Space>
      <Form.Item name="tags" label={t('tags')} extra={t('tagsHint')}
        rules={[{ validator: async (_r, v: string[] | undefined) => { if ((v ?? []).length > CRM_LIMITS.tags || (v ?? []).some((x) => x.length > CRM_LIMITS.short)) throw new Error(te('crmTagInvalid')); } }]}>
        <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} aria-label={t('tags')} data-testid="customer-tags" />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[{ pattern: /^$|^\+?[0-9(][0-9 ()-]{3,18}[0-9]$/, message: te('invalidPhone') }]}>
        <Input maxLength={CRM_LIMITS.phone} />
      </Form.Item>
      <Form.Item name="address" label={t('address')} extra={t('textHint', { max: CRM_LIMITS.text })} rules={[{ max: CRM_LIMITS.text, message: te('crmTextInvalid') }]}>
        <Input maxLength={CRM_LIMITS.text} showCount />
      </Form.Item>
    </>
  );
}
