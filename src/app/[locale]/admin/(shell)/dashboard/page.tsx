import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requireStaffPage } from '@/server/auth/page-guards';

export default async function DashboardPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireStaffPage();
  const t = await getTranslations('admin');
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm" data-testid="admin-dashboard">
      <h1 className="text-xl font-semibold">{t('welcome', { name: actor.name })}</h1>
      <p className="mt-2 text-slate-600">{t('yourRoles', { roles: actor.roles.join('、') })}</p>
      <p className="mt-1 text-slate-600">{t('yourPermissions', { count: actor.permissions.length })}</p>
    </section>
  );
}
