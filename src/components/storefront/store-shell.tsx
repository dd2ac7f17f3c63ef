import { Menu, Search } from '@/components/ui/icons';
import { Suspense, type ReactNode } from 'react';
import type { NavMenusDto } from '@/contracts/content';
import type { SiteContact } from '@/contracts/site-settings';
import type { Locale } from '@/i18n/routing';
import { STRUCTURE_SLOT_ID } from '@/lib/structure-query';
import { AuthIsland } from './auth-island';
import { MobileNav } from './mobile-nav';
import { NavBar } from './nav-bar';
import { SiteBehaviourOnDemand } from './site-behaviour-on-demand';
import { SearchBar } from './search-bar';
import { SideWidget } from './side-widget';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StructureTab } from './structure/structure-tab';

export interface StoreShellProps {
  data: {
    contact: SiteContact;
    locale: Locale;
    chrome: { footerHtml: string; visitors: number | null; qrCode: string | null; menus: NavMenusDto };
    /** Whether the shop texts codes to mobile numbers (the login dialog offers code sign-in by phone only then). */
    phoneCodes: boolean;
  };
  withNav: boolean;
  aside?: ReactNode;
  children: ReactNode;
}

/** Layouts 1 and 2 of docs/requirements/storefront.md#layouts: header, search bar, (navigation bar), side widget, footer. */
export function StoreShell({ data, withNav, aside, children }: StoreShellProps) {
  const { contact, locale, chrome, phoneCodes } = data;
  return (
    <div className="flex min-h-screen flex-col" data-store-shell="">
      <SiteBehaviourOnDemand englishSite={contact.englishSite} />
      <SiteHeader contact={contact} locale={locale} menu={withNav ? <MobileNav hotlines={contact.hotlines} icon={<Menu aria-hidden size={18} />} /> : null} />
      <SearchBar icon={<Search aria-hidden size={16} />} structureTab={<StructureTab />} />
      {/* The structure panel's place, filled by the behaviours when the tab is clicked (ADR 0075). */}
      <div id={STRUCTURE_SLOT_ID} className="relative z-40 border-b border-line bg-white empty:hidden" />
      {withNav && <NavBar menus={chrome.menus} />}
      <main id="main" className="flex-1">
        {aside ? (
          <div className="container-page flex flex-col gap-6 py-6 md:flex-row">
            {aside}
            <div className="min-w-0 flex-1">{children}</div>
          </div>
        ) : (
          children
        )}
      </main>
      <SiteFooter contact={contact} footer={{ html: chrome.footerHtml, visitors: chrome.visitors, qrCode: chrome.qrCode }} />
      <SideWidget chatLink={contact.chatLink} hotlines={contact.hotlines} salesEmail={contact.salesEmail} />
      <Suspense fallback={null}>
        <AuthIsland phoneCodes={phoneCodes} />
      </Suspense>
    </div>
  );
}
