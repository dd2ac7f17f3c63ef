import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** /admin/content is a menu group: it redirects to its first page, as its menu item's `redirect` says. */
export default async function ContentIndex({ params }: { params: Promise<{ locale: string }> }) {
  redirect({ href: '/admin/content/news', locale: (await params).locale as Locale });
}
