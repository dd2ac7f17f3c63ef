import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageTitle } from '@/components/content/page-title';
import { SubscriptionConfirm } from '@/components/storefront/subscription-confirm';
import { ClientMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'subscriptionConfirm' });
  // A personal link: never indexed.
  return { title: t('title'), description: t('metaDescription'), robots: { index: false, follow: false } };
}

/**
 * The link of the subscription mail. Confirming takes a click (a POST), so that mail scanners
 * that open links do not subscribe anyone.
 */
export default async function SubscriptionConfirmPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tn, query] = await Promise.all([getTranslations('subscriptionConfirm'), getTranslations('nav'), searchParams]);
  const token = typeof query.token === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(query.token) ? query.token : null;
  return (
    <div className="container-page max-w-2xl py-10">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: t('title') }]} title={t('title')} />
      <ClientMessages namespaces={['subscriptionConfirm']}><SubscriptionConfirm token={token} /></ClientMessages>
    </div>
  );
}
