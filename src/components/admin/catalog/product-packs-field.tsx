'use client';

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Space, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import { PRICE } from '@/contracts/catalog-editing-products';
import type { ProductFormValues } from './product-form-values';

/** The packs of the product: an editable table, rows added, removed and moved; referenced packs cannot be removed. */
export function PacksField() {
  const t = useTranslations('adminProducts');
  return (
    <Form.List name="packs">
      {(fields, { add, remove, move }) => (
        <div data-testid="packs-field">
          <div className="hidden grid-cols-[2fr_1.4fr_1.4fr_1fr_1fr_auto] gap-2 px-1 text-xs text-slate-500 sm:grid">
            <span>{t('packSize')}</span><span>{t('packPrice')}</span><span>{t('packListPrice')}</span><span>{t('packLeadTime')}</span><span>{t('packStock')}</span><span className="w-[104px]">{t('actions')}</span>
          </div>
          {fields.map((field, index) => (
            <PackRow key={field.key} name={field.name} index={index} count={fields.length}
              onUp={() => move(index, index - 1)} onDown={() => move(index, index + 1)} onRemove={() => remove(field.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ size: '', price: null, listPrice: null, leadTimeDays: 0, stock: 0 })} data-testid="pack-add">{t('packAdd')}</Button>
        </div>
      )}
    </Form.List>
  );
}

/** An empty regular price, or one above the pack's price (checked again on the server). */
function listPriceValid(value: unknown, price: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (!PRICE.test(String(value))) return false;
  return price === null || price === undefined || price === '' || Number(value) > Number(price);
}

function PackRow({ name, index, count, onUp, onDown, onRemove }: { name: number; index: number; count: number; onUp: () => void; onDown: () => void; onRemove: () => void }) {
  const t = useTranslations('adminProducts');
  const tl = useTranslations('adminLots');
  const form = Form.useFormInstance<ProductFormValues>();
  const referenced = Form.useWatch(['packs', name, 'referenced'], form) === true;
  const hasLots = Form.useWatch(['packs', name, 'hasLots'], { form, preserve: true }) === true;
  const label = (text: string) => `${text} ${index + 1}`;
  return (
    <div className="mb-2 grid grid-cols-2 items-start gap-2 rounded border border-slate-100 p-2 sm:grid-cols-[2fr_1.4fr_1.4fr_1fr_1fr_auto] sm:border-0 sm:p-0" data-testid="pack-row">
      <Form.Item name={[name, 'id']} hidden><Input /></Form.Item>
      <Form.Item name={[name, 'size']} className="col-span-2 mb-0 sm:col-span-1" rules={[{ required: true, whitespace: true, message: t('packSizeRequired') }, { max: 40, message: t('tooLong', { max: 40 }) }]}>
        <Input placeholder={t('packSizePlaceholder')} aria-label={label(t('packSize'))} />
      </Form.Item>
      <Form.Item name={[name, 'price']} className="mb-0"
        rules={[{ validator: async (_r, v: unknown) => { if (v === null || v === undefined || v === '' || !PRICE.test(String(v))) throw new Error(t('packPriceInvalid')); } }]}>
        <InputNumber min={0} max={9_999_999_999.99} precision={2} stringMode prefix="¥" style={{ width: '100%' }} aria-label={label(t('packPrice'))} />
      </Form.Item>
      <Form.Item name={[name, 'listPrice']} className="mb-0" dependencies={[['packs', name, 'price']]}
        rules={[{ validator: async (_r, v: unknown) => { if (!listPriceValid(v, form.getFieldValue(['packs', name, 'price']))) throw new Error(t('packListPriceInvalid')); } }]}>
        <InputNumber min={0} max={9_999_999_999.99} precision={2} stringMode prefix="¥" style={{ width: '100%' }} aria-label={label(t('packListPrice'))}
          placeholder={t('packListPricePlaceholder')} data-testid="pack-list-price" />
      </Form.Item>
      <Form.Item name={[name, 'leadTimeDays']} className="mb-0" rules={[{ type: 'integer', min: 0, max: 365, message: t('packNumberInvalid') }]}>
        <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} aria-label={label(t('packLeadTime'))} suffix={t('days')} />
      </Form.Item>
      <Tooltip title={hasLots ? tl('stockReadOnly') : undefined}>
        <Form.Item name={[name, 'stock']} className="mb-0" rules={[{ type: 'integer', min: 0, max: 1_000_000, message: t('packNumberInvalid') }]}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={label(t('packStock'))} disabled={hasLots} data-testid="pack-stock" />
        </Form.Item>
      </Tooltip>
      <Space size={2} className="col-span-2 sm:col-span-1">
        <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={onUp} aria-label={label(t('moveUp'))} />
        <Button size="small" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={onDown} aria-label={label(t('moveDown'))} />
        <Tooltip title={referenced ? t('packReferenced') : undefined}>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={referenced} onClick={onRemove} aria-label={label(t('packRemove'))} />
        </Tooltip>
      </Space>
    </div>
  );
}
