import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MinimumsView } from '@/components/account/inventory/minimums-view';
import type { Lang } from '@/lib/lang';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listMinimums, minimumCandidates } from '@/server/modules/inventory-alerts/minimums';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inventoryMinimums');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** /account/inventory/minimums — minimum stock per substance against the in-use stock, and its editor (ADR 0091). */
export default async function MinimumsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage({ permissions: ['INVENTORY.VIEW'] });
  const user = { userId: actor.userId, companyId: actor.companyId, permissions: actor.permissions };
  const lang: Lang = locale === 'en' ? 'en' : 'zh';
  const db = await getDb();
  const [initial, candidates] = await Promise.all([listMinimums(db, user, { page: 1, pageSize: 20, below: false }, lang), minimumCandidates(db, actor.companyId, lang)]);
  const t = await getTranslations('inventoryMinimums');
  return (
    <AccountMessages namespaces={['inventoryMinimums']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted">{t('intro')}</p>
        <MinimumsView initial={initial} candidates={candidates} />
      </section>
    </AccountMessages>
  );
}
