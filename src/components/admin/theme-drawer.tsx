'use client';

import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Segmented, Space, Switch, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { ADMIN_SIZES, ADMIN_THEME_PRESETS } from '@/contracts/admin';
import { useAdminSettings } from './admin-providers';

/** The preset palette of the theme drawer (spec §2 layout 4: 8 colours, default #409EFF). */
export const THEME_PRESETS = ADMIN_THEME_PRESETS;

export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('adminTheme');
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
    </Drawer>
  );
}
