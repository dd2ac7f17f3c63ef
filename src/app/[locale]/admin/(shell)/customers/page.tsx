import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Customers and a customer's record page (`?id=`). The view is rendered by the shell; the page checks the permission. */
export default async function CustomersPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('CUSTOMER.VIEW');
  return null;
}
