'use client';

import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Select, Table, Upload } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import {
  COMPLAINT_CATEGORIES, COMPLAINT_DESCRIPTION_MAX, COMPLAINT_PHOTO_MAX_BYTES, COMPLAINT_PHOTOS_MAX, type ComplaintCategoryName, type ComplaintOrderDto,
} from '@/contracts/complaints';
import { multipart } from '@/lib/api/client';
import { MONEY, centsToMoney, moneyToCents } from '@/contracts/money';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import { useFormSave } from '@/components/ui/use-form-save';

type Line = ComplaintOrderDto['lines'][number];
type Values = { description: string; category?: ComplaintCategoryName; appliedRefund: string };

const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';

/**
 * The complaint form of one placed order: tick the lines concerned and their quantities, describe the
 * problem and say what it is about, add up to five photos, and apply for a refund of at most the value of
 * those lines if one is wanted (checked again by the server). The photos are sent once the complaint is filed.
 */
export function ComplaintForm({ order }: { order: ComplaintOrderDto }) {
  const t = useTranslations('accountComplaints');
  const te = useTranslations('api.errors');
  const tc = useTranslations('complaintCategories');
  const format = useFormatter();
  const router = useRouter();
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<File[]>([]);
  const { message } = App.useApp();
  const file = useApiMutation('post', '/api/app/complaints', { form });
  const addPhoto = useApiMutation('post', '/api/app/complaints/{id}/photos');
  const money = (v: string | number) => format.number(Number(v), 'money');
  const cap = order.lines.reduce((sum, l) => sum + (picked[l.itemId] ? moneyToCents(l.unitPrice) * picked[l.itemId]! : 0), 0);
  const chosen = Object.entries(picked).map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }));

  const { saving: busy, onFinish: submit } = useFormSave(async (values: Values) => {
    const filed = await file.send({ body: { orderId: order.id, lines: chosen, description: values.description, category: values.category!, appliedRefund: values.appliedRefund.trim() } });
    if (!filed) return;
    const failed: string[] = [];
    for (const photo of photos) {
      if (!(await addPhoto.send({ params: { path: { id: filed.data.id } }, body: { file: photo }, ...multipart }))) failed.push(photo.name);
    }
    if (failed.length > 0) message.warning(t('photosFailed', { names: failed.join('、') }));
    router.push('/account/complaints?default=4&filed=1');
    router.refresh();
  });

  function pickPhoto(picked: File): false {
    if (!PHOTO_TYPES.split(',').includes(picked.type)) message.error(te('complaintPhotoRefused'));
    else if (picked.size > COMPLAINT_PHOTO_MAX_BYTES) message.error(te('complaintPhotoTooLarge'));
    else setPhotos((list) => (list.length < COMPLAINT_PHOTOS_MAX ? [...list, picked] : list));
    // Kept here and sent after filing, never uploaded by the picker itself.
    return false;
  }

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
        <Form.Item name="category" label={t('category')} rules={[{ required: true, message: te('complaintCategoryInvalid') }]}>
          <Select placeholder={t('categoryPlaceholder')} style={{ maxWidth: 280 }} data-testid="complaint-category"
            options={COMPLAINT_CATEGORIES.map((c) => ({ value: c, label: tc(c) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('description')} rules={[{ required: true, whitespace: true, message: te('fieldRequired') }, { max: COMPLAINT_DESCRIPTION_MAX, message: te('tooLong1000') }]}>
          <Input.TextArea rows={5} maxLength={COMPLAINT_DESCRIPTION_MAX} showCount placeholder={t('descriptionHint')} data-testid="complaint-description" />
        </Form.Item>
        <Form.Item label={t('photos')} extra={t('photosHint', { max: COMPLAINT_PHOTOS_MAX })}>
          <Upload accept={PHOTO_TYPES} multiple listType="text" beforeUpload={pickPhoto} showUploadList={false}>
            <Button disabled={photos.length >= COMPLAINT_PHOTOS_MAX} data-testid="complaint-add-photo">{t('addPhoto')}</Button>
          </Upload>
          {photos.length > 0 && (
            <ul className="m-0 mt-2 list-none space-y-1 p-0 text-sm" data-testid="complaint-photos">
              {photos.map((p, i) => (
                <li key={`${p.name}-${i}`} className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate">{p.name}</span>
                  <Button size="small" type="link" aria-label={t('removePhoto', { name: p.name })} onClick={() => setPhotos((list) => list.filter((_, j) => j !== i))}>×</Button>
                </li>
              ))}
            </ul>
          )}
        </Form.Item>
        <Form.Item name="appliedRefund" label={t('appliedRefund')} extra={t('refundOptional', { max: money(centsToMoney(cap)) })}
          rules={[
            { pattern: MONEY, message: te('invalidAmount') },
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
