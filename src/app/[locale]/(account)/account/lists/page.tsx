import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ListsIndexView } from '@/components/account/lists/lists-index-view';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { listLists } from '@/server/modules/requisition-lists/lists';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('lists');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** /account/lists — the buyer's requisition lists and the company's shared ones (ADR 0085; any signed-in customer). */
export default async function ListsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage();
  const items = await listLists(await getDb(), { userId: actor.userId, companyId: actor.companyId, permissions: actor.permissions });
  const t = await getTranslations('lists');
  return (
    <AccountMessages namespaces={['dataState', 'lists']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-4 text-sm text-muted">{t('intro')}</p>
        <ListsIndexView initial={{ items }} />
      </section>
    </AccountMessages>
  );
}
