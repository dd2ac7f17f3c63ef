import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** The suppliers. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function SuppliersPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('SUPPLIER.EDIT');
  return null;
}
