import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DepartmentsAdmin } from '@/components/account/company/departments-admin';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listDepartments } from '@/server/modules/company/departments';
import { CompanyPage } from '../_lib/company-page';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('departments.title'), robots: { index: false } };
}

/** /sys/departments — the department tree (USER.VIEW; changes DEPARTMENT.EDIT). */
export default async function DepartmentsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage({ permissions: ['USER.VIEW'] });
  const t = await getTranslations('company');
  const departments = await listDepartments(await getDb(), actor.companyId);
  return (
    <AccountMessages namespaces={['company']}>
      <CompanyPage title={t('departments.title')} intro={t('departments.intro')}>
        <DepartmentsAdmin departments={departments} />
      </CompanyPage>
    </AccountMessages>
  );
}
