'use client';

import { Alert, Button, Form, Input, Radio, Table } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OrderCompanyDto } from '@/contracts/orders';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import { PaidPrice } from '@/components/catalog/own-price';

type InvoiceType = 'none' | 'ordinary' | 'special';

type DeliveryMethod = 'standard' | 'express' | 'pickup';
type BuyerKind = 'enterprise' | 'individual' | 'public';

/** The cart's lines and the money of each delivery option, computed on the server (prices include VAT). */
export interface CheckoutSummary {
  lines: { id: number; itemNo: string; name: string; size: string; num: number; unitPrice: string; listPrice: string; lineTotal: string }[];
  lineCount: number;
  subtotal: string;
  taxRate: number;
  delivery: { method: DeliveryMethod; fee: string; unavailable: 'hazardousByGround' | null; tax: string; total: string }[];
}

interface Values {
  addressId: number;
  poNumber: string;
  costCentre: string;
  note: string;
  deliveryMethod: DeliveryMethod;
  invoiceType: InvoiceType;
  invoiceTitle: string;
  taxNo: string;
  buyerKind: BuyerKind;
  invoiceAddress: string;
  invoicePhone: string;
  invoiceBank: string;
  invoiceAccount: string;
}

const TAX_NO = /^[0-9A-Za-z]{15,20}$/;

function newKey(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

/**
 * Checkout: the lines, a delivery address from the company's book, the delivery method, the buyer's PO
 * number, a cost centre or grant number, a note, and the invoice (none, ordinary or special VAT invoice:
 * the type decides the details required, never the total, which includes VAT). One idempotency key per
 * visit, so a double submit makes one order.
 */
export function CheckoutForm({ company, summary }: { company: OrderCompanyDto; summary: CheckoutSummary }) {
  const t = useTranslations('orderPages');
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newKey);
  const place = useApiMutation('post', '/api/app/api/order/add', { form });
  // Until the order page shows: the order is placed once.
  const busy = place.isPending || place.isSuccess;
  const invoiceType = Form.useWatch('invoiceType', form) ?? 'none';
  const buyerKind = Form.useWatch('buyerKind', form) ?? 'enterprise';
  const firstDelivery = summary.delivery.find((d) => d.unavailable === null) ?? summary.delivery[0];
  const deliveryMethod = Form.useWatch('deliveryMethod', form) ?? firstDelivery?.method;
  const chosen = summary.delivery.find((d) => d.method === deliveryMethod) ?? firstDelivery;
  const defaultAddress = company.addresses.find((a) => a.isDefault) ?? company.addresses[0];

  async function submit(values: Values) {
    const answer = await place.send({
      body: {
        idempotencyKey: key,
        addressId: values.addressId,
        poNumber: values.poNumber ?? '',
        costCentre: values.costCentre ?? '',
        note: values.note ?? '',
        deliveryMethod: values.deliveryMethod,
        invoiceType: values.invoiceType,
        ...(values.invoiceType === 'none' ? {} : {
          invoiceTitle: values.invoiceTitle ?? '', taxNo: (values.taxNo ?? '').toUpperCase(), buyerKind: values.invoiceType === 'special' ? 'enterprise' : values.buyerKind,
        }),
        ...(values.invoiceType === 'special' ? {
          invoiceAddress: values.invoiceAddress ?? '', invoicePhone: values.invoicePhone ?? '', invoiceBank: values.invoiceBank ?? '', invoiceAccount: values.invoiceAccount ?? '',
        } : {}),
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

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{
        addressId: defaultAddress?.id, deliveryMethod: firstDelivery?.method, invoiceType: 'none', invoiceTitle: company.invoiceTitle, taxNo: company.taxNo,
        buyerKind: 'enterprise', invoiceAddress: '', invoicePhone: '', invoiceBank: '', invoiceAccount: '', poNumber: '', costCentre: '', note: '',
      }}
      requiredMark="optional"
      data-testid="checkout-form"
    >
      <h2 className="mb-2 text-base font-semibold">{t('lines')}</h2>
      <CheckoutLines lines={summary.lines} />
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

      <DeliveryChoice options={summary.delivery} />

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

      <InvoiceFields invoiceType={invoiceType} buyerKind={buyerKind} />

      <CheckoutMoney summary={summary} chosen={chosen} />
      <p className="mt-1 text-right text-xs text-muted">{t('approvalNote')}</p>
      <div className="mt-4 flex justify-between gap-2">
        <Link href="/order/shoppingcart?default=2" className="self-center text-sm text-brand-600 hover:underline">{t('backToCartLink')}</Link>
        <Button type="primary" size="large" htmlType="submit" loading={busy} data-testid="checkout-submit">{t('submitOrder')}</Button>
      </div>
    </Form>
  );
}

/** The cart's lines as the order will hold them: product, pack, quantity, unit price and subtotal. */
function CheckoutLines({ lines }: { lines: CheckoutSummary['lines'] }) {
  const t = useTranslations('orderPages');
  const format = useFormatter();
  const money = (v: string) => format.number(Number(v), 'money');
  return (
    <Table
      size="small"
      rowKey="id"
      className="mb-4"
      pagination={false}
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      data-testid="checkout-lines"
      columns={[
        { title: t('lineItem'), key: 'item', render: (_v, l) => <span><span className="text-muted">{l.itemNo}</span> {l.name}</span> },
        { title: t('linePack'), dataIndex: 'size', key: 'size' },
        { title: t('lineNum'), dataIndex: 'num', key: 'num', align: 'right' },
        { title: t('lineUnitPrice'), dataIndex: 'unitPrice', key: 'unitPrice', align: 'right', render: (v: string, l) => <PaidPrice price={v} catalogue={l.listPrice} /> },
        { title: t('lineSubtotal'), dataIndex: 'lineTotal', key: 'lineTotal', align: 'right', render: (v: string) => <span className="font-medium">{money(v)}</span> },
      ]}
    />
  );
}

/** The delivery options with their fees; one the order cannot use is shown disabled with the reason. */
function DeliveryChoice({ options }: { options: CheckoutSummary['delivery'] }) {
  const t = useTranslations('orderPages');
  const format = useFormatter();
  const money = (v: string) => format.number(Number(v), 'money');
  return (
      <Form.Item name="deliveryMethod" label={t('deliveryMethod')} extra={t('deliveryHelp')} rules={[{ required: true, message: t('deliveryMethod') }]}>
      <Radio.Group className="!grid w-full gap-2 sm:grid-cols-3" data-testid="checkout-delivery">
        {options.map((d) => (
          <Radio key={d.method} value={d.method} disabled={d.unavailable !== null} className="!m-0 rounded-md border border-line p-3" data-testid={`checkout-delivery-${d.method}`}>
            <span className="font-medium">{t(`deliveryOption.${d.method}`)}</span>
            <br />
            <span className="text-sm">{Number(d.fee) === 0 ? t('free') : money(d.fee)}</span>
            {d.unavailable && <span className="block text-xs text-amber-700">{t(d.unavailable)}</span>}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}

/** A special VAT invoice's registered address and telephone, bank and account. */
function SpecialInvoiceFields() {
  const t = useTranslations('orderPages');
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {([['invoiceAddress', 100], ['invoicePhone', 30], ['invoiceBank', 60], ['invoiceAccount', 40]] as const).map(([field, max]) => (
        <Form.Item
          key={field}
          name={field}
          label={t(field)}
          rules={[{ required: true, whitespace: true, message: t(`${field}Required`) }, { max, message: t('max', { max }) }]}
        >
          <Input maxLength={max} data-testid={`checkout-${field}`} />
        </Form.Item>
      ))}
    </div>
  );
}

/** Goods, delivery fee, the total (VAT included) and the VAT it contains, for the chosen delivery; all from the server. */
function CheckoutMoney({ summary, chosen }: { summary: CheckoutSummary; chosen: CheckoutSummary['delivery'][number] | undefined }) {
  const t = useTranslations('orderPages');
  const format = useFormatter();
  const money = (v: string) => format.number(Number(v), 'money');
  return (
    <>
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="checkout-totals">
      <dt className="text-muted">{t('subtotalLines', { count: summary.lineCount })}</dt><dd className="text-right">{money(summary.subtotal)}</dd>
      <dt className="text-muted">{t('deliveryFee')}</dt><dd className="text-right" data-testid="checkout-delivery-fee">{chosen ? money(chosen.fee) : '—'}</dd>
      <dt className="font-semibold">{t('totalTaxIncluded')}</dt><dd className="text-right text-lg font-semibold text-accent" data-testid="checkout-total">{chosen ? money(chosen.total) : '—'}</dd>
      <dt className="text-muted">{t('tax', { rate: summary.taxRate })}</dt><dd className="text-right" data-testid="checkout-tax">{chosen ? money(chosen.tax) : '—'}</dd>
    </dl>
    <p className="mt-1 text-right text-xs text-muted">{t('taxIncludedNote')}</p>
    </>
  );
}

/**
 * The invoice: its type, and what that type requires (ADR 0065) — a special VAT invoice the name, tax
 * number, registered address and telephone, bank and account; an ordinary one the name, and the tax number
 * for an enterprise. The type never changes the amount.
 */
function InvoiceFields({ invoiceType, buyerKind }: { invoiceType: InvoiceType; buyerKind: BuyerKind }) {
  const t = useTranslations('orderPages');
  const ti = useTranslations('orders.invoice');
  const taxNoRequired = invoiceType === 'special' || (invoiceType === 'ordinary' && buyerKind === 'enterprise');
  return (
    <>
        <Form.Item name="invoiceType" label={t('invoice')}>
      <Radio.Group optionType="button" buttonStyle="solid" data-testid="checkout-invoice">
        <Radio.Button value="none">{ti('none')}</Radio.Button>
        <Radio.Button value="ordinary">{ti('ordinary')}</Radio.Button>
        <Radio.Button value="special">{ti('special')}</Radio.Button>
      </Radio.Group>
    </Form.Item>
    {invoiceType === 'ordinary' && (
      <Form.Item name="buyerKind" label={t('buyerKind')}>
        <Radio.Group data-testid="checkout-buyer-kind">
          {(['enterprise', 'individual', 'public'] as const).map((k) => <Radio key={k} value={k}>{t(`buyerKinds.${k}`)}</Radio>)}
        </Radio.Group>
      </Form.Item>
    )}
    {invoiceType !== 'none' && (
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Form.Item name="invoiceTitle" label={t('invoiceTitle')} rules={[{ required: true, message: t('invoiceTitleRequired') }, { max: 100, message: t('max', { max: 100 }) }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="taxNo"
          label={t('taxNo')}
          extra={taxNoRequired ? undefined : t('taxNoOptionalHelp')}
          rules={[
            { required: taxNoRequired, message: invoiceType === 'special' ? t('taxNoRequired') : t('taxNoRequiredEnterprise') },
            { pattern: TAX_NO, message: t('taxNoInvalid') },
          ]}
        >
          <Input maxLength={20} data-testid="checkout-tax-no" />
        </Form.Item>
      </div>
    )}
    {invoiceType === 'special' && <SpecialInvoiceFields />}
    </>
  );
}
