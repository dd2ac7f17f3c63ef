'use client';

import { DownOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ImportJobDto } from '@/contracts/catalog-import';

/** Sends the file as multipart (the JSON client cannot); answers the queued job or throws the server's message. */
async function uploadImport(file: File): Promise<ImportJobDto> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch('/api/admin/catalog/imports', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
  const envelope = (await res.json().catch(() => null)) as { code: number; msg: string; data: ImportJobDto } | null;
  if (!res.ok || !envelope || envelope.code !== 200) throw new Error(envelope?.msg ?? res.statusText);
  return envelope.data;
}

/** The upload of an import file (CSV or XLSX; the server checks the bytes) and the template downloads. */
export function ImportUploadButton({ onUploaded, primary = false }: { onUploaded: (job: ImportJobDto) => void; primary?: boolean }) {
  const t = useTranslations('adminImports');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function send(file: File) {
    setBusy(true);
    try {
      const job = await uploadImport(file);
      void message.success(t('uploaded'));
      onUploaded(job);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space wrap>
      <Upload accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" showUploadList={false} maxCount={1} disabled={busy}
        customRequest={({ file }) => { void send(file as File); }}>
        <Button type={primary ? 'primary' : 'default'} icon={<UploadOutlined />} loading={busy} data-testid="import-upload">{busy ? t('uploading') : t('import')}</Button>
      </Upload>
      <Dropdown menu={{
        items: [
          { key: 'xlsx', label: <a href="/api/admin/catalog/imports/template?format=xlsx" download>{t('templateXlsx')}</a> },
          { key: 'csv', label: <a href="/api/admin/catalog/imports/template?format=csv" download>{t('templateCsv')}</a> },
        ],
      }}>
        <Button data-testid="import-template">{t('template')} <DownOutlined /></Button>
      </Dropdown>
    </Space>
  );
}
