'use client';

import { DeleteOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, DatePicker, Drawer, Empty, Form, Grid, Input, InputNumber, Select, Space, Spin, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { COA_MAX_BYTES, LOT_NO, WAREHOUSES, type AdminLotDto, type AdminProductLotsDto, type Warehouse } from '@/contracts/lots';
import { lotState } from '@/lib/lot-state';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useFormSave } from '@/components/ui/use-form-save';
import { isOneOf } from '../common/view-filters';
import { FormModal } from '@/components/ui/form-modal';
import { useBusinessDay } from '@/lib/use-business-day';

interface LotFormValues {
  lotNo: string; quantity: number | null; manufacturedOn: Dayjs | null; expiresOn: Dayjs | null; retestOn: Dayjs | null; warehouse: Warehouse;
}

/**
 * What a change of a lot changes: the product's lots, and with a lot's quantity its packs' stock (the
 * product, and the list's "in stock"). A COA changes the lots alone.
 */
const LOT_PATHS = ['/api/admin/catalog/products/{id}/lots', '/api/admin/catalog/products/{id}', '/api/admin/catalog/products'] as const;

const day = (d: Dayjs | null | undefined): string | null => (d ? d.format('YYYY-MM-DD') : null);

interface LotColumnsParams {
  t: ReturnType<typeof useTranslations<'adminLots'>>;
  today: string;
  busy: number | null;
  onUpload: (lot: AdminLotDto, file: File) => void;
  onEdit: (lot: AdminLotDto) => void;
  onDelete: (lot: AdminLotDto) => void;
}

/** The lot table's columns (the phone cards render the same cells). */
function lotColumns({ t, today, busy, onUpload, onEdit, onDelete }: LotColumnsParams) {
  return [
    { title: t('lotNo'), dataIndex: 'lotNo', key: 'lotNo', render: (v: string) => <span className="font-mono">{v}</span> },
    { title: t('quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const },
    {
      title: `${t('expiresOn')} / ${t('retestOn')}`, key: 'dates', render: (_: unknown, l: AdminLotDto) => {
        const state = lotState(l, today);
        return (
          <Space size={4} wrap>
            <span>{l.expiresOn ? l.expiresOn : l.retestOn ? `${t('retestOn')} ${l.retestOn}` : '—'}</span>
            {state === 'expired' && <Tag color="red" data-testid="lot-expired">{t('expired')}</Tag>}
            {state === 'soon' && <Tag color="orange" data-testid="lot-soon">{l.expiresOn ? t('expiringSoon') : t('retestSoon')}</Tag>}
          </Space>
        );
      },
    },
    { title: t('manufacturedOn'), dataIndex: 'manufacturedOn', key: 'made', render: (v: string | null) => v ?? '—' },
    { title: t('warehouse'), dataIndex: 'warehouse', key: 'warehouse', render: (v: string) => (WAREHOUSES as readonly string[]).includes(v) ? t(`warehouses.${v}` as 'warehouses.sh') : v },
    {
      title: t('coa'), key: 'coa', render: (_: unknown, l: AdminLotDto) => (
        <Space size={4} wrap>
          {l.coaUrl ? <a href={l.coaUrl} target="_blank" rel="noreferrer" data-testid="lot-coa-link">{t('viewCoa')}</a> : <span className="text-slate-400">{t('noCoa')}</span>}
          <Upload accept="application/pdf,.pdf" showUploadList={false} maxCount={1} disabled={busy === l.id}
            customRequest={({ file }) => onUpload(l, file as File)}>
            <Button size="small" icon={<UploadOutlined />} loading={busy === l.id} data-testid="lot-coa-upload">{l.coaUrl ? t('replaceCoa') : t('uploadCoa')}</Button>
          </Upload>
        </Space>
      ),
    },
    {
      title: t('actions'), key: 'actions', render: (_: unknown, l: AdminLotDto) => (
        <Space size={2}>
          <Button size="small" icon={<EditOutlined />} aria-label={`${t('edit')} ${l.lotNo}`} data-testid="lot-edit"
            onClick={() => onEdit(l)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('delete')} ${l.lotNo}`} onClick={() => onDelete(l)} data-testid="lot-delete" />
        </Space>
      ),
    },
  ];
}

/**
 * The lots of a product's packs (ADR 0032), over the product drawer: per pack its lots with quantity,
 * dates (expired and expiring-soon tags), warehouse and COA; add, edit, delete (confirmed), upload or
 * replace a lot's COA PDF. A pack's stock is the sum of its lots; every change is saved at once and
 * handed to `onChange`, so the product form shows the new stock.
 */
export function LotsDrawer({ productId, itemNo, onClose, onChange }: {
  productId: number; itemNo: string; onClose: () => void; onChange: (lots: AdminProductLotsDto) => void;
}) {
  const t = useTranslations('adminLots');
  const { message, modal } = App.useApp();
  const wide = Grid.useBreakpoint().md === true;
  const query = useApiQuery('get', '/api/admin/catalog/products/{id}/lots', { params: { path: { id: productId } } });
  const data = query.data ?? null;
  const [editing, setEditing] = useState<{ packId: number; size: string; lot: AdminLotDto | null } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const deleteLot = useApiMutation('delete', '/api/admin/catalog/products/{id}/lots/{lotId}', { invalidates: LOT_PATHS, success: t('deleted') });
  const coa = useApiMutation('post', '/api/admin/catalog/products/{id}/lots/{lotId}/coa', { invalidates: ['/api/admin/catalog/products/{id}/lots'], success: t('coaUploaded') });

  const remove = (lot: AdminLotDto) => {
    let deleteCoa = false;
    modal.confirm({
      title: t('deleteConfirm', { lot: lot.lotNo, count: lot.quantity }),
      content: lot.coaDocumentId !== null
        ? <Checkbox onChange={(e) => { deleteCoa = e.target.checked; }} data-testid="lot-delete-coa">{t('deleteCoaToo')}</Checkbox>
        : null,
      okText: t('delete'), okButtonProps: { danger: true }, cancelText: t('cancel'),
      onOk: async () => {
        const done = await deleteLot.send({ params: { path: { id: productId, lotId: lot.id } }, body: { deleteCoa } });
        if (done) onChange(done.data);
      },
    });
  };

  const upload = async (lot: AdminLotDto, file: File) => {
    if (file.size > COA_MAX_BYTES) {
      void message.error(t('coaHint'));
      return;
    }
    setBusy(lot.id);
    const done = await coa.send({ params: { path: { id: productId, lotId: lot.id } }, body: { file }, ...multipart });
    setBusy(null);
    if (done) onChange(done.data);
  };

  const today = useBusinessDay()(new Date());
  const columns = lotColumns({
    t, today, busy, onUpload: (l, file) => void upload(l, file), onDelete: remove,
    onEdit: (l) => setEditing({ packId: l.packId, size: data?.packs.find((p) => p.packId === l.packId)?.size ?? '', lot: l }),
  });

  /** One column's rendering, for the phone cards. */
  const cell = (key: string, l: AdminLotDto) => {
    const column = columns.find((c) => c.key === key);
    if (!column) return null;
    return 'render' in column && column.render ? (column.render as (v: unknown, r: AdminLotDto) => React.ReactNode)(l[column.dataIndex as keyof AdminLotDto] ?? null, l) : null;
  };

  return (
    <Drawer open onClose={onClose} width={wide ? 960 : '100%'} title={t('drawerTitle', { item: itemNo })} destroyOnHidden>
      {query.error && <Alert type="error" title={query.error.message} className="mb-3" />}
      <Spin spinning={data === null && !query.error}>
        <p className="mb-3 text-xs text-slate-500">{t('coaHint')}</p>
        {data?.packs.length === 0 && <Empty />}
        {data?.packs.map((pack) => (
          <section key={pack.packId} className="mb-6" data-testid="lots-pack" data-pack-id={pack.packId}>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">
                {t('pack')} {pack.size}
                <span className="ml-2 font-normal text-slate-500" data-testid="lots-pack-stock">{pack.lots.length > 0 ? t('stockFromLots', { count: pack.stock }) : t('noLots')}</span>
              </h3>
              <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setEditing({ packId: pack.packId, size: pack.size, lot: null })} data-testid="lot-add">
                {t('add')}
              </Button>
            </div>
            {pack.lots.length > 0 && !wide && (
              // Phones: one card per lot, every field and action in view.
              <ul className="space-y-2">
                {pack.lots.map((l) => (
                  <li key={l.id} className="rounded border border-slate-200 p-2 text-sm" data-testid="lot-row" data-lot={l.lotNo}>
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-mono font-medium">{l.lotNo}</span>
                      {cell('actions', l)}
                    </div>
                    <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                      <span>{t('quantity')} {l.quantity}</span>
                      <span className="inline-flex items-center gap-1">{l.expiresOn && t('expiresOn')} {cell('dates', l)}</span>
                      <span>{t('warehouse')} {cell('warehouse', l)}</span>
                      {l.manufacturedOn && <span>{t('manufacturedOn')} {l.manufacturedOn}</span>}
                    </div>
                    <div className="mt-1">{cell('coa', l)}</div>
                  </li>
                ))}
              </ul>
            )}
            {pack.lots.length > 0 && wide && (
              <Table<AdminLotDto> rowKey="id" size="small" pagination={false} columns={columns} dataSource={pack.lots} scroll={{ x: 760 }}
                onRow={(l) => ({ 'data-testid': 'lot-row', 'data-lot': l.lotNo } as React.HTMLAttributes<HTMLElement>)} />
            )}
          </section>
        ))}
      </Spin>
      {editing && (
        <LotModal productId={productId} target={editing} onClose={() => setEditing(null)}
          onSaved={(d) => { onChange(d); setEditing(null); }} />
      )}
    </Drawer>
  );
}

function LotModal({ productId, target, onClose, onSaved }: {
  productId: number; target: { packId: number; size: string; lot: AdminLotDto | null }; onClose: () => void; onSaved: (d: AdminProductLotsDto) => void;
}) {
  const t = useTranslations('adminLots');
  const [form] = Form.useForm<LotFormValues>();
  // A refusal shows in the dialog (its field errors on the fields), not as a message.
  const settings = { invalidates: LOT_PATHS, form, silent: true, success: t('saved') } as const;
  const create = useApiMutation('post', '/api/admin/catalog/products/{id}/lots', settings);
  const update = useApiMutation('put', '/api/admin/catalog/products/{id}/lots/{lotId}', settings);
  const lot = target.lot;
  const error = (lot ? update : create).error;
  const initial: LotFormValues = lot
    ? {
      lotNo: lot.lotNo, quantity: lot.quantity, warehouse: isOneOf(WAREHOUSES, lot.warehouse) ? lot.warehouse : 'sh',
      manufacturedOn: lot.manufacturedOn ? dayjs(lot.manufacturedOn) : null, expiresOn: lot.expiresOn ? dayjs(lot.expiresOn) : null, retestOn: lot.retestOn ? dayjs(lot.retestOn) : null,
    }
    : { lotNo: '', quantity: null, manufacturedOn: null, expiresOn: null, retestOn: null, warehouse: 'sh' };

  const { saving, onFinish } = useFormSave(async (v: LotFormValues) => {
    const body = {
      lotNo: v.lotNo.trim(), quantity: v.quantity ?? 0, warehouse: v.warehouse,
      manufacturedOn: day(v.manufacturedOn), expiresOn: day(v.expiresOn), retestOn: day(v.retestOn),
    };
    const done = lot
      ? await update.send({ params: { path: { id: productId, lotId: lot.id } }, body })
      : await create.send({ params: { path: { id: productId } }, body: { ...body, packId: target.packId } });
    if (done) onSaved(done.data);
  });

  return (
    <FormModal open onCancel={onClose} title={lot ? t('editTitle') : t('addTitle', { size: target.size })} okText={t('save')} cancelText={t('cancel')}
      onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'lot-save' } as never}>
      {error && <Alert type="error" title={error.message} className="mb-3" />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish} data-testid="lot-form">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Form.Item name="lotNo" label={t('lotNo')} rules={[{ required: true, pattern: LOT_NO, message: t('lotNoInvalid') }]}>
            <Input className="font-mono" placeholder="L2601A123" data-testid="lot-no" />
          </Form.Item>
          <Form.Item name="quantity" label={t('quantity')} rules={[{ required: true, type: 'integer', min: 0, max: 1_000_000, message: t('quantityInvalid') }]}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="lot-quantity" />
          </Form.Item>
          <Form.Item name="manufacturedOn" label={t('manufacturedOn')}>
            <DatePicker style={{ width: '100%' }} data-testid="lot-made" />
          </Form.Item>
          <Form.Item name="warehouse" label={t('warehouse')}>
            <Select aria-label={t('warehouse')} options={WAREHOUSES.map((w) => ({ value: w, label: t(`warehouses.${w}`) }))} />
          </Form.Item>
          <Form.Item name="expiresOn" label={t('expiresOn')} dependencies={['manufacturedOn']}
            rules={[({ getFieldValue }) => ({ validator: async (_r, v: Dayjs | null) => {
              const made = getFieldValue('manufacturedOn') as Dayjs | null;
              if (v && made && !v.isAfter(made, 'day')) throw new Error(t('datesOrder'));
            } })]}>
            <DatePicker style={{ width: '100%' }} data-testid="lot-expires" />
          </Form.Item>
          <Form.Item name="retestOn" label={t('retestOn')} dependencies={['manufacturedOn']}
            rules={[({ getFieldValue }) => ({ validator: async (_r, v: Dayjs | null) => {
              const made = getFieldValue('manufacturedOn') as Dayjs | null;
              if (v && made && !v.isAfter(made, 'day')) throw new Error(t('datesOrder'));
            } })]}>
            <DatePicker style={{ width: '100%' }} data-testid="lot-retest" />
          </Form.Item>
        </div>
      </Form>
    </FormModal>
  );
}
