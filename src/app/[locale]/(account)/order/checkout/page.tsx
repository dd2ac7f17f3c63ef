import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutForm } from '@/components/account/orders/checkout-form';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { getCart } from '@/server/modules/cart/service';
import { getOrderCompany } from '@/server/modules/orders/company';
import { checkoutSummary } from '@/server/modules/orders/totals';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orderPages');
  return { title: t('checkoutTitle'), robots: { index: false } };
}

/** /order/checkout — delivery, references and invoice for an order from the cart (SALE.CREATE). */
export default async function CheckoutPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['SALE.CREATE'] });
  const db = await getDb();
  const [cart, company] = await Promise.all([
    getCart(db, { companyId: actor.companyId, userId: actor.userId }, messagesFor(locale as Locale)),
    getOrderCompany(db, actor.companyId),
  ]);
  const t = await getTranslations('orderPages');
  const summary = cart.count === 0 ? null : await checkoutSummary(db, cart);
  return (
    <AccountMessages namespaces={['catalog.own', 'orderPages', 'orders.invoice']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-4 text-lg font-semibold">{t('checkoutTitle')}</h1>
        {summary === null ? (
          <p className="text-muted" data-testid="checkout-empty">
            {t('checkoutEmpty')} <Link href="/order/shoppingcart?default=2" className="text-brand-600 hover:underline">{t('backToCartLink')}</Link>
          </p>
        ) : (
          <CheckoutForm company={company} summary={summary} />
        )}
      </section>
    </AccountMessages>
  );
}
