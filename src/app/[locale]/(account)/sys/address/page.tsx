import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AddressBook } from '@/components/account/company/address-book';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listAddresses } from '@/server/modules/company/addresses';
import { CompanyPage } from '../_lib/company-page';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('address.title'), robots: { index: false } };
}

/** /sys/address — the company's address book: any user of the company reads it; ADDRESS.EDIT changes it. */
export default async function AddressPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage();
  const t = await getTranslations('company');
  const addresses = await listAddresses(await getDb(), actor.companyId);
  return (
    <AccountMessages namespaces={['company']}>
      <CompanyPage title={t('address.title')} intro={t('address.intro')}>
        <AddressBook addresses={addresses} />
      </CompanyPage>
    </AccountMessages>
  );
}
