'use client';

import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { PermissionSubject } from '@/lib/permits';
import { ApiQueryProvider } from '@/components/data/api-query-provider';
import { MotionPreference } from '@/components/ui/motion-preference';
import { ACCOUNT_ANTD_THEME } from './antd-theme';
import { PermissionProvider } from '@/components/ui/permitted';
import { useHydrated } from '@/lib/use-hydrated';

/** The account theme without runtime styles; one object, so that antd's context does not change per render. */
const THEME = { ...ACCOUNT_ANTD_THEME, zeroRuntime: true };

/**
 * The account area's client context: antd (tables, forms and dialogs of the dense account screens,
 * ADR 0006) in the storefront's colours and with the visitor's motion preference, the API's query cache
 * (ADR 0058), and the signed-in user's permissions for `Permitted`. antd runs without computing styles
 * (its zero-runtime mode): they come from the static stylesheet the account layout links (ADR 0095).
 *
 * The page itself is drawn in the browser (ADR 0110): the server renders the frame and sends the page's
 * data in its payload, and the page's views (antd's tables and forms, the dearest part of a render) are
 * drawn when the page hydrates, the moment they can be used; until then a placeholder keeps their place.
 * A move between account pages keeps this provider, so only a page opened afresh waits for hydration.
 */
export function AccountProviders({ children, english, subject }: { children: ReactNode; english: boolean; subject: PermissionSubject }) {
  const hydrated = useHydrated();
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
            <PermissionProvider subject={subject}>{hydrated ? children : <PagePending />}</PermissionProvider>
          </ApiQueryProvider>
        </App>
      </MotionPreference>
    </ConfigProvider>
  );
}

/** The page's place while it hydrates: its frame is drawn already, the page's views come with the browser's code. */
function PagePending() {
  const t = useTranslations('account');
  return (
    <div role="status" aria-busy="true" className="min-h-64 animate-pulse rounded-lg border border-line bg-white motion-reduce:animate-none" data-testid="account-page-pending">
      <span className="sr-only">{t('pageLoading')}</span>
    </div>
  );
}
