import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AdminShell } from '@/components/admin/admin-shell';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireStaffPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listMenuTree } from '@/server/modules/menus/queries';

/** The menu is computed on the server from the actor's permissions and handed to the client shell. */
export default async function AdminShellLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const actor = await requireStaffPage();
  const menu = await listMenuTree(await getDb(), { permissions: actor.permissions, lang: messagesFor(locale as Locale) });
  const sidebarOpen = (await cookies()).get('sidebarStatus')?.value !== '0';
  return (
    <AdminShell menu={menu} userName={actor.name} sidebarOpen={sidebarOpen}>
      {children}
    </AdminShell>
  );
}
