'use client';

import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AdminBrandDto } from '@/contracts/catalog-admin';
import { adminApi } from '../admin-api';

/** Sends the logo as multipart (the JSON client cannot); answers the brand or throws the server's message. */
async function uploadLogo(id: number, file: File): Promise<AdminBrandDto> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(`/api/admin/catalog/brands/${id}/logo`, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
  const envelope = (await res.json().catch(() => null)) as { code: number; msg: string; data: AdminBrandDto } | null;
  if (!res.ok || !envelope || envelope.code !== 200) throw new Error(envelope?.msg ?? res.statusText);
  return envelope.data;
}

/** The logo image of a saved brand: preview, upload (PNG, JPEG, WebP; the server checks the bytes) and removal. */
export function BrandLogoField({ brand, onChange }: { brand: AdminBrandDto; onChange: (brand: AdminBrandDto) => void }) {
  const t = useTranslations('adminBrands');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<AdminBrandDto>, done: string) {
    setBusy(true);
    try {
      onChange(await action());
      void message.success(done);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
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
            customRequest={({ file }) => { void act(() => uploadLogo(brand.id, file as File), t('logoUploaded')); }}>
            <Button icon={<UploadOutlined />} loading={busy}>{brand.logoUrl ? t('replaceLogo') : t('uploadLogo')}</Button>
          </Upload>
          {brand.logoUrl && (
            <Popconfirm title={t('removeLogoConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
              onConfirm={() => act(() => adminApi<AdminBrandDto>('DELETE', `/api/admin/catalog/brands/${brand.id}/logo`), t('logoRemoved'))}>
              <Button danger disabled={busy}>{t('removeLogo')}</Button>
            </Popconfirm>
          )}
        </Space>
      </div>
      <p className="mt-1 text-xs text-slate-500">{t('logoHelp')}</p>
    </div>
  );
}
