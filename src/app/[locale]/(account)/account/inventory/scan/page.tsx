import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ScanView } from '@/components/account/inventory-io/scan-view';
import { requireUserPage } from '@/server/auth/page-guards';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventoryIo.scan');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /account/inventory/scan — read a container's label with the camera, or type its code (ADR 0090). The one
 * page whose answers allow this origin's camera (Permissions-Policy, scripts/lib/security-headers.mjs).
 */
export default async function InventoryScanPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireUserPage({ permissions: ['INVENTORY.VIEW'] });
  const t = await getTranslations('inventoryIo.scan');
  return (
    <AccountMessages namespaces={['inventoryIo.scan']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted">{t('intro')}</p>
        <ScanView />
      </section>
    </AccountMessages>
  );
}
