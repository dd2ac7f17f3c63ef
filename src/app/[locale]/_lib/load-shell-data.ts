import 'server-only';
import { getLocale } from 'next-intl/server';
import type { HeaderUser } from '@/contracts/auth';
import type { CategoryNode } from '@/contracts/catalog-browse';
import type { NavMenusDto } from '@/contracts/content';
import type { SiteContact } from '@/contracts/settings';
import { messagesFor, type Locale } from '@/i18n/routing';
import { currentActor } from '@/server/auth/current-actor';
import { getDb } from '@/server/db/client';
import { countCartItems } from '@/server/modules/cart/service';
import { listCategoryTree } from '@/server/modules/catalog/categories';
import { listNavMenus } from '@/server/modules/content/nav-menus';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { countVisitors } from '@/server/modules/tracking/service';
import { qrSvgDataUrl } from '@/server/modules/settings/qr';
import { getSiteContact } from '@/server/modules/settings/queries';

export interface ShellData {
  user: HeaderUser | null;
  contact: SiteContact;
  locale: Locale;
  chrome: ChromeData;
}

/** The footer's and navigation's data from the database (issue 4: footer, QR code, visitor count, menus). */
export interface ChromeData {
  footerHtml: string;
  visitors: number;
  qrCode: string | null;
  menus: NavMenusDto;
  /** The product mega menu: the category tree (issue 3), read once a minute per process. */
  productMenu: CategoryNode[];
}

/** What the storefront frame (header, footer, service panel) needs, for the layouts to pass down. */
export async function loadShellData(): Promise<ShellData> {
  const db = await getDb();
  const [actor, contact, locale] = await Promise.all([currentActor(), getSiteContact(db), getLocale()]);
  const lang = messagesFor(locale as Locale);
  const [cartCount, footer, visitors, menus, qrCode, productMenu] = await Promise.all([
    actor.kind === 'user' ? countCartItems(db, { companyId: actor.companyId, userId: actor.userId }) : 0,
    getSiteBlock(db, { key: 'footer', lang }),
    countVisitors(db),
    listNavMenus(db, { lang }),
    contact.qrCodeUrl ? qrSvgDataUrl(contact.qrCodeUrl) : null,
    listCategoryTree(db, { lang }),
  ]);
  return {
    chrome: { footerHtml: footer?.content ?? '', visitors, qrCode, menus, productMenu },
    user: actor.kind === 'user' ? { name: actor.name, companyName: actor.companyName, cartCount } : null,
    contact,
    locale: locale as Locale,
  };
}
