import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminLoginForm } from '@/components/admin/admin-login-form';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { safeReturnPath } from '@/lib/return-path';

/**
 * The staff sign-in. `redirect` names the back-office page to come back to (a session that ended on the
 * way to it); only a back-office path of this site is followed, anything else opens the dashboard.
 */
export default async function AdminLoginPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ redirect?: string | string[] }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('admin');
  const back = safeReturnPath((await searchParams).redirect, 'admin');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-100 px-4">
      <p className="text-xl font-semibold text-slate-700">{t('title')}</p>
      <AdminLoginForm home={back ?? getPathname({ href: '/admin', locale: locale as Locale })} />
    </main>
  );
}
