import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { AccountMenu, type AccountMenuItem } from '@/components/account/account-menu';
// antd's styles in the account theme, one cached stylesheet instead of styles computed into each page (ADR 0095).
import '@/components/account/antd-account.css';
import { AccountProviders } from '@/components/account/account-providers';
import { StoreShell } from '@/components/storefront/store-shell';
import { ACCOUNT_FRAME_NAMESPACES, pickMessages } from '@/i18n/client-messages';
import { loadShellData } from '@/app/[locale]/_lib/load-shell-data';
import { hasPermission } from '@/server/auth/actor';
import { requireUserPage } from '@/server/auth/page-guards';

/**
 * Layout 3: the account area with its left menu, filtered by permission on the server.
 * Guests go to /?login from here as well; every page still checks for itself (requireUserPage).
 */
export default async function AccountLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage();
  const items: AccountMenuItem[] = [
    ...(hasPermission(actor, 'SALE.VIEW') ? [{ id: '1', labelKey: 'orders', href: '/order', paths: ['/order'] } as const] : []),
    ...(hasPermission(actor, 'SALE.VIEW') ? [{ id: '3', labelKey: 'quotations', href: '/account/quotations', paths: ['/account/quotations'] } as const] : []),
    ...(hasPermission(actor, 'SALE.VIEW') ? [{ id: '4', labelKey: 'complaints', href: '/account/complaints', paths: ['/account/complaints'] } as const] : []),
    { id: '2', labelKey: 'cart', href: '/order/shoppingcart', paths: ['/order/shoppingcart', '/order/checkout'] },
    { id: '7', labelKey: 'lists', href: '/account/lists', paths: ['/account/lists'] },
    ...(hasPermission(actor, 'INVENTORY.VIEW') ? [{ id: '8', labelKey: 'inventory', href: '/account/inventory', paths: ['/account/inventory'] } as const] : []),
    ...(hasPermission(actor, 'USER.VIEW') ? [{ id: '5', labelKey: 'system', href: '/sys/manage', paths: ['/sys'] } as const] : []),
    { id: '6', labelKey: 'profile', href: '/sys/profile', paths: ['/sys/profile', '/sys/profile_basic', '/sys/profile_pwd'] },
  ];
  // The frame's namespaces; each page hands its own client components theirs (AccountMessages, ADR 0099).
  return (
    <NextIntlClientProvider messages={pickMessages(await getMessages(), ACCOUNT_FRAME_NAMESPACES)}>
      <StoreShell data={await loadShellData()} withNav aside={<Suspense><AccountMenu items={items} /></Suspense>}>
        <AccountProviders english={locale === 'en'} subject={{ permissions: actor.permissions, roles: actor.roles }}>{children}</AccountProviders>
      </StoreShell>
    </NextIntlClientProvider>
  );
}
