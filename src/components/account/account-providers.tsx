'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import type { PermissionSubject } from '@/lib/permits';
import { ApiQueryProvider } from '@/components/data/api-query-provider';
import { MotionPreference } from '@/components/ui/motion-preference';
import { PermissionProvider } from '@/components/ui/permitted';

/**
 * The account area's client context: antd (tables, forms and dialogs of the dense account screens,
 * ADR 0006) in the storefront's colours and with the visitor's motion preference, the API's query cache
 * (ADR 0058), and the signed-in user's permissions for `Permitted`.
 */
export function AccountProviders({ children, english, subject }: { children: ReactNode; english: boolean; subject: PermissionSubject }) {
  return (
    <AntdRegistry>
      <ConfigProvider
        locale={english ? enUS : zhCN}
        componentSize="middle"
        theme={{ token: { colorPrimary: '#1f6feb', colorLink: '#175fd0', colorError: '#cf1322', borderRadius: 6, fontFamily: 'inherit' } }}
        button={{ autoInsertSpace: false }}
      >
        {/* No element of its own: antd's link styles would override the storefront's link buttons. */}
        <MotionPreference>
          <App component={false}>
            <ApiQueryProvider>
              <PermissionProvider subject={subject}>{children}</PermissionProvider>
            </ApiQueryProvider>
          </App>
        </MotionPreference>
      </ConfigProvider>
    </AntdRegistry>
  );
}
