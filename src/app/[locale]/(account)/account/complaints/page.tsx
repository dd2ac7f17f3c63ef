import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MyComplaints } from '@/components/account/complaints/my-complaints';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listMyComplaints } from '@/server/modules/complaints/customer';
import { orderActorOf } from '../../order/_lib/order-actor';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accountComplaints');
  return { title: t('title'), robots: { index: false } };
}

/** /account/complaints — the customer's complaints on their orders and their outcome (SALE.VIEW; company-scoped in the query). */
export default async function MyComplaintsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['SALE.VIEW'] });
  const items = await listMyComplaints(await getDb(), orderActorOf(actor), messagesFor(locale as Locale));
  return (
    <AccountMessages namespaces={['accountComplaints', 'complaintCategories']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <MyComplaints items={items} />
      </section>
    </AccountMessages>
  );
}
