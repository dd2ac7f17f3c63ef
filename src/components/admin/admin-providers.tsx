'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { createContext, useContext, type ReactNode } from 'react';
import { useStoredValue } from '@/lib/use-stored-value';

/** Back-office appearance (spec §3 "Application settings"): theme colour and layout switches. */
export interface AdminSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_ADMIN_SETTINGS: AdminSettings = { theme: '#409EFF', tagsView: true, fixedHeader: true, sidebarLogo: true };
const STORAGE_KEY = 'adminSettings';

const SettingsContext = createContext<{ settings: AdminSettings; update: (patch: Partial<AdminSettings>) => void }>({
  settings: DEFAULT_ADMIN_SETTINGS,
  update: () => {},
});

export const useAdminSettings = () => useContext(SettingsContext);

export function AdminProviders({ children, english }: { children: ReactNode; english: boolean }) {
  const [stored, store] = useStoredValue<Partial<AdminSettings>>('local', STORAGE_KEY, {});
  const settings: AdminSettings = { ...DEFAULT_ADMIN_SETTINGS, ...stored };
  const update = (patch: Partial<AdminSettings>) => store({ ...settings, ...patch });

  return (
    <AntdRegistry>
      <ConfigProvider locale={english ? enUS : zhCN} componentSize="middle" theme={{ token: { colorPrimary: settings.theme, borderRadius: 6 } }}>
        <App>
          <SettingsContext.Provider value={{ settings, update }}>{children}</SettingsContext.Provider>
        </App>
      </ConfigProvider>
    </AntdRegistry>
  );
}
