import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AdminShell } from '@/components/admin/admin-shell';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireStaffPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { getSiteLayout, getStaffSettings } from '@/server/modules/preferences/preferences';
import { listMenuTree } from '@/server/modules/menus/queries';

/**
 * The menu, the permissions and the staff member's settings are loaded on the server before the shell
 * renders, so that nothing forbidden flashes and the theme is right from the first paint.
 */
export default async function AdminShellLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const actor = await requireStaffPage();
  const db = await getDb();
  const [menu, layout] = await Promise.all([
    listMenuTree(db, { permissions: actor.permissions, lang: messagesFor(locale as Locale) }),
    getSiteLayout(db),
  ]);
  const settings = await getStaffSettings(db, { staffId: actor.staffId, layout });
  // The member's own choice (cookie `sidebarStatus`, 1 or 0) over the site's layout: the local configuration starts closed.
  const sidebarCookie = (await cookies()).get('sidebarStatus')?.value;
  const sidebarOpen = sidebarCookie === undefined ? layout === 'standard' : sidebarCookie !== '0';
  return (
    <AdminShell menu={menu} staffId={actor.staffId} userName={actor.name} subject={{ permissions: actor.permissions, roles: actor.roles }} sidebarOpen={sidebarOpen} layout={layout} settings={settings}>
      {children}
    </AdminShell>
  );
}
