import { setRequestLocale } from 'next-intl/server';
import { adminMenuGroup, adminPage } from '@/components/admin/admin-pages';
import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { requireStaffPage } from '@/server/auth/page-guards';

/**
 * Every back-office page but /admin itself (`(shell)/page.tsx`), from the registry (`components/admin/admin-pages.ts`):
 * - a page checks its permission (no staff session: the login; a missing permission: /404) and renders nothing —
 *   the shell renders its view (`admin-views.tsx`), kept alive behind its tab;
 * - a menu group (e.g. /admin/catalog) redirects to its first page, as its menu row's `redirect` says, with the
 *   query it was given (`/admin/orders?id=7` opens the order in the group's first page);
 * - an unknown path redirects to /404 (docs/requirements/back-office.md#access).
 */
export default async function AdminPage({ params, searchParams }: {
  params: Promise<{ locale: string; rest: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale, rest } = await params;
  setRequestLocale(locale);
  const path = `/admin/${rest.join('/')}`;
  const page = adminPage(path);
  if (page) {
    await requireStaffPage(page.permission);
    return null;
  }
  const group = adminMenuGroup(path);
  if (!group) redirect({ href: '/404', locale: locale as Locale });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) for (const v of [value ?? []].flat()) query.append(key, v);
  const search = query.toString();
  redirect({ href: `/admin${group.redirect}${search ? `?${search}` : ''}`, locale: locale as Locale });
}
