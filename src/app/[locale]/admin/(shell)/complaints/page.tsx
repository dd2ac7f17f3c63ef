import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Complaints with capped refunds (ADR 0041). The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function ComplaintsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('COMPLAINT.EDIT');
  return null;
}
