import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ComplaintForm } from '@/components/account/complaints/complaint-form';
import { idSchema } from '@/contracts/numbers';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { complaintOrder } from '@/server/modules/complaints/customer';
import { orderActorOf } from '../../../order/_lib/order-actor';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accountComplaints');
  return { title: t('newTitle'), robots: { index: false } };
}

/** /account/complaints/new?order= — file a complaint on lines of one of the customer's placed orders (SALE.VIEW). */
export default async function NewComplaintPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ order?: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['SALE.VIEW'] });
  const id = idSchema.safeParse((await searchParams).order);
  if (!id.success) notFound();
  let order;
  try {
    order = await complaintOrder(await getDb(), orderActorOf(actor), id.data, messagesFor(locale as Locale));
  } catch (error) {
    if (error instanceof AppError && (error.code === 404 || error.code === 409)) notFound();
    throw error;
  }
  return (
    <AccountMessages namespaces={['accountComplaints', 'api.errors', 'complaintCategories']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <ComplaintForm order={order} />
      </section>
    </AccountMessages>
  );
}
