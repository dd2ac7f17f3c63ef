import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Expense applications. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function ExpensesPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('ADMIN.ACCESS');
  return null;
}
