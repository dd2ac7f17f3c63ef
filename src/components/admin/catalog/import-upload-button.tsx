'use client';

import { DownOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import type { ImportJobDto } from '@/contracts/catalog-import';
import { multipart } from '@/lib/api/client';
import { useApiMutation } from '@/lib/api/query';

/** The upload of an import file (CSV or XLSX; the server checks the bytes) and the template downloads. */
export function ImportUploadButton({ onUploaded, primary = false }: { onUploaded?: (job: ImportJobDto) => void; primary?: boolean }) {
  const t = useTranslations('adminImports');
  // The queued job joins the import list.
  const upload = useApiMutation('post', '/api/admin/catalog/imports', { invalidates: ['/api/admin/catalog/imports'], success: t('uploaded') });
  const busy = upload.isPending;

  async function send(file: File) {
    const done = await upload.send({ body: { file }, ...multipart });
    if (done) onUploaded?.(done.data);
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
