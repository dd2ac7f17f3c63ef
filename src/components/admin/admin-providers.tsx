'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { DEFAULT_ADMIN_SETTINGS, type AdminSettingsDto } from '@/contracts/admin';
import { apiRequest } from '@/lib/api/client';
import { ApiQueryProvider } from '@/components/data/api-query-provider';
import { MotionPreference } from '@/components/ui/motion-preference';

export type AdminSettings = AdminSettingsDto;
export { DEFAULT_ADMIN_SETTINGS };

const SettingsContext = createContext<{ settings: AdminSettings; update: (patch: Partial<AdminSettings>) => Promise<void> }>({
  settings: DEFAULT_ADMIN_SETTINGS,
  update: async () => {},
});

export const useAdminSettings = () => useContext(SettingsContext);

/**
 * antd for the whole back-office (the sign-in page included): language, the default look and the visitor's
 * motion preference; the API's query cache (ADR 0058).
 */
export function AdminProviders({ children, english }: { children: ReactNode; english: boolean }) {
  return (
    <AntdRegistry>
      <ConfigProvider locale={english ? enUS : zhCN} componentSize="small" theme={{ token: { colorPrimary: DEFAULT_ADMIN_SETTINGS.theme, borderRadius: 6 } }}>
        <MotionPreference>
          <App>
            <ApiQueryProvider>{children}</ApiQueryProvider>
          </App>
        </MotionPreference>
      </ConfigProvider>
    </AntdRegistry>
  );
}

/**
 * The signed-in staff member's settings (docs/requirements/back-office.md#application-settings), loaded on the server with the
 * page and saved on the server on change, so that they apply on every device. The theme applies at once
 * through antd's design tokens; the persistent "Compiling the theme" message (docs/requirements/back-office.md#theme-drawer) shows while it is saved.
 */
export function AdminSettingsProvider({ initial, children }: { initial: AdminSettings; children: ReactNode }) {
  const t = useTranslations('adminPreferences');
  const { message } = App.useApp();
  const [settings, setSettings] = useState(initial);
  const update = useCallback(async (patch: Partial<AdminSettings>) => {
    setSettings((s) => ({ ...s, ...patch }));
    const key = 'admin-settings-save';
    if (patch.theme) void message.open({ key, type: 'loading', content: t('compiling'), duration: 0 });
    try {
      const saved = await apiRequest('put', '/api/admin/settings', { body: patch });
      setSettings(saved);
      if (patch.theme) message.destroy(key);
    } catch {
      void message.open({ key, type: 'error', content: t('saveFailed'), duration: 5 });
    }
  }, [message, t]);
  return (
    <ConfigProvider componentSize={settings.size} theme={{ token: { colorPrimary: settings.theme, borderRadius: 6 } }}>
      <SettingsContext.Provider value={{ settings, update }}>{children}</SettingsContext.Provider>
    </ConfigProvider>
  );
}
