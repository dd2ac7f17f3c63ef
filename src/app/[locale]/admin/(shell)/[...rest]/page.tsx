import { setRequestLocale } from 'next-intl/server';
import { adminMenuGroup, adminPage } from '@/components/admin/admin-pages';
import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { requireStaffPage } from '@/server/auth/page-guards';

/**
 * Every back-office page but /admin itself (`(shell)/page.tsx`), from the registry (`components/admin/admin-pages.ts`):
 * - a page checks its permission (no staff session: the login; a missing permission: /404) and renders nothing —
 *   the shell renders its view (`admin-views.tsx`), kept alive behind its tab;
 * - a menu group (e.g. /admin/catalog) redirects to its first page, as its menu row's `redirect` says;
 * - an unknown path redirects to /404 (docs/requirements/back-office.md#access).
 */
export default async function AdminPage({ params }: { params: Promise<{ locale: string; rest: string[] }> }) {
  const { locale, rest } = await params;
  setRequestLocale(locale);
  const path = `/admin/${rest.join('/')}`;
  const page = adminPage(path);
  if (page) {
    await requireStaffPage(page.permission);
    return null;
  }
  const group = adminMenuGroup(path);
  redirect({ href: group ? `/admin${group.redirect}` : '/404', locale: locale as Locale });
}
