import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContainerDetailView } from '@/components/account/inventory/container-detail-view';
import { ReorderButton } from '@/components/account/inventory/reorder-button';
import { idSchema } from '@/contracts/numbers';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { businessToday } from '@/server/business-time';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { listLocations } from '@/server/modules/inventory/locations';
import { inventoryChoices, readContainer } from '@/server/modules/inventory/queries';
import { editableLists } from '@/server/modules/inventory-alerts/reorder';
import { inventoryUserOf } from '../_lib/inventory-user';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventory');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** /account/inventory/<id> — one container of the company with its ledger and actions; another company's is not found. */
export default async function ContainerPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['INVENTORY.VIEW'] });
  const id = idSchema.safeParse(raw);
  if (!id.success) notFound();
  const user = inventoryUserOf(actor);
  const db = await getDb();
  let detail;
  try {
    detail = await readContainer(db, user, id.data, messagesFor(locale as Locale));
  } catch (error) {
    if (error instanceof AppError && error.code === 404) notFound();
    throw error;
  }
  const [locations, choices, lists] = await Promise.all([listLocations(db, user), inventoryChoices(db, user), editableLists(db, actor)]);
  const reorder = actor.permissions.includes('SALE.CREATE');
  return (
    <AccountMessages namespaces={['dataState', 'inventory', 'inventoryIo.export', 'inventoryReorder']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <ContainerDetailView initial={detail} locations={locations} choices={choices} today={businessToday()}
          reorder={reorder ? <ReorderButton containerId={id.data} lists={lists} /> : undefined} />
      </section>
    </AccountMessages>
  );
}
