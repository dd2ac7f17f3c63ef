import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** /admin opens the dashboard. */
export default async function AdminIndex({ params }: { params: Promise<{ locale: string }> }) {
  redirect({ href: '/admin/dashboard', locale: (await params).locale as Locale });
}
