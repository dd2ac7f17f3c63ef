import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/account/auth/change-password-form';
import { requireUserPage } from '@/server/auth/page-guards';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('password');
  return { title: t('title'), robots: { index: false } };
}

/** /sys/profile_pwd — the signed-in customer changes the password; other sessions end. */
export default async function ChangePasswordPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage();
  const t = await getTranslations('password');
  return (
    <AccountMessages namespaces={['password']}>
      <section className="rounded-lg border border-line bg-white p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-5 text-sm text-muted">{t('intro', { account: actor.loginName })}</p>
        <ChangePasswordForm />
      </section>
    </AccountMessages>
  );
}
