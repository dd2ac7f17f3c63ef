import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** Unknown back-office paths redirect to /404 (spec §2 "Back-office"). */
export default async function AdminUnknown({ params }: { params: Promise<{ locale: string }> }) {
  redirect({ href: '/404', locale: (await params).locale as Locale });
}
