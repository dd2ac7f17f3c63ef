import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LocationsView } from '@/components/account/inventory/locations-view';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listLocations } from '@/server/modules/inventory/locations';
import { mayInventory } from '@/server/modules/inventory/rules';
import { inventoryUserOf } from '../_lib/inventory-user';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventory');
  return { title: t('locationsTitle'), robots: { index: false } };
}

/** /account/inventory/locations — the company's buildings, rooms and cabinets (INVENTORY.VIEW; changes with INVENTORY.EDIT). */
export default async function LocationsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['INVENTORY.VIEW'] });
  const user = inventoryUserOf(actor);
  const list = await listLocations(await getDb(), user);
  const t = await getTranslations('inventory');
  return (
    <AccountMessages namespaces={['dataState', 'inventory']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('locationsTitle')}</h1>
        <p className="mb-4 text-sm text-muted">{t('locationsIntro')}</p>
        <LocationsView initial={{ list }} canEdit={mayInventory(user, 'edit')} />
      </section>
    </AccountMessages>
  );
}
