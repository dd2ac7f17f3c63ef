import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApprovalSettings } from '@/components/account/company/approval-settings';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { getApprovalSettings } from '@/server/modules/company/approval-settings';
import { CompanyPage } from '../_lib/company-page';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('approval.title'), robots: { index: false } };
}

/** /sys/approval — approval rules and buyers' monthly limits (USER.VIEW; changes USER.EDIT). */
export default async function ApprovalPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage({ permissions: ['USER.VIEW'] });
  const t = await getTranslations('company');
  const settings = await getApprovalSettings(await getDb(), actor.companyId);
  return (
    <AccountMessages namespaces={['company']}>
      <CompanyPage title={t('approval.title')} intro={t('approval.intro')}>
        <ApprovalSettings settings={settings} />
      </CompanyPage>
    </AccountMessages>
  );
}
