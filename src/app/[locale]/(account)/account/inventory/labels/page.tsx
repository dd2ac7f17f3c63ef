import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { labelIdsSchema } from '@/contracts/inventory-io';
import { LabelSheet } from '@/components/account/inventory-io/label-sheet';
import { Link } from '@/i18n/navigation';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { loadLabels } from '@/server/modules/inventory-io/labels';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventoryIo.labels');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /account/inventory/labels?ids=1,2&layout=sheet|single — printable labels of containers (ADR 0090): the QR code
 * (made on the server) of each container's page with its code under it, names in both languages, CAS, lot,
 * amount, days, place and marks; A4 sheets of 24 or one label per page for a label printer.
 */
export default async function InventoryLabelsPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ ids?: string | string[]; layout?: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['INVENTORY.VIEW'] });
  const query = await searchParams;
  const t = await getTranslations('inventoryIo.labels');
  const ids = labelIdsSchema.safeParse(query.ids ?? []);
  const layout = query.layout === 'single' ? 'single' : 'sheet';
  if (!ids.success) {
    return (
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-2 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted" data-testid="labels-empty">{t('none')}</p>
        <Link href="/account/inventory" className="text-sm text-brand-600 hover:underline">{t('back')}</Link>
      </section>
    );
  }
  let labels;
  try {
    labels = await loadLabels(await getDb(), { companyId: actor.companyId, ids: ids.data });
  } catch (error) {
    if (error instanceof AppError && error.code === 404) notFound();
    throw error;
  }
  return <LabelSheet labels={labels} layout={layout} english={locale === 'en'} />;
}
