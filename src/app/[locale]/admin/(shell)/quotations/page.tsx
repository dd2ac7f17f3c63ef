import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Quotations and a quotation's record page (`?id=`). The view is rendered by the shell; the page checks the permission. */
export default async function QuotationsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('QUOTATION.EDIT');
  return null;
}
