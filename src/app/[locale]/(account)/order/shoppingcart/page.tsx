import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CartView } from '@/components/account/cart/cart-view';
import { QuickOrder } from '@/components/account/orders/quick-order';
import { AddToListButton } from '@/components/account/lists/add-to-list-button';
import { Link } from '@/i18n/navigation';
import { hasPermission } from '@/server/auth/actor';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { getCart } from '@/server/modules/cart/service';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cartPage');
  return { title: t('title'), robots: { index: false } };
}

/** /order/shoppingcart — the signed-in customer's cart, priced on the server (account menu item 2). */
export default async function ShoppingCartPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage();
  const cart = await getCart(await getDb(), { companyId: actor.companyId, userId: actor.userId }, messagesFor(locale as Locale));
  const t = await getTranslations('cartPage');
  const to = await getTranslations('orderPages');
  const canOrder = hasPermission(actor, 'SALE.CREATE');
  return (
    <AccountMessages namespaces={['accountQuotations', 'availability', 'cartPage', 'catalog.hazard', 'catalog.own', 'listsIsland', 'orderPages']}>
      <div className="flex min-w-0 flex-col gap-4">
        <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
          <h1 className="mb-4 text-lg font-semibold">{t('title')}</h1>
          <CartView initial={cart} />
          {cart.count > 0 && (
            <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
              <AddToListButton where="cart" signedIn />
              {canOrder ? (
                <Link href="/order/checkout?default=2" className="rounded-md bg-brand-500 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-600" data-testid="cart-checkout">
                  {to('checkout')}
                </Link>
              ) : (
                <p className="text-sm text-muted" data-testid="cart-no-order-permission">{to('noOrderPermission')}</p>
              )}
            </div>
          )}
        </section>
        <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
          <h2 className="mb-3 text-base font-semibold">{to('quickTitle')}</h2>
          <QuickOrder />
        </section>
      </div>
    </AccountMessages>
  );
}
