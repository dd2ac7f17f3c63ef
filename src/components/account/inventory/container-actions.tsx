'use client';

import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { INVENTORY_NOTE_MAX, INVENTORY_PURPOSE_MAX, type ContainerDto, type InventoryChoicesDto, type LedgerRowDto, type LocationDto } from '@/contracts/inventory';
import { fromUnits, toUnits } from '@/lib/inventory-amount';
import { useApiMutation } from '@/lib/api/query';
import { locationNodes } from './location-tree';

type Dialog = 'use' | 'move' | 'dispose' | 'correct' | 'edit' | null;
interface Values { amount?: number; purpose?: string; day?: Dayjs; locationId?: number | null; entryId?: number; delta?: number; ownerId?: number | null; departmentId?: number | null; expiresOn?: Dayjs | null; retestOn?: Dayjs | null; note?: string }

const dayOf = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);
const PATHS = ['/api/app/inventory/{id}', '/api/app/inventory', '/api/app/inventory/{id}/ledger'] as const;

/** The container's actions in dialogs: use, move, dispose (confirmed), correct a ledger row, edit its details. */
export function ContainerActions({ container, ledger, locations, choices }: { container: ContainerDto; ledger: LedgerRowDto[]; locations: LocationDto[]; choices: InventoryChoicesDto }) {
  const t = useTranslations('inventory');
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState<Dialog>(null);
  const [form] = Form.useForm<Values>();
  const path = { path: { id: container.id } };
  const use = useApiMutation('post', '/api/app/inventory/{id}/use', { form, invalidates: PATHS });
  const move = useApiMutation('post', '/api/app/inventory/{id}/move', { form, invalidates: PATHS });
  const dispose = useApiMutation('post', '/api/app/inventory/{id}/dispose', { form, invalidates: PATHS });
  const correct = useApiMutation('post', '/api/app/inventory/{id}/correct', { form, invalidates: PATHS });
  const edit = useApiMutation('post', '/api/app/inventory/{id}/edit', { form, invalidates: PATHS });
  const unit = container.unit === 'ea' ? t('units.ea') : container.unit;
  const left = toUnits(container.remaining) ?? 0;

  function show(dialog: Exclude<Dialog, null>) {
    form.resetFields();
    if (dialog === 'edit') {
      form.setFieldsValue({ ownerId: container.owner?.id ?? null, departmentId: container.department?.id ?? null, note: container.note,
        expiresOn: container.expiresOn ? dayjs(container.expiresOn) : null, retestOn: container.retestOn ? dayjs(container.retestOn) : null });
    }
    if (dialog === 'correct') form.setFieldsValue({ entryId: ledger[0]?.id });
    setOpen(dialog);
  }

  async function submit() {
    const v = await form.validateFields().catch(() => null);
    if (!v || !open) return;
    let done: unknown = null;
    if (open === 'use') done = await use.send({ params: path, body: { amount: String(v.amount), purpose: v.purpose ?? '', ...(v.day ? { day: dayOf(v.day) } : {}) } });
    if (open === 'move') done = await move.send({ params: path, body: { locationId: v.locationId ?? null } });
    if (open === 'correct') done = await correct.send({ params: path, body: { entryId: v.entryId!, delta: String(v.delta), purpose: v.purpose ?? '' } });
    if (open === 'edit') {
      done = await edit.send({ params: path, body: { ownerId: v.ownerId ?? null, departmentId: v.departmentId ?? null, expiresOn: dayOf(v.expiresOn) ?? null, retestOn: dayOf(v.retestOn) ?? null, note: v.note ?? '' } });
    }
    if (open === 'dispose') {
      const confirmed = await modal.confirm({ title: t('disposeConfirm', { code: container.code, left: `${container.remaining} ${unit}` }), okText: t('dispose'), cancelText: t('cancel'), okButtonProps: { danger: true } });
      if (!confirmed) return;
      done = await dispose.send({ params: path, body: { purpose: v.purpose ?? '' } });
    }
    if (!done) return;
    message.success(t(`done.${open}`));
    setOpen(null);
  }

  const pending = use.isPending || move.isPending || dispose.isPending || correct.isPending || edit.isPending;
  const purpose = (label: string, required = false) => (
    <Form.Item name="purpose" label={label} rules={[{ required, whitespace: required, message: t('reasonRequired') }, { max: INVENTORY_PURPOSE_MAX }]}>
      <Input maxLength={INVENTORY_PURPOSE_MAX} data-testid="action-purpose" />
    </Form.Item>
  );
  return (
    <>
      <div className="flex flex-wrap gap-2" data-testid="container-actions">
        {container.can.use && <Button type="primary" onClick={() => show('use')} data-testid="action-use">{t('use')}</Button>}
        {container.can.use && <Button onClick={() => show('move')} data-testid="action-move">{t('move')}</Button>}
        {container.can.edit && <Button onClick={() => show('edit')} data-testid="action-edit">{t('edit')}</Button>}
        {container.can.edit && container.state !== 'disposed' && (container.can.use || container.state === 'empty') && <Button onClick={() => show('correct')} data-testid="action-correct">{t('correct')}</Button>}
        {container.can.edit && (container.can.use || container.state === 'empty') && <Button danger onClick={() => show('dispose')} data-testid="action-dispose">{t('dispose')}</Button>}
      </div>
      <Modal open={open !== null} title={open ? t(`dialogs.${open}`, { code: container.code }) : ''} okText={open === 'dispose' ? t('dispose') : t('save')} cancelText={t('cancel')}
        okButtonProps={{ danger: open === 'dispose', ...({ 'data-testid': 'action-submit' } as Record<`data-${string}`, string>) }} onOk={() => void submit()} onCancel={() => setOpen(null)} confirmLoading={pending} destroyOnHidden forceRender>
        <Form form={form} layout="vertical">
          {open === 'use' && (
            <>
              <Form.Item name="amount" label={t('useAmount', { unit, left: container.remaining })} extra={t('leftNow', { left: `${container.remaining} ${unit}` })}
                rules={[{ required: true, message: t('amountInvalid') }, { validator: (_r, value: number | null) => (value === null || value === undefined || (toUnits(String(value)) ?? 0) <= left ? Promise.resolve() : Promise.reject(new Error(t('belowZero', { left: fromUnits(left) })))) }]}>
                <InputNumber min={0.0001} precision={4} className="w-full" inputMode="decimal" autoFocus data-testid="use-amount" />
              </Form.Item>
              {purpose(t('purpose'))}
              <Form.Item name="day" label={t('day')}><DatePicker className="w-full" disabledDate={(d) => d.isAfter(dayjs(), 'day')} /></Form.Item>
            </>
          )}
          {open === 'move' && (
            <Form.Item name="locationId" label={t('moveTo')}><TreeSelect allowClear treeDefaultExpandAll placeholder={t('unplaced')} treeData={locationNodes(locations)} data-testid="move-location" /></Form.Item>
          )}
          {open === 'dispose' && purpose(t('disposeReason'))}
          {open === 'correct' && (
            <>
              <Form.Item name="entryId" label={t('correctEntry')} rules={[{ required: true }]}>
                <Select options={ledger.filter((r) => r.kind !== 'moved').map((r) => ({ value: r.id, label: `${r.happenedOn} ${t(`kinds.${r.kind}`)} ${r.delta} ${unit}` }))} />
              </Form.Item>
              <Form.Item name="delta" label={t('correctDelta', { unit })} extra={t('correctHint')} rules={[{ required: true, message: t('amountInvalid') }, { validator: (_r, v: number | null) => (v ? Promise.resolve() : Promise.reject(new Error(t('amountInvalid')))) }]}>
                <InputNumber precision={4} className="w-full" data-testid="correct-delta" />
              </Form.Item>
              {purpose(t('correctReason'), true)}
            </>
          )}
          {open === 'edit' && (
            <>
              <Form.Item name="ownerId" label={t('owner')}><Select allowClear showSearch optionFilterProp="label" options={choices.users.map((u) => ({ value: u.id, label: u.name }))} /></Form.Item>
              <Form.Item name="departmentId" label={t('department')}><Select allowClear options={choices.departments.map((d) => ({ value: d.id, label: d.name }))} /></Form.Item>
              <div className="grid grid-cols-2 gap-3">
                <Form.Item name="expiresOn" label={t('expiresOn')}><DatePicker className="w-full" /></Form.Item>
                <Form.Item name="retestOn" label={t('retestOn')}><DatePicker className="w-full" /></Form.Item>
              </div>
              <Form.Item name="note" label={t('note')}><Input.TextArea maxLength={INVENTORY_NOTE_MAX} rows={3} /></Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
