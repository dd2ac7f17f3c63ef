import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Site settings. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function WebSettingsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('SETTINGS.EDIT');
  return null;
}
