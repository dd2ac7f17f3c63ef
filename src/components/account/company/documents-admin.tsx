'use client';

import { App, Button, Form, Input, Select, Table, Tag, type TableProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PERMIT_NO_MAX, type CompanyFileDto } from '@/contracts/company';
import { Permitted } from '@/components/ui/permitted';
import { useFormSave } from '@/components/ui/use-form-save';
import { multipart } from '@/lib/api/client';
import { useApiMutation } from '@/lib/api/query';
import { useBusinessDay } from '@/lib/use-business-day';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp';

/** /sys/documents: upload the business licence and controlled-chemical permits (with validity); list and download. */
export function DocumentsAdmin({ files, today, maxBytes }: { files: CompanyFileDto[]; today: string; maxBytes: number }) {
  const t = useTranslations('company');
  const businessDay = useBusinessDay();
  const { message } = App.useApp();
  const upload = useApiMutation('post', '/api/app/file/upload', { refreshPage: true });
  const [kind, setKind] = useState<'licence' | 'permit'>('licence');
  const [validUntil, setValidUntil] = useState('');
  const [permitNo, setPermitNo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const { saving: busy, onFinish: submit } = useFormSave(async () => {
    if (!file) {
      message.error(t('documents.chooseFile'));
      return;
    }
    if (kind === 'permit' && !permitNo.trim()) {
      message.error(t('documents.permitNoRequired'));
      return;
    }
    if (file.size > maxBytes) {
      message.error(t('documents.tooLarge', { size: Math.floor(maxBytes / 1024) }));
      return;
    }
    const stored = await upload.send({ body: { kind, validUntil: kind === 'permit' ? validUntil : '', permitNo: kind === 'permit' ? permitNo.trim() : '', file }, ...multipart });
    if (!stored) return;
    message.success(t('documents.uploaded', { name: stored.data.fileName }));
    setFile(null);
    setValidUntil('');
    setPermitNo('');
    setInputKey((k) => k + 1);
  });

  const columns: TableProps<CompanyFileDto>['columns'] = [
    { title: t('documents.kind'), key: 'kind', render: (_v, f) => t(`documents.kinds.${f.kind}`) },
    { title: t('documents.permitNo'), key: 'permitNo', render: (_v, f) => (f.kind === 'permit' && f.permitNo ? <span className="whitespace-nowrap">{f.permitNo}</span> : '—') },
    { title: t('documents.fileName'), key: 'fileName', render: (_v, f) => <a href={`/api/app/file/${f.id}`} className="break-all text-brand-600 hover:underline" download>{f.fileName}</a> },
    {
      title: t('documents.validUntil'), key: 'validUntil',
      render: (_v, f) => (f.kind !== 'permit' ? '—' : !f.validUntil ? t('documents.noEnd')
        : <span>{f.validUntil} {f.validUntil < today ? <Tag color="red">{t('documents.expired')}</Tag> : <Tag color="green">{t('documents.valid')}</Tag>}</span>),
    },
    { title: t('documents.uploadedBy'), dataIndex: 'uploadedBy', key: 'uploadedBy', responsive: ['md'] },
    { title: t('documents.uploadedAt'), key: 'createdAt', render: (_v, f) => businessDay(f.createdAt), responsive: ['sm'] },
  ];

  return (
    <div className="space-y-6">
      <Permitted permissions={['USER.EDIT']}>
        <div className="rounded-lg border border-line p-4">
        <Form layout="vertical" onFinish={submit}>
          <div className="grid gap-x-4 sm:grid-cols-3">
            <Form.Item label={t('documents.kind')}>
              <Select value={kind} onChange={(v: 'licence' | 'permit') => setKind(v)} aria-label={t('documents.kind')}
                options={(['licence', 'permit'] as const).map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))} />
            </Form.Item>
            {kind === 'permit' && (
              <Form.Item label={t('documents.permitNo')} htmlFor="doc-permit-no" required extra={t('documents.permitNoHint')}>
                <Input id="doc-permit-no" value={permitNo} maxLength={PERMIT_NO_MAX} onChange={(e) => setPermitNo(e.target.value)} data-testid="document-permit-no" />
              </Form.Item>
            )}
            {kind === 'permit' && (
              <Form.Item label={t('documents.validUntil')} htmlFor="doc-valid-until">
                <Input id="doc-valid-until" type="date" min={today} value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
              </Form.Item>
            )}
            <Form.Item label={t('documents.file')} htmlFor="doc-file" extra={t('documents.fileHint', { size: Math.floor(maxBytes / 1024) })}>
              <input key={inputKey} id="doc-file" type="file" accept={ACCEPT} className="block w-full text-sm" data-testid="document-file"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="upload-document">{t('documents.upload')}</Button>
        </Form>
        </div>
      </Permitted>
      <Table<CompanyFileDto> rowKey="id" columns={columns} dataSource={files} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('documents.empty') }} />
    </div>
  );
}
