import 'server-only';
import { getLocale } from 'next-intl/server';
import type { HeaderUser } from '@/contracts/auth';
import type { SiteContact } from '@/contracts/settings';
import type { Locale } from '@/i18n/routing';
import { currentActor } from '@/server/auth/current-actor';
import { getDb } from '@/server/db/client';
import { countCartItems } from '@/server/modules/cart/service';
import { getSiteContact } from './queries';

export interface ShellData {
  user: HeaderUser | null;
  contact: SiteContact;
  locale: Locale;
}

/** What the storefront frame (header, footer, service panel) needs, for the layouts to pass down. */
export async function loadShellData(): Promise<ShellData> {
  const db = await getDb();
  const [actor, contact, locale] = await Promise.all([currentActor(), getSiteContact(db), getLocale()]);
  const cartCount = actor.kind === 'user' ? await countCartItems(db, { companyId: actor.companyId, userId: actor.userId }) : 0;
  return {
    user: actor.kind === 'user' ? { name: actor.name, companyName: actor.companyName, cartCount } : null,
    contact,
    locale: locale as Locale,
  };
}
