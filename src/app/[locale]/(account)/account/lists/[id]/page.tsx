import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ListDetailView } from '@/components/account/lists/list-detail-view';
import { idSchema } from '@/contracts/numbers';
import { messagesFor, type Locale } from '@/i18n/routing';
import { requireUserPage } from '@/server/auth/page-guards';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { readList } from '@/server/modules/requisition-lists/lines';
import { AccountMessages } from '@/i18n/client-messages-provider';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('lists');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** /account/lists/<id> — one requisition list the buyer sees (their own, or shared with the company); others are not found. */
export default async function ListPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const actor = await requireUserPage();
  const id = idSchema.safeParse(raw);
  if (!id.success) notFound();
  let detail;
  try {
    detail = await readList(await getDb(), { userId: actor.userId, companyId: actor.companyId, permissions: actor.permissions }, { id: id.data, page: 1, pageSize: 20 }, messagesFor(locale as Locale));
  } catch (error) {
    if (error instanceof AppError && error.code === 404) notFound();
    throw error;
  }
  return (
    <AccountMessages namespaces={['dataState', 'lists']}>
      <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
        <ListDetailView initial={detail} />
      </section>
    </AccountMessages>
  );
}
