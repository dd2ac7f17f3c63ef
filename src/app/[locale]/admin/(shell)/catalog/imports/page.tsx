import { setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

/** Bulk imports of the catalogue (ADR 0034). The view is rendered by the shell (kept alive behind its tab); the page checks the permission. */
export default async function CatalogImportsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  await requireStaffPage('CATALOG.EDIT');
  return null;
}
