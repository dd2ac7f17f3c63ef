import { ClipboardList, LogOut, ShoppingCart, User } from '@/components/ui/icons';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { HeaderUser } from '@/contracts/auth';
import { getPathname, Link } from '@/i18n/navigation';

/**
 * The header's account links (greeting, orders, cart count, sign-out; or sign-in and the guest cart):
 * the one per-visitor part of the storefront frame, rendered when the signed-in user is known and
 * streamed inside a Suspense boundary, so that nothing else of the page depends on who asks (ADR 0025).
 */
export async function HeaderAccount({ user: pending }: { user: Promise<HeaderUser | null> }) {
  const [user, t, locale] = await Promise.all([pending, getTranslations('header'), getLocale()]);
  if (!user) {
    // The sign-in island opens the login dialog in place (`data-auth-action`); without scripts the links go to /?login.
    const login = getPathname({ href: '/?login', locale });
    return (
      <>
        <a href={login} className="hover:text-white" data-testid="login-link" data-auth-action="login">{t('login')}</a>
        {/* The cart for a visitor who is not signed in: opening it opens the login dialog instead (docs/requirements/storefront.md#header). */}
        <a href={login} className="flex items-center gap-1 hover:text-white" data-testid="guest-cart" data-auth-action="login"><ShoppingCart aria-hidden size={13} />{t('cart')}</a>
      </>
    );
  }
  return (
    <>
      <span className="hidden md:inline" data-testid="greeting">{t('greeting', { company: user.companyName, name: user.name })}</span>
      {/* On phones the links show their icons; the words stay for screen readers. */}
      <Link href="/sys/profile?default=6" className="flex items-center gap-1 hover:text-white" data-testid="header-username"><User aria-hidden size={13} /><span className="sr-only sm:not-sr-only">{user.name}</span></Link>
      <Link href="/order?default=1" className="flex items-center gap-1 hover:text-white"><ClipboardList aria-hidden size={13} className="sm:hidden" /><span className="sr-only sm:not-sr-only">{t('orders')}</span></Link>
      {user.toApprove > 0 && (
        // An approver's orders waiting for a decision: straight to that tab of order management.
        <Link href="/order?default=1&scope=approvals" className="flex items-center gap-1 hover:text-white" data-testid="header-approvals" aria-label={t('toApproveLabel', { count: user.toApprove })}>
          <span aria-hidden className="hidden sm:inline">{t('toApprove')}</span>
          <span aria-hidden className="rounded-full bg-accent px-1.5 text-[10px] font-semibold text-white">{user.toApprove > 99 ? '99+' : user.toApprove}</span>
        </Link>
      )}
      <Link href="/order/shoppingcart?default=2" className="flex items-center gap-1 hover:text-white"><ShoppingCart aria-hidden size={13} /><span className="sr-only sm:not-sr-only">{t('cart')}</span><span className="rounded-full bg-accent px-1.5 text-[10px] font-semibold text-white" data-testid="cart-count">{user.cartCount}</span></Link>
      {/* Signs out on the server, forgets the token and user, then goes home (docs/requirements/account.md#sign-in): the sign-in island's. */}
      <button type="button" className="flex items-center gap-1 hover:text-white" data-testid="logout" data-auth-action="logout"><LogOut aria-hidden size={13} className="sm:hidden" /><span className="sr-only sm:not-sr-only">{t('logout')}</span></button>
    </>
  );
}

/** Who is signed in (their id, or null), once known: for the sign-in island of the shell. */
export async function SignedIn({ user, children }: { user: Promise<HeaderUser | null>; children: (userId: number | null) => ReactNode }) {
  return children((await user)?.id ?? null);
}
