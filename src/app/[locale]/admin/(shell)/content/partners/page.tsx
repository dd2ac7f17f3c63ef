import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Partners (ADR 0042). The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function ContentPartnersPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('CONTENT.EDIT');
  return null;
}
