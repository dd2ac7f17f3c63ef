'use client';

import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import type { PermissionSubject } from '@/lib/permits';
import { ApiQueryProvider } from '@/components/data/api-query-provider';
import { MotionPreference } from '@/components/ui/motion-preference';
import { ACCOUNT_ANTD_THEME } from './antd-theme';
import { PermissionProvider } from '@/components/ui/permitted';

/** The account theme without runtime styles; one object, so that antd's context does not change per render. */
const THEME = { ...ACCOUNT_ANTD_THEME, zeroRuntime: true };

/**
 * The account area's client context: antd (tables, forms and dialogs of the dense account screens,
 * ADR 0006) in the storefront's colours and with the visitor's motion preference, the API's query cache
 * (ADR 0058), and the signed-in user's permissions for `Permitted`. antd runs without computing styles
 * (its zero-runtime mode): they come from the static stylesheet the account layout links (ADR 0095).
 */
export function AccountProviders({ children, english, subject }: { children: ReactNode; english: boolean; subject: PermissionSubject }) {
  return (
    <ConfigProvider
      locale={english ? enUS : zhCN}
      componentSize="middle"
      theme={THEME}
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
  );
}
