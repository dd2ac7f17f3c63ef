import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isSignedInPath, requireUserPage } from '@/server/auth/page-guards';

/**
 * Any unmatched path renders the 404 page with status 404 — except that a guest asking for a
 * signed-in path (/sys, /order, /profile anywhere in it) is sent to /?login first (docs/requirements/account.md#route-guard).
 */
export default async function CatchAll({ params }: { params: Promise<{ locale: string; rest: string[] }> }) {
  const { locale, rest } = await params;
  setRequestLocale(locale);
  if (isSignedInPath(`/${rest.join('/')}`)) await requireUserPage();
  notFound();
}
