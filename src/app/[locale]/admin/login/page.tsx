import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminLoginForm } from '@/components/admin/admin-login-form';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

export default async function AdminLoginPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('admin');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-100 px-4">
      <p className="text-xl font-semibold text-slate-700">{t('title')}</p>
      <AdminLoginForm home={getPathname({ href: '/admin', locale: locale as Locale })} />
    </main>
  );
}
