'use client';

import { CheckOutlined } from '@ant-design/icons';
import { App, Divider, Drawer, Radio, Segmented, Space, Switch, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Permitted } from '@/components/ui/permitted';
import { ADMIN_LAYOUTS, ADMIN_SIZES, ADMIN_THEME_PRESETS, type AdminLayout } from '@/contracts/admin';
import { useApiMutation } from '@/lib/api/query';
import { useAdminSettings } from './admin-providers';

/** The preset palette of the theme drawer (docs/requirements/back-office.md#theme-drawer: 8 colours, default #409EFF). */
export const THEME_PRESETS = ADMIN_THEME_PRESETS;

export function ThemeDrawer({ open, onClose, layout }: { open: boolean; onClose: () => void; layout: AdminLayout }) {
  const t = useTranslations('adminPreferences');
  const { settings, update } = useAdminSettings();
  return (
    <Drawer title={t('title')} open={open} onClose={onClose} size={300}>
      <Typography.Title level={5}>{t('colour')}</Typography.Title>
      <Space wrap className="mb-6" role="radiogroup" aria-label={t('colour')}>
        {THEME_PRESETS.map((colour) => (
          <button
            key={colour}
            type="button"
            role="radio"
            aria-label={colour}
            aria-checked={settings.theme === colour}
            data-colour={colour}
            onClick={() => void update({ theme: colour })}
            className="grid h-8 w-8 place-items-center rounded text-white focus:outline focus:outline-2 focus:outline-offset-2"
            style={{ background: colour }}
          >
            {settings.theme === colour && <CheckOutlined />}
          </button>
        ))}
      </Space>
      <Space orientation="vertical" className="w-full">
        {(['tagsView', 'fixedHeader', 'sidebarLogo'] as const).map((key) => (
          <label key={key} className="flex items-center justify-between">
            <span>{t(key)}</span>
            <Switch checked={settings[key]} onChange={(checked) => void update({ [key]: checked })} aria-label={t(key)} />
          </label>
        ))}
        <div className="flex items-center justify-between">
          <span>{t('size')}</span>
          <Segmented
            aria-label={t('size')}
            value={settings.size}
            onChange={(size) => void update({ size: size as (typeof ADMIN_SIZES)[number] })}
            options={ADMIN_SIZES.map((s) => ({ value: s, label: t(`sizes.${s}`) }))}
          />
        </div>
      </Space>
      <Permitted permissions={['SETTINGS.EDIT']}>
        <SiteLayoutChoice initial={layout} />
      </Permitted>
    </Drawer>
  );
}

/** The layout of the whole back-office for staff without their own choice (administrators with SETTINGS.EDIT). */
function SiteLayoutChoice({ initial }: { initial: AdminLayout }) {
  const t = useTranslations('adminPreferences');
  const { message } = App.useApp();
  const [layout, setLayout] = useState(initial);
  // Quiet: a failure says "could not save", not the server's words.
  const save = useApiMutation('put', '/api/admin/settings/site-layout', { invalidates: ['/api/admin/settings/site-layout'], silent: true, success: t('layoutSaved') });
  async function choose(next: AdminLayout) {
    const saved = await save.send({ body: { layout: next } });
    if (saved) setLayout(saved.data.layout);
    else void message.error(t('saveFailed'));
  }
  return (
    <>
      <Divider />
      <Typography.Title level={5} id="site-layout-title">{t('siteLayout')}</Typography.Title>
      <Typography.Paragraph type="secondary" className="text-xs">{t('siteLayoutHint')}</Typography.Paragraph>
      <Radio.Group value={layout} disabled={save.isPending} onChange={(e) => void choose(e.target.value as AdminLayout)} aria-labelledby="site-layout-title">
        <Space orientation="vertical">
          {ADMIN_LAYOUTS.map((l) => <Radio key={l} value={l}>{t(`layouts.${l}`)}</Radio>)}
        </Space>
      </Radio.Group>
    </>
  );
}
