'use client';

import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { LICENCE_KINDS, type LicenceKind } from '@/contracts/site-settings';
import { multipart } from '@/lib/api/client';
import { useApiMutation } from '@/lib/api/query';

const SETTINGS_READS = ['/api/admin/web-settings'] as const;

/** One licence's scan: a preview linking to the full image, upload or replace (the server checks the bytes), removal. */
function LicenceScan({ kind, url }: { kind: LicenceKind; url: string | null }) {
  const t = useTranslations('adminSiteSettings');
  const upload = useApiMutation('post', '/api/admin/web-settings/licence-scans/{kind}', { invalidates: SETTINGS_READS, success: t('scanUploaded') });
  const remove = useApiMutation('delete', '/api/admin/web-settings/licence-scans/{kind}', { invalidates: SETTINGS_READS, success: t('scanRemoved') });
  const busy = upload.isPending || remove.isPending;
  const name = t(`types.${kind}`);
  const path = { path: { kind } };
  return (
    <div className="flex flex-col gap-2 rounded border border-slate-200 p-3 sm:flex-row sm:items-center" data-testid={`licence-scan-${kind}`}>
      <a href={url ?? undefined} target="_blank" rel="noreferrer" aria-label={url ? t('scanOpen', { name }) : undefined}
        className="flex h-28 w-full shrink-0 items-center justify-center rounded bg-slate-50 text-xs text-slate-400 sm:w-40">
        {url
          // eslint-disable-next-line @next/next/no-img-element
          ? <img src={url} alt={t('scanAlt', { name })} className="max-h-full max-w-full object-contain" />
          : t('scanNone')}
      </a>
      <div className="min-w-0 flex-1">
        <div className="mb-2 font-medium">{name}</div>
        <Space wrap>
          <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} maxCount={1} disabled={busy}
            customRequest={({ file }) => { void upload.send({ params: path, body: { file: file as File }, ...multipart }); }}>
            <Button icon={<UploadOutlined />} loading={upload.isPending} aria-label={`${url ? t('scanReplace') : t('scanUpload')}: ${name}`}>
              {url ? t('scanReplace') : t('scanUpload')}
            </Button>
          </Upload>
          {url && (
            <Popconfirm title={t('scanRemoveConfirm', { name })} okText={t('clear')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
              onConfirm={() => remove.send({ params: path })}>
              <Button danger disabled={busy} aria-label={`${t('scanRemove')}: ${name}`}>{t('scanRemove')}</Button>
            </Popconfirm>
          )}
        </Space>
      </div>
    </div>
  );
}

/**
 * The scans of the business licence and the hazardous-chemicals trading licence (电子商务法 §15), shown beside
 * their numbers (web settings 11 and 12) in the storefront's footer and on the about page.
 */
export function LicenceScansCard({ scans }: { scans: Record<LicenceKind, string | null> | undefined }) {
  const t = useTranslations('adminSiteSettings');
  return (
    <Card title={t('scansTitle')} size="small" data-testid="licence-scans">
      <p className="mb-3 text-sm text-slate-500">{t('scansHelp')}</p>
      <div className="grid gap-3 lg:grid-cols-2">
        {LICENCE_KINDS.map((kind) => <LicenceScan key={kind} kind={kind} url={scans?.[kind] ?? null} />)}
      </div>
    </Card>
  );
}
