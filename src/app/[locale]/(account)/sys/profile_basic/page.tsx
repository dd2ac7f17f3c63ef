import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProfileBasicForm } from '@/components/account/company/profile-basic-form';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { MAX_BODY_BYTES } from '@/server/http/server';
import { getProfile } from '@/server/modules/company/profile';
import { UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { CompanyPage } from '../_lib/company-page';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('profile.basicTitle'), robots: { index: false } };
}

/** /sys/profile_basic — the signed-in user edits their basic information and avatar. */
export default async function ProfileBasicPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage();
  const t = await getTranslations('company');
  const profile = await getProfile(await getDb(), actor);
  return (
    <AccountMessages namespaces={['company']}>
      <CompanyPage title={t('profile.basicTitle')} intro={t('profile.basicIntro')} back={false}>
        <ProfileBasicForm profile={profile} maxBytes={Math.min(UPLOAD_MAX_BYTES, MAX_BODY_BYTES) - 4096} />
      </CompanyPage>
    </AccountMessages>
  );
}
