'use client';

import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Grid, Input, Select, Space, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { INVOICE_FILE_MAX_BYTES, INVOICE_NO, ISSUED_INVOICE_TYPES, type OrderInvoicingDto, type StaffInvoiceDto } from '@/contracts/invoices';
import { MONEY, moneyToCents } from '@/contracts/money';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useBusinessDay } from '@/lib/use-business-day';
import { FormModal } from '@/components/ui/form-modal';
import { usePermits } from '@/components/ui/permitted';
import { useFormSave } from '@/components/ui/use-form-save';
import { money } from '../common/keyset-list';

const PATH = '/api/admin/orders/{id}/invoices';
const yuan = (v: string) => `¥${money(v)}`;
const cents = (v: string) => moneyToCents(v);
const fileHref = (orderId: number, id: number) => `/api/admin/orders/${orderId}/invoices/${id}/file`;

/** The blue invoices a red-letter one may still correct, and the credit notes not yet corrected in full. */
function redCandidates(data: OrderInvoicingDto) {
  const blues = data.invoices.filter((i) => i.kind === 'blue' && cents(i.amount) > cents(i.correctedAmount));
  const notes = data.creditNotes.filter((n) => cents(n.amount) > cents(n.correctedAmount));
  return { blues, notes };
}

/**
 * The order's invoices on its record (ADR 0074): the invoice asked for and what is left to invoice, each
 * invoice (blue or red-letter) with its file to download, and the credit notes of the order's complaints
 * with what red-letter invoices corrected of them. Holders of INVOICE.ISSUE record an issued invoice, or a
 * red-letter one for an approved refund.
 */
export function InvoicesSection({ orderId }: { orderId: number }) {
  const t = useTranslations('adminInvoices');
  const wide = Grid.useBreakpoint().md !== false;
  const issues = usePermits({ permissions: ['INVOICE.ISSUE'] });
  const query = useApiQuery('get', PATH, { params: { path: { id: orderId } } });
  const [dialog, setDialog] = useState<'blue' | 'red' | null>(null);
  const data = query.data;
  const red = data ? redCandidates(data) : { blues: [], notes: [] };

  const kindTag = (i: StaffInvoiceDto) => <Tag color={i.kind === 'red' ? 'red' : 'blue'}>{t(`kinds.${i.kind}`)}</Tag>;
  const download = (i: StaffInvoiceDto) => (
    <Button size="small" icon={<DownloadOutlined />} href={fileHref(orderId, i.id)} download aria-label={t('downloadOf', { no: i.invoiceNo })} data-testid="invoice-download">
      {t('download')}
    </Button>
  );
  const extra = (i: StaffInvoiceDto) => (
    <span className="text-xs text-slate-500">
      {i.kind === 'red' && i.correctsNo ? t('correctsNo', { no: i.correctsNo }) : i.dueOn ? t('dueOf', { day: i.dueOn }) : ''}
      {i.kind === 'red' && i.creditNo && i.complaintNo ? ` · ${t('creditNoteOf', { creditNo: i.creditNo, complaintNo: i.complaintNo })}` : ''}
    </span>
  );

  return (
    <Card size="small" title={t('title')} data-testid="order-invoices" loading={query.isLoading}
      extra={data && <Tag color={data.invoiceStatus === 'issued' ? 'green' : data.invoiceStatus === 'reversed' ? 'red' : data.invoiceStatus === 'requested' ? 'gold' : 'default'} data-testid="order-invoice-status">{t(`status.${data.invoiceStatus}`)}</Tag>}>
      {query.error && <Alert type="error" title={query.error.message} />}
      {data && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>{t('uninvoiced')}: <strong data-testid="order-uninvoiced">{yuan(data.uninvoiced)}</strong> / {yuan(data.total)}</span>
            {issues && (
              <Space wrap>
                {data.canRecord && cents(data.uninvoiced) > 0 && (
                  <Button type="primary" icon={<UploadOutlined />} onClick={() => setDialog('blue')} data-testid="invoice-record">{t('record')}</Button>
                )}
                {red.blues.length > 0 && red.notes.length > 0 && (
                  <Button danger onClick={() => setDialog('red')} data-testid="invoice-record-red">{t('recordRed')}</Button>
                )}
              </Space>
            )}
          </div>
          {issues && data.blockedBy && data.invoices.length === 0 && <Alert type="info" showIcon title={t(`blocked.${data.blockedBy}`)} />}
          {data.invoices.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> : (
            <Table<StaffInvoiceDto> rowKey="id" size="small" dataSource={data.invoices} pagination={false} showHeader={wide} scroll={wide ? { x: 900 } : undefined}
              onRow={(r) => ({ 'data-testid': `invoice-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
              columns={wide ? [
                { title: t('col.invoiceNo'), key: 'no', render: (_: unknown, r) => <span className="flex flex-col"><span className="font-mono">{r.invoiceNo}</span>{extra(r)}</span> },
                { title: t('col.kind'), key: 'kind', width: 90, render: (_: unknown, r) => kindTag(r) },
                { title: t('col.invoiceType'), dataIndex: 'invoiceType', width: 110, render: (v: StaffInvoiceDto['invoiceType']) => t(`types.${v}`) },
                { title: t('col.issuedOn'), dataIndex: 'issuedOn', width: 110 },
                { title: t('col.amount'), dataIndex: 'amount', width: 110, align: 'right', render: yuan },
                { title: t('col.taxAmount'), dataIndex: 'taxAmount', width: 100, align: 'right', render: yuan },
                { title: t('col.file'), key: 'file', width: 110, render: (_: unknown, r) => download(r) },
              ] : [{
                key: 'all', render: (_: unknown, r) => (
                  <div className="space-y-1 text-sm">
                    <div className="flex flex-wrap items-center gap-1">{kindTag(r)}<span>{t(`types.${r.invoiceType}`)}</span><span className="font-mono text-xs">{r.invoiceNo}</span></div>
                    <div className="flex justify-between"><span>{r.issuedOn}</span><span>{yuan(r.amount)} <span className="text-xs text-slate-500">({t('col.taxAmount')} {yuan(r.taxAmount)})</span></span></div>
                    <div className="flex items-center justify-between gap-2">{extra(r)}{download(r)}</div>
                  </div>
                ),
              }]} />
          )}
          {data.creditNotes.length > 0 && (
            <div className="text-sm" data-testid="order-credit-notes">
              <div className="mb-1 font-medium">{t('creditNotes')}</div>
              <ul className="m-0 pl-5">
                {data.creditNotes.map((n) => (
                  <li key={n.creditNo}>{t('creditNoteLine', { creditNo: n.creditNo, complaintNo: n.complaintNo, amount: money(n.amount), corrected: money(n.correctedAmount) })}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {data && dialog && <InvoiceDialog orderId={orderId} data={data} kind={dialog} onClose={() => setDialog(null)} />}
    </Card>
  );
}

interface InvoiceFormValues {
  invoiceNo: string;
  issuedOn: Dayjs | null;
  invoiceType: 'ordinary' | 'special';
  amount: string;
  taxAmount: string;
  correctsId?: number;
  complaintId?: number;
  file: File | null;
}

/** Records an issued invoice (blue), or a red-letter one against a blue invoice for a credit note (confirmed first). */
function InvoiceDialog({ orderId, data, kind, onClose }: { orderId: number; data: OrderInvoicingDto; kind: 'blue' | 'red'; onClose: () => void }) {
  const t = useTranslations('adminInvoices');
  const { modal } = App.useApp();
  const [form] = Form.useForm<InvoiceFormValues>();
  const today = useBusinessDay()(new Date());
  const { blues, notes } = redCandidates(data);
  const save = useApiMutation('post', PATH, { invalidates: [PATH, '/api/admin/orders/{id}', '/api/admin/complaints/{id}'], form, silent: true });
  const correctsId = Form.useWatch('correctsId', form);
  const complaintId = Form.useWatch('complaintId', form);
  const blue = blues.find((b) => b.id === correctsId);
  const note = notes.find((n) => n.complaintId === complaintId);
  const maxCents = kind === 'blue'
    ? cents(data.uninvoiced)
    : Math.min(blue ? cents(blue.amount) - cents(blue.correctedAmount) : 0, note ? cents(note.amount) - cents(note.correctedAmount) : 0);
  const max = money(String(maxCents / 100));
  const { message } = App.useApp();

  const submit = async (v: InvoiceFormValues) => {
    if (!v.file || !v.issuedOn) return;
    const body = {
      kind, invoiceNo: v.invoiceNo.trim(), issuedOn: v.issuedOn.format('YYYY-MM-DD'), invoiceType: kind === 'red' ? blue?.invoiceType ?? 'ordinary' : v.invoiceType,
      amount: v.amount.trim(), taxAmount: v.taxAmount.trim(), file: v.file,
      ...(kind === 'red' ? { correctsId: String(v.correctsId ?? ''), complaintId: String(v.complaintId ?? '') } : {}),
    };
    const done = await save.send({ params: { path: { id: orderId } }, body: body as never, ...multipart });
    if (done) {
      void message.success(t('form.saved', { no: done.data.invoiceNo }));
      onClose();
    }
  };
  const { saving, onFinish } = useFormSave(async (v: InvoiceFormValues) => {
    if (kind === 'red') {
      await new Promise<void>((resolve) => {
        modal.confirm({ title: t('form.confirmRed', { no: v.invoiceNo.trim() }), okButtonProps: { danger: true, 'data-testid': 'invoice-red-confirm' } as never, onOk: async () => { await submit(v); resolve(); }, onCancel: () => resolve() });
      });
    } else {
      await submit(v);
    }
  });
  const moneyRules = (field: 'amount' | 'taxAmount') => [{
    validator: async (_r: unknown, v: string | undefined) => {
      const value = (v ?? '').trim();
      if (!MONEY.test(value)) throw new Error(t('form.amountInvalid'));
      if (field === 'amount' && (cents(value) <= 0 || cents(value) > maxCents)) throw new Error(t('form.amountAbove', { max }));
      if (field === 'taxAmount') {
        const amount = String(form.getFieldValue('amount') ?? '').trim();
        if (MONEY.test(amount) && cents(value) > cents(amount)) throw new Error(t('form.taxAbove'));
      }
    },
  }];
  const initial: InvoiceFormValues = {
    invoiceNo: '', issuedOn: dayjs(today), invoiceType: data.requestedType === 'special' ? 'special' : 'ordinary', amount: '', taxAmount: '', file: null,
    ...(kind === 'red' ? { correctsId: blues[0]?.id, complaintId: notes[0]?.complaintId } : {}),
  };

  return (
    <FormModal open onCancel={onClose} title={kind === 'red' ? t('form.redTitle') : t('form.title')} okText={t('form.submit')} cancelText={t('form.cancel')}
      onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'invoice-save', danger: kind === 'red' } as never}>
      <p className="mt-0 text-sm text-slate-600">{kind === 'red' ? t('form.redIntro') : t('form.intro')}</p>
      {save.error && !save.error.fields.length && <Alert type="error" title={save.error.message} className="mb-3" data-testid="invoice-error" />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish} data-testid="invoice-form">
        {kind === 'red' && (
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Form.Item name="correctsId" label={t('form.corrects')} rules={[{ required: true, message: t('form.required') }]}>
              <Select aria-label={t('form.corrects')} data-testid="invoice-corrects"
                options={blues.map((b) => ({ value: b.id, label: `${b.invoiceNo} · ${yuan(b.amount)}` }))} />
            </Form.Item>
            <Form.Item name="complaintId" label={t('form.complaint')} rules={[{ required: true, message: t('form.required') }]}>
              <Select aria-label={t('form.complaint')} data-testid="invoice-complaint"
                options={notes.map((n) => ({ value: n.complaintId, label: `${t('creditNoteOf', { creditNo: n.creditNo, complaintNo: n.complaintNo })} · ${yuan(n.amount)}` }))} />
            </Form.Item>
          </div>
        )}
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Form.Item name="invoiceNo" label={t('form.invoiceNo')} extra={t('form.invoiceNoHint')}
            rules={[{ validator: async (_r, v: string | undefined) => { if (!INVOICE_NO.test((v ?? '').trim())) throw new Error(t('form.invoiceNoInvalid')); } }]}>
            <Input inputMode="numeric" maxLength={24} autoComplete="off" data-testid="invoice-no" />
          </Form.Item>
          <Form.Item name="issuedOn" label={t('form.issuedOn')} rules={[{ required: true, message: t('form.required') }]}>
            <DatePicker style={{ width: '100%' }} data-testid="invoice-issued"
              disabledDate={(d) => d.format('YYYY-MM-DD') > today || (data.placedOn !== null && d.format('YYYY-MM-DD') < data.placedOn)} />
          </Form.Item>
        </div>
        {kind === 'blue' && (
          <Form.Item name="invoiceType" label={t('form.invoiceType')} rules={[{ required: true, message: t('form.required') }]}>
            <Select aria-label={t('form.invoiceType')} data-testid="invoice-type"
              options={ISSUED_INVOICE_TYPES.filter((v) => v === 'ordinary' || data.requestedType === 'special').map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </Form.Item>
        )}
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Form.Item name="amount" label={t('form.amount')} extra={t('form.amountHint', { max })} rules={moneyRules('amount')}>
            <Input inputMode="decimal" prefix="¥" data-testid="invoice-amount" />
          </Form.Item>
          <Form.Item name="taxAmount" label={t('form.taxAmount')} dependencies={['amount']} rules={moneyRules('taxAmount')}>
            <Input inputMode="decimal" prefix="¥" data-testid="invoice-tax" />
          </Form.Item>
        </div>
        <Form.Item name="file" label={t('form.file')} extra={t('form.fileHint')}
          rules={[{ validator: async (_r, f: File | null) => {
            if (!f) throw new Error(t('form.fileRequired'));
            if (f.size > INVOICE_FILE_MAX_BYTES) throw new Error(t('form.fileTooLarge'));
          } }]}>
          <InvoiceFilePicker />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** One PDF or OFD picked from the computer (a form control: the form holds the File), named once picked. */
function InvoiceFilePicker({ value, onChange }: { value?: File | null; onChange?: (f: File) => void }) {
  const t = useTranslations('adminInvoices');
  return (
    <Space wrap>
      <Upload accept="application/pdf,.pdf,.ofd" showUploadList={false} maxCount={1} beforeUpload={(f) => { onChange?.(f); return false; }}>
        <Button icon={<UploadOutlined />} data-testid="invoice-file">{t('form.file')}</Button>
      </Upload>
      <span className="text-xs text-slate-600" data-testid="invoice-file-name">{value?.name ?? '—'}</span>
    </Space>
  );
}

/**
 * Beside a complaint's credit note (ADR 0074): the red-letter invoices recorded for it, each to download,
 * and the way to the order's record where finance records one. Shown to members who read the order desk.
 */
export function ComplaintRedInvoices({ orderId, complaintId }: { orderId: number; complaintId: number }) {
  const t = useTranslations('adminInvoices');
  const reads = usePermits({ permissions: ['ORDER.VIEW'] });
  const query = useApiQuery('get', PATH, { params: { path: { id: orderId } } }, { enabled: reads, silent: true });
  if (!reads || !query.data) return null;
  const reds = query.data.invoices.filter((i) => i.kind === 'red' && i.complaintId === complaintId);
  const note = query.data.creditNotes.find((n) => n.complaintId === complaintId);
  return (
    <div className="border-t border-slate-100 pt-2 text-sm" data-testid="credit-note-red-invoices">
      <div className="mb-1 font-medium">{t('kinds.red')}</div>
      {reds.length === 0 ? <div className="text-slate-500">{t('empty')}</div> : (
        <ul className="m-0 list-none space-y-1 p-0">
          {reds.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2">
              <span><span className="font-mono">{i.invoiceNo}</span> · {i.issuedOn} · ¥{money(i.amount)}{i.correctsNo ? ` · ${t('correctsNo', { no: i.correctsNo })}` : ''}</span>
              <Button size="small" icon={<DownloadOutlined />} href={fileHref(orderId, i.id)} download aria-label={t('downloadOf', { no: i.invoiceNo })}>{t('download')}</Button>
            </li>
          ))}
        </ul>
      )}
      {note && <div className="mt-1 text-xs text-slate-500">{t('creditNoteLine', { creditNo: note.creditNo, complaintNo: note.complaintNo, amount: money(note.amount), corrected: money(note.correctedAmount) })}</div>}
    </div>
  );
}
