import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { InventoryListView, type InventoryFilters } from '@/components/account/inventory/inventory-list-view';
import { optionalIdSchema } from '@/contracts/numbers';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { businessToday } from '@/server/business-time';
import { getDb } from '@/server/db/client';
import { listLocations } from '@/server/modules/inventory/locations';
import { inventoryChoices, listContainers } from '@/server/modules/inventory/queries';
import { mayInventory } from '@/server/modules/inventory/rules';
import { inventoryUserOf } from './_lib/inventory-user';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventory');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** /account/inventory — the company's containers (ADR 0089; INVENTORY.VIEW), the first page rendered here. `?location=` opens it filtered to a place. */
export default async function InventoryPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ location?: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['INVENTORY.VIEW'] });
  const user = inventoryUserOf(actor);
  const location = optionalIdSchema.safeParse((await searchParams).location);
  const start: InventoryFilters = { key: '', state: 'in_use', sort: 'received', order: 'desc', limit: 20, offset: 1, ...(location.success && location.data ? { locationId: location.data } : {}) };
  const db = await getDb();
  const { key: _key, ...input } = start;
  const [initial, locations, choices] = await Promise.all([
    listContainers(db, user, input, messagesFor(locale as Locale)), listLocations(db, user), inventoryChoices(db, user),
  ]);
  const t = await getTranslations('inventory');
  const tm = await getTranslations('inventoryMinimums');
  return (
    <AccountMessages namespaces={['dataState', 'inventory', 'inventoryIo.export']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted">{t('intro')} <Link href="/account/inventory/minimums" className="text-brand-600 hover:underline" data-testid="inventory-minimums-link">{tm('title')}</Link></p>
        <InventoryListView initial={initial} start={start} locations={locations} choices={choices} today={businessToday()} canAdd={mayInventory(user, 'add')} />
      </section>
    </AccountMessages>
  );
}
