'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, type ReactNode } from 'react';
import { getPathname, Link, usePathname } from '@/i18n/client-navigation';
import { refreshVisitor, useVisitor } from '@/lib/visitor-islands';

/**
 * The header's account links (greeting, orders, cart count, sign-out; or sign-in and the guest cart):
 * an island of the page that every visitor gets alike (ADR 0076). It shows an empty place of its own
 * width until the visitor's answer comes, then the guest's links or the customer's; the language switch
 * beside it, right-aligned, never moves. Its icons are rendered on the server (no icon code in the page's scripts).
 */
export function HeaderAccount({ icons }: { icons: { user: ReactNode; orders: ReactNode; cart: ReactNode; logout: ReactNode } }) {
  const visitor = useVisitor();
  const t = useTranslations('header');
  const locale = useLocale();
  // A move within the site (checkout, a reorder, the cart) keeps this header: its answer is asked again.
  const pathname = usePathname();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    void refreshVisitor();
  }, [pathname]);
  if (visitor.status === 'pending') return <span className="w-16" data-testid="account-pending" data-visitor="pending" aria-hidden />;
  const user = visitor.user;
  if (!user) {
    // The sign-in island opens the login dialog in place (`data-auth-action`); a new tab goes to /?login.
    const login = getPathname({ href: '/?login', locale });
    return (
      <>
        <a href={login} className="hover:text-white" data-testid="login-link" data-visitor="guest" data-auth-action="login">{t('login')}</a>
        {/* The cart for a visitor who is not signed in: opening it opens the login dialog instead (docs/requirements/storefront.md#header). */}
        <a href={login} className="flex items-center gap-1 hover:text-white" data-testid="guest-cart" data-auth-action="login">{icons.cart}{t('cart')}</a>
      </>
    );
  }
  return (
    <>
      <span className="hidden md:inline" data-testid="greeting" data-visitor="user">{t('greeting', { company: user.companyName, name: user.name })}</span>
      {/* On phones the links show their icons; the words stay for screen readers. */}
      <Link href="/sys/profile?default=6" className="flex items-center gap-1 hover:text-white" data-testid="header-username">{icons.user}<span className="sr-only sm:not-sr-only">{user.name}</span></Link>
      <Link href="/order?default=1" className="flex items-center gap-1 hover:text-white">{icons.orders}<span className="sr-only sm:not-sr-only">{t('orders')}</span></Link>
      {user.toApprove > 0 && (
        // An approver's orders waiting for a decision: straight to that tab of order management.
        <Link href="/order?default=1&scope=approvals" className="flex items-center gap-1 hover:text-white" data-testid="header-approvals" aria-label={t('toApproveLabel', { count: user.toApprove })}>
          <span aria-hidden className="hidden sm:inline">{t('toApprove')}</span>
          <span aria-hidden className="rounded-full bg-accent px-1.5 text-[10px] font-semibold text-white">{user.toApprove > 99 ? '99+' : user.toApprove}</span>
        </Link>
      )}
      <Link href="/order/shoppingcart?default=2" className="flex items-center gap-1 hover:text-white">{icons.cart}<span className="sr-only sm:not-sr-only">{t('cart')}</span><span className="rounded-full bg-accent px-1.5 text-[10px] font-semibold text-white" data-testid="cart-count">{user.cartCount}</span></Link>
      {/* Signs out on the server, forgets the token and user, then goes home (docs/requirements/account.md#sign-in): the sign-in island's. */}
      <button type="button" className="flex items-center gap-1 hover:text-white" data-testid="logout" data-auth-action="logout">{icons.logout}<span className="sr-only sm:not-sr-only">{t('logout')}</span></button>
    </>
  );
}
