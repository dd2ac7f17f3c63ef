import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { PERMISSION_REGISTRY } from '@/server/auth/permissions';
import { getDb } from '@/server/db/client';
import { getProfile } from '@/server/modules/company/profile';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('profileTitle'), robots: { index: false } };
}

export default async function ProfilePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage();
  const lang = messagesFor(locale as Locale);
  const t = await getTranslations('account');
  const tp = await getTranslations('password');
  const tc = await getTranslations('company');
  const profile = await getProfile(await getDb(), actor);
  const permissionLabels = actor.permissions.map((code) => PERMISSION_REGISTRY.find((p) => p.code === code)?.[lang] ?? code);
  const rows: [string, string][] = [
    [t('name'), profile.name],
    [t('loginName'), profile.loginName],
    [t('company'), profile.company],
    [tc('profile.department'), profile.department ?? t('none')],
    [tc('profile.branch'), profile.branch || t('none')],
    [tc('profile.job'), profile.job || t('none')],
    [tc('profile.userinfoNo'), profile.userinfoNo || t('none')],
    [t('roles'), actor.roles.join('、') || t('none')],
    [t('permissions'), permissionLabels.join(lang === 'zh' ? '、' : ', ') || t('none')],
  ];
  return (
    <section className="rounded-lg border border-line bg-white p-4 sm:p-6">
      <div className="mb-4 flex items-center gap-4">
        {profile.avatarFileId ? (
          // eslint-disable-next-line @next/next/no-img-element -- a private, per-company file; not for the image optimiser
          <img src={`/api/app/file/${profile.avatarFileId}?inline=1`} alt={tc('profile.avatar')} width={64} height={64} className="h-16 w-16 rounded-full object-cover" data-testid="profile-avatar" />
        ) : (
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-600">{profile.name.slice(0, 1)}</span>
        )}
        <h1 className="text-lg font-semibold">{t('profileTitle')}</h1>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[8rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-4 text-sm">
        <Link href="/sys/profile_basic?default=6" className="text-brand-600 hover:underline" data-testid="edit-profile-link">{tc('profile.editLink')}</Link>
        <Link href="/sys/profile_pwd?default=6" className="text-brand-600 hover:underline" data-testid="change-password-link">{tp('link')}</Link>
        <Link href="/sys/address?default=6" className="text-brand-600 hover:underline">{tc('address.title')}</Link>
      </div>
    </section>
  );
}
