'use client';

import { Alert, Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, InputNumber, Modal, Skeleton, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PAYMENT_REFERENCE_MAX, PAYMENT_REVERSAL_REASON_MAX, type InvoicePaymentDto, type ReceivableInvoiceDto } from '@/contracts/receivables';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { businessDayOf } from '@/lib/business-day';
import { useBusinessTimeZone } from '@/lib/use-business-day';
import { money } from '../common/keyset-list';

/** Queries whose figures a payment changes: the ageing, a customer's receivables, the invoice's payments. */
const CHANGED = ['/api/admin/receivables', '/api/admin/receivables/customers/{id}', '/api/admin/invoices/{id}/payments'] as const;

interface PaymentForm { amount: number | null; receivedOn: Dayjs | null; reference: string }

/**
 * A blue invoice's payments (INVOICE.ISSUE, ADR 0074) in a drawer: its money, the payments received (each can be
 * reversed with a reason, after a confirmation), and the form that records one — at most what is unpaid, on a day
 * between the issue day and today (the business time zone's).
 */
export function InvoicePayments({ invoice, onClose }: { invoice: ReceivableInvoiceDto | null; onClose: () => void }) {
  const t = useTranslations('adminReceivables');
  return (
    <Drawer open={invoice !== null} onClose={onClose} width={560} title={invoice ? t('paymentsOf', { invoiceNo: invoice.invoiceNo }) : ''} destroyOnHidden
      data-testid="invoice-payments">
      {invoice && <PaymentsBody id={invoice.id} />}
    </Drawer>
  );
}

function PaymentsBody({ id }: { id: number }) {
  const t = useTranslations('adminReceivables');
  const zone = useBusinessTimeZone();
  const today = businessDayOf(new Date(), zone);
  const { data, error } = useApiQuery('get', '/api/admin/invoices/{id}/payments', { params: { path: { id } } });
  const [form] = Form.useForm<PaymentForm>();
  const record = useApiMutation('post', '/api/admin/invoices/{id}/payments', { invalidates: [...CHANGED], form, success: t('recorded') });
  const [reversing, setReversing] = useState<InvoicePaymentDto | null>(null);
  if (error) return <Alert type="error" title={error.message} />;
  if (!data) return <Skeleton active />;
  const { invoice, payments } = data;
  const unpaid = Number(invoice.unpaid);

  const submit = async (v: PaymentForm) => {
    const done = await record.send({
      params: { path: { id } },
      body: { amount: (v.amount ?? 0).toFixed(2), receivedOn: v.receivedOn?.format('YYYY-MM-DD') ?? '', reference: v.reference ?? '' },
    });
    if (done) form.resetFields();
  };

  return (
    <div className="space-y-4">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
        { key: 'customer', label: t('col.customer'), children: invoice.companyName },
        { key: 'order', label: t('inv.orderNo'), children: invoice.orderNo },
        { key: 'issued', label: t('inv.issuedOn'), children: invoice.issuedOn },
        { key: 'due', label: t('inv.dueOn'), children: invoice.dueOn ?? t('noDueDay') },
        { key: 'amount', label: t('inv.amount'), children: `¥${money(invoice.amount)}` },
        { key: 'paid', label: t('inv.paid'), children: <span data-testid="invoice-paid">¥{money(invoice.paidAmount)}</span> },
        { key: 'unpaid', label: t('inv.unpaid'), children: <strong data-testid="invoice-unpaid">{unpaid > 0 ? `¥${money(invoice.unpaid)}` : t('paidInFull')}</strong> },
      ]} />
      <Table<InvoicePaymentDto> rowKey="id" size="small" pagination={false} dataSource={payments} scroll={{ x: 480 }} data-testid="payments-table"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPayments')} /> }}
        columns={[
          { title: t('pay.receivedOn'), dataIndex: 'receivedOn', width: 110 },
          { title: t('pay.amount'), dataIndex: 'amount', align: 'right', width: 110, render: (v: string) => `¥${money(v)}` },
          { title: t('pay.reference'), dataIndex: 'reference', ellipsis: true, render: (v: string) => v || '—' },
          { title: t('pay.staff'), dataIndex: 'staffName', width: 100 },
          {
            title: t('col.actions'), key: 'actions', width: 80,
            render: (_: unknown, p) => <Button size="small" danger onClick={() => setReversing(p)} aria-label={`${t('reverse')} ¥${money(p.amount)}`} data-testid="payment-reverse">{t('reverse')}</Button>,
          },
        ]} />
      {unpaid > 0 && (
        <div className="rounded border border-solid border-slate-200 px-4 pb-1 pt-3">
        <Form<PaymentForm> form={form} layout="vertical" onFinish={submit} initialValues={{ amount: unpaid, receivedOn: dayjs(today), reference: '' }}
          data-testid="payment-form">
          <h3 className="mt-0 text-base font-medium">{t('record')}</h3>
          <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
            <Form.Item name="amount" label={t('amount')} rules={[{ required: true, message: t('amount') }]}>
              <InputNumber min={0.01} max={unpaid} step={0.01} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="payment-amount" />
            </Form.Item>
            <Form.Item name="receivedOn" label={t('receivedOn')} rules={[{ required: true, message: t('receivedOn') }]}>
              <DatePicker style={{ width: '100%' }} data-testid="payment-day"
                disabledDate={(d) => d.format('YYYY-MM-DD') > today || d.format('YYYY-MM-DD') < invoice.issuedOn} />
            </Form.Item>
          </div>
          <Form.Item name="reference" label={t('reference')}>
            <Input maxLength={PAYMENT_REFERENCE_MAX} data-testid="payment-reference" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={record.isPending} data-testid="payment-save">{t('save')}</Button>
          </Form.Item>
        </Form>
        </div>
      )}
      <ReverseDialog invoiceId={id} payment={reversing} onClose={() => setReversing(null)} />
    </div>
  );
}

/** The reversal's confirmation: what it does to the invoice, and the reason it needs. */
function ReverseDialog({ invoiceId, payment, onClose }: { invoiceId: number; payment: InvoicePaymentDto | null; onClose: () => void }) {
  const t = useTranslations('adminReceivables');
  const [form] = Form.useForm<{ reason: string }>();
  const reverse = useApiMutation('post', '/api/admin/invoices/{id}/payments/{paymentId}/reverse', { invalidates: [...CHANGED], form, success: t('reversed') });
  const submit = async (v: { reason: string }) => {
    if (!payment) return;
    const done = await reverse.send({ params: { path: { id: invoiceId, paymentId: payment.id } }, body: { reason: v.reason, confirm: true } });
    if (done) { form.resetFields(); onClose(); }
  };
  return (
    <Modal open={payment !== null} title={t('reverseTitle')} onCancel={onClose} destroyOnHidden okText={t('reverseConfirm')} okButtonProps={{ danger: true, loading: reverse.isPending }}
      onOk={() => form.submit()}>
      {payment && <p>{t('reverseNote', { amount: money(payment.amount) })}</p>}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="reason" label={t('reverseReason')} rules={[{ required: true, whitespace: true, message: t('reverseReason') }]}>
          <Input.TextArea maxLength={PAYMENT_REVERSAL_REASON_MAX} autoSize={{ minRows: 2 }} data-testid="reverse-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
