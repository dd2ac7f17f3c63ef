import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Contracts, approved before sending (ADR 0044). The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function ContractsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('CONTRACT.EDIT');
  return null;
}
