import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ImportView } from '@/components/account/inventory-io/import-view';
import { requireUserPage } from '@/server/auth/page-guards';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventoryIo.importPage');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** /account/inventory/import — a lab's existing stock from an Excel or CSV file (ADR 0090; INVENTORY.EDIT). */
export default async function InventoryImportPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireUserPage({ permissions: ['INVENTORY.EDIT'] });
  const t = await getTranslations('inventoryIo.importPage');
  return (
    <AccountMessages namespaces={['inventoryIo.importPage']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted">{t('intro')}</p>
        <ImportView />
      </section>
    </AccountMessages>
  );
}
