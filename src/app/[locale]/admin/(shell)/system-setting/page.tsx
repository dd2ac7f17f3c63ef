import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** /admin/system-setting is a menu group: it redirects to its first page, as its menu item's `redirect` says. */
export default async function SystemSettingIndex({ params }: { params: Promise<{ locale: string }> }) {
  redirect({ href: '/admin/system-setting/auth', locale: (await params).locale as Locale });
}
