'use client';

import { Alert, Button, Checkbox, Form, Input, InputNumber, Table } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { COMPLAINT_DESCRIPTION_MAX, type ComplaintOrderDto } from '@/contracts/complaints';
import { MONEY, centsToMoney, moneyToCents } from '@/contracts/money';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import { useFormSave } from '@/components/ui/use-form-save';

type Line = ComplaintOrderDto['lines'][number];

/**
 * The complaint form of one placed order: tick the lines concerned and their quantities, describe the
 * problem, and apply for a refund of at most the value of those lines (checked again by the server).
 */
export function ComplaintForm({ order }: { order: ComplaintOrderDto }) {
  const t = useTranslations('accountComplaints');
  const te = useTranslations('api.errors');
  const format = useFormatter();
  const router = useRouter();
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [form] = Form.useForm<{ description: string; appliedRefund: string }>();
  const file = useApiMutation('post', '/api/app/complaints', { form });
  const money = (v: string | number) => format.number(Number(v), 'money');
  const cap = order.lines.reduce((sum, l) => sum + (picked[l.itemId] ? moneyToCents(l.unitPrice) * picked[l.itemId]! : 0), 0);
  const chosen = Object.entries(picked).map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }));

  const { saving: busy, onFinish: submit } = useFormSave(async (values: { description: string; appliedRefund: string }) => {
    if (!(await file.send({ body: { orderId: order.id, lines: chosen, description: values.description, appliedRefund: values.appliedRefund.trim() } }))) return;
    router.push('/account/complaints?default=4&filed=1');
    router.refresh();
  });

  return (
    <div data-testid="complaint-form">
      <h1 className="mb-1 text-xl font-semibold">{t('newTitle')}</h1>
      <p className="mb-4 text-sm text-muted">{t('newIntro', { orderNo: order.orderNo })} <Link href={{ pathname: '/order/detail', query: { id: order.id, default: 1 } }} className="text-brand-600 hover:underline">{t('backToOrder')}</Link></p>
      <Table<Line> rowKey="itemId" size="small" pagination={false} dataSource={order.lines} data-testid="complaint-lines"
        columns={[
          {
            key: 'pick', width: 48, render: (_: unknown, l) => (
              <Checkbox aria-label={t('pickLine', { name: l.name })} checked={picked[l.itemId] !== undefined} data-testid={`complaint-pick-${l.itemId}`}
                onChange={(e) => setPicked((p) => { const next = { ...p }; if (e.target.checked) next[l.itemId] = l.num; else delete next[l.itemId]; return next; })} />
            ),
          },
          {
            title: t('line'), key: 'name', render: (_: unknown, l) => (
              <span><span className="font-medium">{l.name}</span><span className="block text-xs text-muted">{l.itemNo} · {l.size} · {t('unitPrice')} {money(l.unitPrice)}</span></span>
            ),
          },
          {
            title: t('quantity'), key: 'q', render: (_: unknown, l) => (
              <InputNumber min={1} max={l.num} precision={0} size="small" disabled={picked[l.itemId] === undefined} value={picked[l.itemId] ?? l.num} aria-label={t('quantityOf', { name: l.name })}
                data-testid={`complaint-qty-${l.itemId}`} onChange={(v) => setPicked((p) => ({ ...p, [l.itemId]: Math.min(l.num, Math.max(1, Number(v) || 1)) }))} addonAfter={`/ ${l.num}`} />
            ),
          },
        ]} />
      <Form form={form} layout="vertical" className="mt-4 max-w-xl" onFinish={submit} initialValues={{ description: '', appliedRefund: '' }}>
        {chosen.length === 0 && <Alert type="info" showIcon className="!mb-3" title={t('pickHint')} />}
        <Form.Item name="description" label={t('description')} rules={[{ required: true, whitespace: true, message: te('fieldRequired') }, { max: COMPLAINT_DESCRIPTION_MAX, message: te('tooLong100') }]}>
          <Input.TextArea rows={3} maxLength={COMPLAINT_DESCRIPTION_MAX} showCount placeholder={t('descriptionHint')} data-testid="complaint-description" />
        </Form.Item>
        <Form.Item name="appliedRefund" label={t('appliedRefund')} extra={t('refundHint', { max: money(centsToMoney(cap)) })}
          rules={[
            { required: true, message: te('fieldRequired') }, { pattern: MONEY, message: te('invalidAmount') },
            { validator: async (_, v: string) => { if (v && MONEY.test(v.trim()) && moneyToCents(v.trim()) === 0) throw new Error(te('refundZero')); } },
            { validator: async (_, v: string) => { if (v && MONEY.test(v.trim()) && moneyToCents(v.trim()) > cap) throw new Error(te('refundAboveLines')); } },
          ]}>
          <Input inputMode="decimal" prefix="¥" placeholder="0.00" style={{ maxWidth: 220 }} data-testid="complaint-refund" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={chosen.length === 0} data-testid="complaint-submit">{t('submit')}</Button>
      </Form>
    </div>
  );
}
