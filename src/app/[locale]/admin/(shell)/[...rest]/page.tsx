import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** Unknown back-office paths redirect to /404 (docs/requirements/back-office.md#access). */
export default async function AdminUnknown({ params }: { params: Promise<{ locale: string }> }) {
  redirect({ href: '/404', locale: (await params).locale as Locale });
}
