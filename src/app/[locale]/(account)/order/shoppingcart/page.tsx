import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CartView } from '@/components/account/cart-view';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { getCart } from '@/server/modules/cart/service';

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
  return (
    <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
      <h1 className="mb-4 text-lg font-semibold">{t('title')}</h1>
      <CartView initial={cart} />
    </section>
  );
}
