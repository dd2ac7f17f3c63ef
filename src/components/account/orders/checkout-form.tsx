'use client';

import { Alert, Button, Form, Input, Radio } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OrderCompanyDto } from '@/contracts/orders';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';

type InvoiceType = 'none' | 'ordinary' | 'special';

export interface CheckoutTotals {
  subtotal: string;
  /** Tax and total of each invoice choice, computed on the server. */
  byInvoice: Record<InvoiceType, { tax: string; total: string }>;
  lineCount: number;
}

interface Values {
  addressId: number;
  poNumber: string;
  costCentre: string;
  note: string;
  invoiceType: InvoiceType;
  invoiceTitle: string;
  taxNo: string;
}

const TAX_NO = /^[0-9A-Za-z]{15,20}$/;

function newKey(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

/**
 * Checkout: a delivery address from the company's book, the buyer's PO number, a cost centre or
 * grant number, a note, and the invoice choice (none, 3 % ordinary, 6 % special with the tax number
 * required). One idempotency key per visit, so a double submit makes one order.
 */
export function CheckoutForm({ company, totals }: { company: OrderCompanyDto; totals: CheckoutTotals }) {
  const t = useTranslations('orderPages');
  const ti = useTranslations('orders.invoice');
  const format = useFormatter();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newKey);
  const place = useApiMutation('post', '/api/app/api/order/add', { form });
  // Until the order page shows: the order is placed once.
  const busy = place.isPending || place.isSuccess;
  const invoiceType = Form.useWatch('invoiceType', form) ?? 'none';
  const money = (v: string) => format.number(Number(v), 'money');
  const defaultAddress = company.addresses.find((a) => a.isDefault) ?? company.addresses[0];

  async function submit(values: Values) {
    const answer = await place.send({
      body: {
        idempotencyKey: key,
        addressId: values.addressId,
        poNumber: values.poNumber ?? '',
        costCentre: values.costCentre ?? '',
        note: values.note ?? '',
        invoiceType: values.invoiceType,
        ...(values.invoiceType === 'none' ? {} : { invoiceTitle: values.invoiceTitle ?? '', taxNo: (values.taxNo ?? '').toUpperCase() }),
      },
    });
    // A failure: its field errors are on their fields, and the API client has shown the message.
    if (!answer) return;
    router.push({ pathname: '/order/detail', query: { id: answer.data.id, default: '1', created: '1' } });
    router.refresh();
  }

  if (company.addresses.length === 0) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('noAddress')}
        action={<Link href="/sys/address?default=5" className="text-sm text-brand-600 hover:underline">{t('manageAddresses')}</Link>}
      />
    );
  }

  const chosen = totals.byInvoice[invoiceType as InvoiceType];
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ addressId: defaultAddress?.id, invoiceType: 'none', invoiceTitle: company.invoiceTitle, taxNo: company.taxNo, poNumber: '', costCentre: '', note: '' }}
      requiredMark="optional"
      data-testid="checkout-form"
    >
      <Form.Item name="addressId" label={t('deliveryAddress')} rules={[{ required: true, message: t('chooseAddress') }]}>
        <Radio.Group className="!grid w-full gap-2 sm:grid-cols-2">
          {company.addresses.map((a) => (
            <Radio key={a.id} value={a.id} className="!m-0 rounded-md border border-line p-3" data-testid="checkout-address">
              <span className="font-medium">{a.receiver}</span> <span className="text-muted">{a.phone}</span>
              {a.isDefault && <span className="ml-2 rounded bg-brand-50 px-1.5 text-xs text-brand-700">{t('default')}</span>}
              <br />
              <span className="text-sm">{a.region} {a.detail}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Link href="/sys/address?default=5" className="mb-4 inline-block text-sm text-brand-600 hover:underline">{t('manageAddresses')}</Link>

      <div className="grid gap-x-4 sm:grid-cols-2">
        <Form.Item name="poNumber" label={t('poNumber')} extra={t('poNumberHelp')} rules={[{ max: 60, message: t('max', { max: 60 }) }]}>
          <Input maxLength={60} data-testid="checkout-po" />
        </Form.Item>
        <Form.Item name="costCentre" label={t('costCentre')} extra={t('costCentreHelp')} rules={[{ max: 60, message: t('max', { max: 60 }) }]}>
          <Input maxLength={60} data-testid="checkout-cost-centre" />
        </Form.Item>
      </div>
      <Form.Item name="note" label={t('note')} rules={[{ max: 100, message: t('max', { max: 100 }) }]}>
        <Input.TextArea maxLength={100} showCount rows={2} />
      </Form.Item>

      <Form.Item name="invoiceType" label={t('invoice')}>
        <Radio.Group optionType="button" buttonStyle="solid" data-testid="checkout-invoice">
          <Radio.Button value="none">{ti('none')}</Radio.Button>
          <Radio.Button value="ordinary">{ti('ordinary')} 3%</Radio.Button>
          <Radio.Button value="special">{ti('special')} 6%</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {invoiceType !== 'none' && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Form.Item name="invoiceTitle" label={t('invoiceTitle')} rules={[{ required: true, message: t('invoiceTitleRequired') }, { max: 100, message: t('max', { max: 100 }) }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="taxNo"
            label={t('taxNo')}
            extra={invoiceType === 'special' ? t('taxNoRequiredHelp') : t('taxNoOptionalHelp')}
            rules={[
              { required: invoiceType === 'special', message: t('taxNoRequired') },
              { pattern: TAX_NO, message: t('taxNoInvalid') },
            ]}
          >
            <Input maxLength={20} data-testid="checkout-tax-no" />
          </Form.Item>
        </div>
      )}

      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="checkout-totals">
        <dt className="text-muted">{t('subtotalLines', { count: totals.lineCount })}</dt><dd className="text-right">{money(totals.subtotal)}</dd>
        <dt className="text-muted">{t('tax', { rate: invoiceType === 'special' ? 6 : invoiceType === 'ordinary' ? 3 : 0 })}</dt><dd className="text-right">{money(chosen.tax)}</dd>
        <dt className="font-semibold">{t('total')}</dt><dd className="text-right text-lg font-semibold text-accent" data-testid="checkout-total">{money(chosen.total)}</dd>
      </dl>
      <p className="mt-1 text-right text-xs text-muted">{t('approvalNote')}</p>
      <div className="mt-4 flex justify-between gap-2">
        <Link href="/order/shoppingcart?default=2" className="self-center text-sm text-brand-600 hover:underline">{t('backToCartLink')}</Link>
        <Button type="primary" size="large" htmlType="submit" loading={busy} data-testid="checkout-submit">{t('submitOrder')}</Button>
      </div>
    </Form>
  );
}
