import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { idSchema } from '@/contracts/numbers';
import { OrderDetailView } from '@/components/account/orders/order-detail-view';
import { OrderInvoices } from '@/components/account/orders/order-invoices';
import { AddToListButton } from '@/components/account/lists/add-to-list-button';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { listMyInvoices } from '@/server/modules/invoices/queries';
import { getOrderDetail } from '@/server/modules/orders/queries';
import { myShipments } from '@/server/modules/orders/shipments';
import { orderActorOf } from '../_lib/order-actor';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orderPages');
  return { title: t('detailMetaTitle'), robots: { index: false } };
}

/** /order/detail?id= — one order with its lines, totals, approval timeline, actions and invoices (SALE.VIEW). */
export default async function OrderDetailPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ id?: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['SALE.VIEW'] });
  const id = idSchema.safeParse((await searchParams).id);
  if (!id.success) notFound();
  let order;
  let invoices;
  const db = await getDb();
  try {
    order = await getOrderDetail(db, orderActorOf(actor), id.data, messagesFor(locale as Locale));
    invoices = order.status === 'placed' || order.status === 'cancelled' ? await listMyInvoices(db, orderActorOf(actor), id.data) : [];
  } catch (error) {
    if (error instanceof AppError && error.code === 404) notFound();
    throw error;
  }
  // A placed order's shipments and fulfilment (ADR 0074), in the same scope as the order.
  const shipments = order.status === 'placed' ? await myShipments(db, orderActorOf(actor), order.id, messagesFor(locale as Locale)) : null;
  return (
    <AccountMessages namespaces={['accountComplaints', 'availability', 'catalog.own', 'listsIsland', 'orderPages', 'orders']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <OrderDetailView order={order} shipments={shipments} />
        <div className="mt-4 flex justify-end"><AddToListButton where="order" orderId={order.id} signedIn /></div>
        <OrderInvoices invoices={invoices} requested={order.status === 'placed' ? order.invoiceType : 'none'} />
      </section>
    </AccountMessages>
  );
}
