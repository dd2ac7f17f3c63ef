'use client';

import { DatePicker, Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { CONTAINER_UNITS, INVENTORY_NOTE_MAX, type LocationDto } from '@/contracts/inventory';
import { useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import { locationNodes } from './location-tree';

interface Values { name: string; cas?: string; amount: number; unit: string; lotNo?: string; expiresOn?: Dayjs | null; locationId?: number; note?: string }

/** Adds a container by hand (a chemical bought elsewhere, or made in the lab): name, CAS, amount, unit, lot, expiry, place. */
export function AddContainerDialog({ open, onClose, locations }: { open: boolean; onClose: () => void; locations: LocationDto[] }) {
  const t = useTranslations('inventory');
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const add = useApiMutation('post', '/api/app/inventory', { form, invalidates: ['/api/app/inventory'] });

  async function submit() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const made = await add.send({ body: {
      name: v.name, amount: String(v.amount), unit: v.unit as (typeof CONTAINER_UNITS)[number], ...(v.cas ? { cas: v.cas.trim() } : {}), ...(v.lotNo ? { lotNo: v.lotNo } : {}),
      ...(v.expiresOn ? { expiresOn: v.expiresOn.format('YYYY-MM-DD') } : {}), ...(v.locationId ? { locationId: v.locationId } : {}), ...(v.note ? { note: v.note } : {}),
    } });
    if (!made) return;
    form.resetFields();
    onClose();
    router.push(`/account/inventory/${made.data.container.id}?default=8`);
  }

  return (
    <Modal open={open} title={t('addTitle')} okText={t('add')} cancelText={t('cancel')} onOk={() => void submit()} onCancel={onClose} confirmLoading={add.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ unit: 'mL' }}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}><Input maxLength={200} data-testid="add-name" /></Form.Item>
        <Form.Item name="cas" label="CAS" rules={[{ pattern: /^\d{2,7}-\d{2}-\d$/, message: t('casInvalid') }]}><Input maxLength={20} placeholder="7732-18-5" /></Form.Item>
        <div className="grid grid-cols-2 gap-3">
          <Form.Item name="amount" label={t('amount')} rules={[{ required: true, message: t('amountInvalid') }]}><InputNumber min={0.0001} max={9_999_999_999} precision={4} className="w-full" data-testid="add-amount" /></Form.Item>
          <Form.Item name="unit" label={t('unit')} rules={[{ required: true }]}><Select options={CONTAINER_UNITS.map((u) => ({ value: u, label: u === 'ea' ? t('units.ea') : u }))} /></Form.Item>
          <Form.Item name="lotNo" label={t('lot')}><Input maxLength={40} /></Form.Item>
          <Form.Item name="expiresOn" label={t('expiresOn')}><DatePicker className="w-full" /></Form.Item>
        </div>
        <Form.Item name="locationId" label={t('location')}><TreeSelect allowClear treeDefaultExpandAll placeholder={t('unplaced')} treeData={locationNodes(locations)} /></Form.Item>
        <Form.Item name="note" label={t('note')}><Input.TextArea maxLength={INVENTORY_NOTE_MAX} rows={2} /></Form.Item>
      </Form>
    </Modal>
  );
}
