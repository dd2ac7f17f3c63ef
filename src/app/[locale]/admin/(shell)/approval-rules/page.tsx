import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Approval rules. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function ApprovalRulesPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('APPROVAL.RULES');
  return null;
}
