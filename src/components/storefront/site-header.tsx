import { ClipboardList, Phone, ShoppingCart, User } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { HeaderUser } from '@/contracts/auth';
import type { SiteContact } from '@/contracts/settings';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { LanguageSwitch } from './language-switch';
import { GuestCartLink, LoginLink } from './login-trigger';
import { LogoutButton } from './logout-button';

interface Props {
  user: HeaderUser | null;
  contact: SiteContact;
  locale: Locale;
}

/** Top bar (hotline, sign-in state, language) and the brand row (spec §2 "Header and navigation"). */
export async function SiteHeader({ user, contact, locale }: Props) {
  const t = await getTranslations('header');
  const tm = await getTranslations('meta');
  const tf = await getTranslations('footer');
  return (
    <header>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:px-3 focus:py-2">
        {t('skipToContent')}
      </a>
      <div className="bg-gray-900 text-xs text-gray-200">
        <div className="container-page flex h-9 items-center justify-between gap-4">
          <span className="flex items-center gap-1 truncate">
            <Phone aria-hidden size={13} />
            {t('hotline')}: <a href={`tel:${contact.hotlines[0] ?? ''}`} className="font-medium text-white" data-testid="header-hotline">{contact.hotlines[0] ?? ''}</a>
          </span>
          <nav className="flex shrink-0 items-center gap-4" aria-label={t('login')}>
            {user ? (
              <>
                <span className="hidden md:inline" data-testid="greeting">{t('greeting', { company: user.companyName, name: user.name })}</span>
                {/* On phones the links show their icons; the words stay for screen readers. */}
                <Link href="/sys/profile?default=6" className="flex items-center gap-1 hover:text-white" data-testid="header-username"><User aria-hidden size={13} /><span className="sr-only sm:not-sr-only">{user.name}</span></Link>
                <Link href="/order?default=1" className="flex items-center gap-1 hover:text-white"><ClipboardList aria-hidden size={13} className="sm:hidden" /><span className="sr-only sm:not-sr-only">{t('orders')}</span></Link>
                <Link href="/order/shoppingcart?default=2" className="flex items-center gap-1 hover:text-white"><ShoppingCart aria-hidden size={13} /><span className="sr-only sm:not-sr-only">{t('cart')}</span><span className="rounded-full bg-accent px-1.5 text-[10px] font-semibold text-white" data-testid="cart-count">{user.cartCount}</span></Link>
                <LogoutButton label={t('logout')} />
              </>
            ) : (
              <>
                <LoginLink className="hover:text-white" testId="login-link">{t('login')}</LoginLink>
                <GuestCartLink label={t('cart')} />
              </>
            )}
            <LanguageSwitch locale={locale} label={t('switchLanguage')} />
          </nav>
        </div>
      </div>
      <div className="bg-white">
        <div className="container-page flex h-16 items-center justify-between">
          <Link href="/" className="flex items-center gap-2" aria-label={tm('siteName')}>
            <span aria-hidden className="grid h-9 w-9 place-items-center rounded-lg bg-brand-500 text-lg font-bold text-white">优</span>
            <span className="text-xl font-semibold tracking-tight text-ink">{tm('siteName')}</span>
          </Link>
          <p className="hidden text-right text-sm text-muted md:block">
            <span className="block font-medium text-ink">{tf('catalogueClaim')}</span>
            {tf('catalogueClaimDetail')}
          </p>
        </div>
      </div>
    </header>
  );
}
