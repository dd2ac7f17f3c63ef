import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { requireUserPage } from '@/server/auth/page-guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('profileTitle'), robots: { index: false } };
}

export default async function ProfilePage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage();
  const t = await getTranslations('account');
  const tp = await getTranslations('password');
  const rows: [string, string][] = [
    [t('name'), actor.name],
    [t('loginName'), actor.loginName],
    [t('company'), actor.companyName],
    [t('roles'), actor.roles.join('、') || t('none')],
    [t('permissions'), actor.permissions.join(', ') || t('none')],
  ];
  return (
    <section className="rounded-lg border border-line bg-white p-6">
      <h1 className="mb-4 text-lg font-semibold">{t('profileTitle')}</h1>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[8rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <Link href="/sys/profile_pwd?default=6" className="mt-6 inline-block text-sm text-brand-600 hover:underline" data-testid="change-password-link">{tp('link')}</Link>
    </section>
  );
}
