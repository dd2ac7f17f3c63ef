import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { QuotationDetailView, QuotationListView } from '@/components/account/quotations/quotation-views';
import { idSchema } from '@/contracts/numbers';
import { quotationListInputSchema } from '@/contracts/quotations';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { getOrderCompany } from '@/server/modules/orders/company';
import { expireDueQuotations, getMyQuotation, listMyQuotations } from '@/server/modules/quotations/customer';
import { orderActorOf } from '../../order/_lib/order-actor';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accountQuotations');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /account/quotations — the account's quotations (the company's with ORDER.APPROVE); `?id=` one of them
 * with its sent versions and the answer (SALE.VIEW; accepting needs SALE.CREATE).
 */
export default async function QuotationsPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ id?: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['SALE.VIEW'] });
  const db = await getDb();
  await expireDueQuotations(db);
  const t = await getTranslations('accountQuotations');
  const raw = (await searchParams).id;
  if (raw !== undefined) {
    const id = idSchema.safeParse(raw);
    if (!id.success) notFound();
    let q;
    try {
      q = await getMyQuotation(db, orderActorOf(actor), id.data);
    } catch (error) {
      if (error instanceof AppError && error.code === 404) notFound();
      throw error;
    }
    return (
      <AccountMessages namespaces={['accountQuotations', 'orderPages']}>
        <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
          <QuotationDetailView q={q} company={await getOrderCompany(db, actor.companyId)} lang={locale === 'en' ? 'en' : 'zh'} canAccept={actor.permissions.includes('SALE.CREATE')} />
        </section>
      </AccountMessages>
    );
  }
  const page = await listMyQuotations(db, orderActorOf(actor), quotationListInputSchema.parse({ limit: 50 }));
  return (
    <AccountMessages namespaces={['accountQuotations', 'orderPages']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted">{t('intro')}</p>
        <QuotationListView items={page.items} />
      </section>
    </AccountMessages>
  );
}
