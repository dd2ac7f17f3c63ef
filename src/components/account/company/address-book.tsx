'use client';

import { App, Button, Checkbox, Empty, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AddressDto } from '@/contracts/company';
import { useFormSave } from '@/components/ui/use-form-save';
import { Permitted, usePermits } from '@/components/ui/permitted';
import { useApiMutation } from '@/lib/api/query';
import { FormModal } from '@/components/ui/form-modal';

interface AddressValues {
  receiver: string;
  phone: string;
  region: string;
  detail: string;
  isDefault?: boolean;
}

/** /sys/address: the company's address book — one default, add, edit, batch delete with confirmation. */
export function AddressBook({ addresses }: { addresses: AddressDto[] }) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const canEdit = usePermits({ permissions: ['ADDRESS.EDIT'] });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<AddressDto | 'new' | null>(null);
  const [form] = Form.useForm<AddressValues>();
  const add = useApiMutation('post', '/api/app/address/add', { form, refreshPage: true });
  const update = useApiMutation('post', '/api/app/address/update', { form, refreshPage: true });
  const setDefault = useApiMutation('post', '/api/app/address/update', { refreshPage: true });
  const batchDelete = useApiMutation('post', '/api/app/address/batchDelete', { refreshPage: true });

  function open(target: AddressDto | 'new') {
    setEditing(target);
    form.resetFields();
    form.setFieldsValue(target === 'new' ? { isDefault: addresses.length === 0 } : target);
  }

  const { saving, onFinish: save } = useFormSave(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    const body = { ...values, isDefault: Boolean(values.isDefault) };
    const answer = editing === 'new' ? await add.send({ body }) : await update.send({ body: { ...body, id: editing.id } });
    if (!answer) return;
    message.success(t('saved'));
    setEditing(null);
  });

  function makeDefault(id: number) {
    setDefault.mutate({ body: { id, isDefault: true } });
  }

  async function remove(ids: number[]) {
    if (await batchDelete.send({ body: { ids } })) {
      message.success(t('deleted'));
      setSelected([]);
    }
  }

  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  return (
    <div className="space-y-4">
      <Permitted permissions={['ADDRESS.EDIT']}>
        <div className="flex flex-wrap gap-2">
          <Button type="primary" onClick={() => open('new')} data-testid="add-address">{t('address.add')}</Button>
          <Popconfirm title={t('batchDeleteConfirm', { count: selected.length })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove(selected)} disabled={selected.length === 0}>
            <Button danger disabled={selected.length === 0}>{t('batchDelete')}</Button>
          </Popconfirm>
        </div>
      </Permitted>
      {addresses.length === 0 ? <Empty description={t('address.empty')} /> : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="address-list">
          {addresses.map((a) => (
            <li key={a.id} className={`rounded-lg border p-4 ${a.isDefault ? 'border-brand-500' : 'border-line'}`}>
              <div className="mb-1 flex items-start justify-between gap-2">
                <div className="min-w-0">
                  {canEdit && (
                    <Checkbox className="mr-2" checked={selected.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} aria-label={t('address.select', { name: a.receiver })} />
                  )}
                  <span className="font-medium">{a.receiver}</span> <span className="text-sm text-muted">{a.phone}</span>
                </div>
                {a.isDefault && <Tag color="blue">{t('address.default')}</Tag>}
              </div>
              <p className="break-words text-sm">{a.region} {a.detail}</p>
              <Permitted permissions={['ADDRESS.EDIT']}>
                <Space size="small" className="mt-2" wrap>
                  <Button size="small" onClick={() => open(a)}>{t('edit')}</Button>
                  {!a.isDefault && <Button size="small" onClick={() => makeDefault(a.id)}>{t('address.makeDefault')}</Button>}
                  <Popconfirm title={t('address.deleteConfirm')} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove([a.id])}>
                    <Button size="small" danger>{t('delete')}</Button>
                  </Popconfirm>
                </Space>
              </Permitted>
            </li>
          ))}
        </ul>
      )}
      <FormModal open={editing !== null} title={editing === 'new' ? t('address.add') : t('address.editTitle')} onCancel={() => setEditing(null)} onOk={() => void save()}
        confirmLoading={saving} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender>
        <Form form={form} layout="vertical">
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            <Form.Item name="receiver" label={t('address.receiver')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 30 }]}><Input maxLength={30} /></Form.Item>
            <Form.Item name="phone" label={t('address.phone')} rules={[{ required: true, message: t('required') }, { pattern: /^[0-9+\- ()]{5,20}$/, message: t('phoneRule') }]}><Input maxLength={20} inputMode="tel" /></Form.Item>
          </div>
          <Form.Item name="region" label={t('address.region')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 60 }]}><Input maxLength={60} /></Form.Item>
          <Form.Item name="detail" label={t('address.detail')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 120 }]}><Input.TextArea maxLength={120} autoSize={{ minRows: 2, maxRows: 4 }} /></Form.Item>
          <Form.Item name="isDefault" valuePropName="checked"><Checkbox>{t('address.setDefault')}</Checkbox></Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
