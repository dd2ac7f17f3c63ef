import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** The staff teams. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function TeamsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('STAFF.VIEW');
  return null;
}
