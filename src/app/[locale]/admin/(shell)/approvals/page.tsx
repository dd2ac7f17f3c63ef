import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Approval steps waiting for the member. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function ApprovalsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('ADMIN.ACCESS');
  return null;
}
