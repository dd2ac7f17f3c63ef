import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { UsersAdmin } from '@/components/account/company/users-admin';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listDepartments } from '@/server/modules/company/departments';
import { listRoles } from '@/server/modules/company/roles';
import { listCompanyUsers } from '@/server/modules/company/users';
import { CompanyPage } from '../_lib/company-page';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('users.title'), robots: { index: false } };
}

/** /sys/users — the company's users and sub-accounts (USER.VIEW; changes USER.EDIT). */
export default async function UsersPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage({ permissions: ['USER.VIEW'] });
  const t = await getTranslations('company');
  const db = await getDb();
  const [initial, departments, roles] = await Promise.all([
    listCompanyUsers(db, { companyId: actor.companyId, status: 'all', sort: 'createdAt', order: 'desc', limit: 20, offset: 1 }),
    listDepartments(db, actor.companyId),
    listRoles(db, actor.companyId),
  ]);
  return (
    <AccountMessages namespaces={['company', 'dataState']}>
      <CompanyPage title={t('users.title')} intro={t('users.intro')}>
        <UsersAdmin initial={initial} departments={departments} roles={roles} />
      </CompanyPage>
    </AccountMessages>
  );
}
