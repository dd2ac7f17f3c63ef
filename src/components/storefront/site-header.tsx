import { ClipboardList, Globe, LogOut, Phone, ShoppingCart, User } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { SiteContact } from '@/contracts/site-settings';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { catalogueClaim } from '@/lib/site-contact-text';
import { LanguageSwitch } from './language-switch';
import { HeaderAccount } from './header-account';

interface Props {
  contact: SiteContact;
  locale: Locale;
  /** The phone's menu button (and drawer), beside the logo. */
  menu?: ReactNode;
}

/** Top bar (hotline, sign-in state, language) and the brand row (docs/requirements/storefront.md#header). */
export async function SiteHeader({ contact, locale, menu }: Props) {
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
          {/* A shop that has not kept its hotline yet shows none (the bar keeps its place). */}
          <span className="flex items-center gap-1 truncate">
            {contact.hotlines[0] && (<>
              <Phone aria-hidden size={13} />
              {t('hotline')}: <a href={`tel:${contact.hotlines[0]}`} className="font-medium text-white" data-testid="header-hotline">{contact.hotlines[0]}</a>
            </>)}
          </span>
          <nav className="flex shrink-0 items-center gap-4" aria-label={t('login')}>
            {/* The only per-visitor part of the frame: an island filled by the visitor's answer (ADR 0076), the page stays the same for everyone. */}
            <HeaderAccount icons={{
              user: <User aria-hidden size={13} />,
              orders: <ClipboardList aria-hidden size={13} className="sm:hidden" />,
              cart: <ShoppingCart aria-hidden size={13} />,
              logout: <LogOut aria-hidden size={13} className="sm:hidden" />,
            }} />
            <LanguageSwitch locale={locale} label={t('switchLanguage')} icon={<Globe aria-hidden size={13} />} />
          </nav>
        </div>
      </div>
      <div className="bg-white">
        <div className="container-page flex h-16 items-center justify-between gap-3">
          <Link href="/" className="flex min-w-0 items-center gap-2">
            <span aria-hidden className="grid h-9 w-9 place-items-center rounded-lg bg-brand-500 text-lg font-bold text-white">优</span>
            <span className="truncate text-xl font-semibold tracking-tight text-ink">{tm('siteName')}</span>
          </Link>
          <p className="hidden text-right text-sm text-muted md:block">
            <span className="block font-medium text-ink" data-testid="header-catalogue-claim">{catalogueClaim(contact, locale) ?? tf('catalogueClaim')}</span>
            {tf('catalogueClaimDetail')}
          </p>
          {menu}
        </div>
      </div>
    </header>
  );
}
