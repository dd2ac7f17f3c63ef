import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** The dashboard view is rendered by the shell (kept alive behind its tab); the page checks access. */
export default async function DashboardPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('ADMIN.ACCESS');
  return null;
}
