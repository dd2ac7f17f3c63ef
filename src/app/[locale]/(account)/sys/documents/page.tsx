import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DocumentsAdmin } from '@/components/account/company/documents-admin';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { MAX_BODY_BYTES } from '@/server/http/server';
import { listCompanyDocuments } from '@/server/modules/company/uploads';
import { UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { CompanyPage } from '../_lib/company-page';
import { businessToday } from '@/server/business-time';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('company');
  return { title: t('documents.title'), robots: { index: false } };
}

/** /sys/documents — the business licence and controlled-chemical permits (USER.VIEW; uploads USER.EDIT). */
export default async function DocumentsPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const actor = await requireUserPage({ permissions: ['USER.VIEW'] });
  const t = await getTranslations('company');
  const files = await listCompanyDocuments(await getDb(), actor.companyId, 'documents');
  const today = businessToday();
  return (
    <AccountMessages namespaces={['company']}>
      <CompanyPage title={t('documents.title')} intro={t('documents.intro')}>
        <DocumentsAdmin files={files} today={today} maxBytes={Math.min(UPLOAD_MAX_BYTES, MAX_BODY_BYTES) - 4096} />
      </CompanyPage>
    </AccountMessages>
  );
}
