import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Testing-service cases. The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function CasesPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('CASE.EDIT');
  return null;
}
