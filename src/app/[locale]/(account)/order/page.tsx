import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { orderListSchema } from '@/contracts/orders';
import { OrderListView, type OrderFilters } from '@/components/account/orders/order-list-view';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { canApproveOrders } from '@/server/modules/orders/access';
import { countAwaitingApproval, countOrders, listOrders } from '@/server/modules/orders/queries';
import { orderActorOf } from './_lib/order-actor';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orderPages');
  return { title: t('listTitle'), robots: { index: false } };
}

type Search = Record<string, string | string[] | undefined>;

/**
 * The list's filters from the URL; a value that does not parse is dropped rather than failing the page.
 * Without a scope in the URL, an approver with orders waiting for them lands on those (`approvals`).
 */
function filtersOf(search: Search, canApprove: boolean, toApprove: number): OrderFilters {
  const one = (k: string) => (typeof search[k] === 'string' ? (search[k] as string) : undefined);
  const raw = { scope: one('scope'), status: one('status'), q: one('q'), from: one('from'), to: one('to'), cursor: one('cursor') };
  const out: OrderFilters = { scope: toApprove > 0 ? 'approvals' : 'mine' };
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '') continue;
    const parsed = orderListSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(out, { [key]: (parsed.data as Record<string, unknown>)[key] });
  }
  if (out.scope === 'company' && !canApprove) out.scope = 'mine';
  return out;
}

/** /order — order management (account menu item 1, needs SALE.VIEW). */
export default async function OrdersPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Search> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['SALE.VIEW'] });
  const orderActor = orderActorOf(actor);
  const canApprove = canApproveOrders(orderActor);
  const db = await getDb();
  const filters = filtersOf(await searchParams, canApprove, await countAwaitingApproval(db, orderActor));
  const t = await getTranslations('orderPages');
  let page;
  try {
    page = await listOrders(db, orderActor, { ...filters, limit: 20 });
  } catch (error) {
    // A stale or foreign cursor: the first page instead.
    if (!(error instanceof AppError)) throw error;
    filters.cursor = undefined;
    page = await listOrders(db, orderActor, { ...filters, limit: 20 });
  }
  const counts = await countOrders(db, orderActor, filters.scope === 'company' ? 'company' : 'mine');
  return (
    <AccountMessages namespaces={['orderPages', 'orders.status']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-4 text-lg font-semibold">{t('listTitle')}</h1>
        <OrderListView page={page} counts={counts} filters={filters} canApprove={canApprove} />
      </section>
    </AccountMessages>
  );
}
