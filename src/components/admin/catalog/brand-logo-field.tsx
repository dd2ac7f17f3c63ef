'use client';

import { UploadOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import type { AdminBrandDto } from '@/contracts/catalog-editing';
import { multipart } from '@/lib/api/client';
import { useApiMutation } from '@/lib/api/query';

/** What a change of a brand's logo changes: the brand list and the brand. */
const BRAND_PATHS = ['/api/admin/catalog/brands', '/api/admin/catalog/brands/{id}'] as const;

/** The logo image of a saved brand: preview, upload (PNG, JPEG, WebP; the server checks the bytes) and removal. */
export function BrandLogoField({ brand, onChange }: { brand: AdminBrandDto; onChange: (brand: AdminBrandDto) => void }) {
  const t = useTranslations('adminBrands');
  const upload = useApiMutation('post', '/api/admin/catalog/brands/{id}/logo', { invalidates: BRAND_PATHS, success: t('logoUploaded') });
  const remove = useApiMutation('delete', '/api/admin/catalog/brands/{id}/logo', { invalidates: BRAND_PATHS, success: t('logoRemoved') });
  const busy = upload.isPending || remove.isPending;
  const path = { path: { id: brand.id } };

  async function uploadLogo(file: File) {
    const done = await upload.send({ params: path, body: { file }, ...multipart });
    if (done) onChange(done.data);
  }

  async function removeLogo() {
    const done = await remove.send({ params: path });
    if (done) onChange(done.data);
  }

  return (
    <div className="mb-4" data-testid="brand-logo-field">
      <div className="mb-2 text-sm">{t('logo')}</div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-16 w-40 items-center justify-center rounded border border-slate-200 bg-slate-50 p-1 text-sm font-bold text-slate-600">
          {brand.logoUrl
            // eslint-disable-next-line @next/next/no-img-element
            ? <img src={brand.logoUrl} alt={t('logo')} className="max-h-full max-w-full object-contain" />
            : <span className="truncate">{brand.logoText || t('noLogo')}</span>}
        </div>
        <Space wrap>
          <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} maxCount={1} disabled={busy}
            customRequest={({ file }) => { void uploadLogo(file as File); }}>
            <Button icon={<UploadOutlined />} loading={busy}>{brand.logoUrl ? t('replaceLogo') : t('uploadLogo')}</Button>
          </Upload>
          {brand.logoUrl && (
            <Popconfirm title={t('removeLogoConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={removeLogo}>
              <Button danger disabled={busy}>{t('removeLogo')}</Button>
            </Popconfirm>
          )}
        </Space>
      </div>
      <p className="mt-1 text-xs text-slate-500">{t('logoHelp')}</p>
    </div>
  );
}
