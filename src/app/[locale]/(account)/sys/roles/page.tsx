import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RolesAdmin } from '@/components/account/company/roles-admin';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listFunctions, listRoles } from '@/server/modules/company/roles';
import { CompanyPage } from '../_lib/company-page';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('roles.title'), robots: { index: false } };
}

/** /sys/roles — roles built from the company permissions (USER.VIEW; changes ROLE.EDIT). */
export default async function RolesPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['USER.VIEW'] });
  const t = await getTranslations('company');
  const roles = await listRoles(await getDb(), actor.companyId);
  return (
    <AccountMessages namespaces={['company']}>
      <CompanyPage title={t('roles.title')} intro={t('roles.intro')}>
        <RolesAdmin roles={roles} groups={listFunctions(messagesFor(locale as Locale))} />
      </CompanyPage>
    </AccountMessages>
  );
}
