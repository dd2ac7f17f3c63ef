'use client';

import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Space, Switch, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useAdminSettings } from './admin-providers';

/** The preset palette of the theme drawer (spec §2 layout 4: 8 colours, default #409EFF). */
export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;

export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('adminTheme');
  const { settings, update } = useAdminSettings();
  return (
    <Drawer title={t('title')} open={open} onClose={onClose} size={300}>
      <Typography.Title level={5}>{t('colour')}</Typography.Title>
      <Space wrap className="mb-6">
        {THEME_PRESETS.map((colour) => (
          <button
            key={colour}
            type="button"
            aria-label={colour}
            aria-pressed={settings.theme === colour}
            onClick={() => update({ theme: colour })}
            className="grid h-8 w-8 place-items-center rounded text-white"
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
            <Switch checked={settings[key]} onChange={(checked) => update({ [key]: checked })} />
          </label>
        ))}
      </Space>
    </Drawer>
  );
}
