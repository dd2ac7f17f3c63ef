import 'server-only';
import { getLocale } from 'next-intl/server';
import type { NavMenusDto } from '@/contracts/content';
import type { SiteContact } from '@/contracts/site-settings';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { Lang } from '@/lib/lang';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { phoneCodesAvailable } from '@/server/modules/mail/sms';
import { listNavMenus } from '@/server/modules/content/nav-menus';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { countVisitors } from '@/server/modules/tracking/service';
import { qrSvgDataUrl } from '@/server/modules/site-settings/qr';
import { getSiteContact } from '@/server/modules/site-settings/queries';
import { showsVisitorCount } from '@/server/modules/site-settings/settings';
import { sharedCache } from './shared-cache';

export interface ShellData {
  contact: SiteContact;
  locale: Locale;
  chrome: ChromeData;
  /** Whether codes may be texted to mobile numbers (not in production without an SMS provider). */
  phoneCodes: boolean;
}

/** The footer's and navigation's data from the database (ADR 0013: footer, QR code, visitor count, menus). */
export interface ChromeData {
  footerHtml: string;
  /** The visitor count, or null when the site settings hide it. */
  visitors: number | null;
  qrCode: string | null;
  menus: NavMenusDto;
}

/**
 * The frame's data that is the same for every visitor of a language: from the shared cache (ADR 0025).
 * Its menus list the support, resource and application types (content categories, with what is
 * published in them), so a content save drops it too (ADR 0042) — with only the shell and catalogue
 * tags, a type added, renamed or filled in the back-office stayed out of the header for the cache's time.
 */
const loadSharedShell = sharedCache('shell', [storefrontTags.shell, storefrontTags.catalogue, storefrontTags.content], async (lang: Lang): Promise<{ contact: SiteContact; chrome: ChromeData }> => {
  const db = await getDb();
  const contact = await getSiteContact(db);
  const [footer, visitors, menus, qrCode] = await Promise.all([
    getSiteBlock(db, { key: 'footer', lang }),
    showsVisitorCount(db).then((show) => (show ? countVisitors(db) : null)),
    listNavMenus(db, { lang }),
    contact.qrCodeUrl ? qrSvgDataUrl(contact.qrCodeUrl) : null,
  ]);
  return { contact, chrome: { footerHtml: footer?.content ?? '', visitors, qrCode, menus } };
});

/**
 * What the storefront frame (header, footer, service panel) needs, for the layouts to pass down: the
 * same for every visitor of a language. Nothing here reads the session; the header's account links
 * and the cart badge are islands filled by the visitor's own answer (ADR 0076).
 */
export async function loadShellData(): Promise<ShellData> {
  const locale = (await getLocale()) as Locale;
  const { contact, chrome } = await loadSharedShell(messagesFor(locale));
  return { contact, chrome, locale, phoneCodes: phoneCodesAvailable() };
}
