import 'server-only';
import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { permits, type Requirement } from '@/lib/permits';
import { PAGE_PATH_HEADER, safeReturnPath } from '@/lib/return-path';
import type { Actor } from './actor';
import { currentActor } from './current-actor';
import type { Permission } from './permissions';

type UserActor = Extract<Actor, { kind: 'user' }>;
type StaffActor = Extract<Actor, { kind: 'staff' }>;

/**
 * Paths that need a signed-in customer: any containing a /sys, /order or /profile segment
 * (docs/requirements/account.md#route-guard). Whole segments, so that /system-setting of the back-office is not one.
 */
export function isSignedInPath(pathname: string): boolean {
  return /\/(sys|order|profile)(\/|$)/.test(pathname);
}

/**
 * For signed-in customer pages: a guest goes to /?login (docs/requirements/account.md#route-guard), checked by the page
 * itself, with the page's address to come back to once signed in in the dialog (ADR 0064); a user who does not meet `need` (one of its permissions or roles, `lib/permits.ts`) goes to
 * /401 — the same rule that hides the page's menu item and links (`Permitted`).
 */
export async function requireUserPage(need?: Requirement): Promise<UserActor> {
  const actor = await currentActor();
  const locale = (await getLocale()) as Locale;
  if (actor.kind !== 'user') {
    const back = safeReturnPath((await headers()).get(PAGE_PATH_HEADER), 'account');
    redirect({ href: back ? `/?login&${new URLSearchParams({ redirect: back }).toString()}` : '/?login', locale });
    throw new Error('unreachable');
  }
  if (need && !permits(actor, need)) {
    redirect({ href: '/401', locale });
  }
  return actor;
}

/**
 * For back-office pages: no staff session goes to the staff login, with the page's address (and so its
 * tab and its view's query) to come back to once signed in; a missing permission to /404, as for a path
 * that does not exist (a forbidden back-office page does not reveal that it exists).
 */
export async function requireStaffPage(permission: Permission = 'ADMIN.ACCESS'): Promise<StaffActor> {
  const actor = await currentActor();
  const locale = (await getLocale()) as Locale;
  if (actor.kind !== 'staff') {
    const back = safeReturnPath((await headers()).get(PAGE_PATH_HEADER), 'admin');
    redirect({ href: back ? { pathname: '/admin/login', query: { redirect: back } } : '/admin/login', locale });
    throw new Error('unreachable');
  }
  if (!actor.permissions.includes(permission)) {
    redirect({ href: '/404', locale });
  }
  return actor;
}
