import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { Permitted } from '@/components/ui/permitted';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { getCompanyOverview } from '@/server/modules/company/overview';
import { CompanyPage } from '../_lib/company-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('hub.title'), robots: { index: false } };
}

/** /sys/manage — system settings (menu item 5, USER.VIEW): the hub to the company-administration pages. */
export default async function ManagePage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage({ permissions: ['USER.VIEW'] });
  const t = await getTranslations('company');
  const o = await getCompanyOverview(await getDb(), actor.companyId);
  const cards = [
    { href: '/sys/users', title: t('users.title'), value: t('hub.usersCount', { count: o.users }), note: t('users.subAccounts', { used: o.subAccounts.used, limit: o.subAccounts.limit }), testId: 'hub-users' },
    { href: '/sys/roles', title: t('roles.title'), value: t('hub.rolesCount', { count: o.roles }), note: t('hub.rolesNote'), testId: 'hub-roles' },
    { href: '/sys/departments', title: t('departments.title'), value: t('hub.departmentsCount', { count: o.departments }), note: t('hub.departmentsNote'), testId: 'hub-departments' },
    { href: '/sys/address', title: t('address.title'), value: t('hub.addressesCount', { count: o.addresses }), note: t('hub.addressesNote'), testId: 'hub-address' },
    { href: '/sys/approval', title: t('approval.title'), value: t('hub.rulesCount', { count: o.activeRules }), note: t('hub.rulesNote'), testId: 'hub-approval' },
    { href: '/sys/documents', title: t('documents.title'), value: t('hub.documentsCount', { count: o.documents }), note: t('hub.documentsNote'), testId: 'hub-documents' },
  ];
  return (
    <CompanyPage title={t('hub.title')} intro={t('hub.intro', { company: actor.companyName })} back={false}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <li key={c.href}>
            <Link href={`${c.href}?default=5`} data-testid={c.testId}
              className="block h-full rounded-lg border border-line p-4 hover:border-brand-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500">
              <span className="block font-medium">{c.title}</span>
              <span className="mt-1 block text-2xl font-semibold text-brand-600">{c.value}</span>
              <span className="mt-1 block text-xs text-muted">{c.note}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Permitted permissions={['USER.EDIT']}>
        <p className="mt-4 text-xs text-muted">{t('hub.auditNote')}</p>
      </Permitted>
    </CompanyPage>
  );
}
