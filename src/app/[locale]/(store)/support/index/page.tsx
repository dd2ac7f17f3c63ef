import type { Metadata } from 'next';
import { ChevronDown, ClipboardList, CreditCard, FlaskConical, LifeBuoy, RotateCcw, TriangleAlert, Truck, type LucideIcon } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageTitle } from '@/components/content/page-title';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listContentTypes } from '@/server/modules/content/categories';
import { listQa } from '@/server/modules/content/items';

/** One icon per support type, in the types' own order (ordering, payment, shipping, returns, technical, hazardous goods). */
const TYPE_ICONS: readonly LucideIcon[] = [ClipboardList, CreditCard, Truck, RotateCcw, FlaskConical, TriangleAlert];

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const [t, tn] = [await getTranslations({ locale, namespace: 'content' }), await getTranslations({ locale, namespace: 'nav' })];
  return pageMetadata({ locale, path: '/support/index', title: tn('support'), description: t('supportDescription') });
}

/** Technical support home: the support types (first page of 6) and frequent questions. */
export default async function SupportIndexPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const [t, tn, types, qa] = await Promise.all([
    getTranslations('content'), getTranslations('nav'),
    listContentTypes(db, { kind: 'support', lang, limit: 6, offset: 1 }),
    listQa(db, { limit: 8, lang }),
  ]);
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('support') }]} title={tn('support')} />
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="support-types">
        {types.map((ty, i) => {
          const Icon = TYPE_ICONS[i] ?? LifeBuoy;
          return (
          <li key={ty.id}>
            <Link href={{ pathname: '/support/list', query: { id: String(ty.id) } }} className="flex h-full items-center gap-3 rounded-lg border border-line bg-white p-5 hover:border-brand-500">
              <Icon aria-hidden className="shrink-0 text-brand-500" size={28} />
              <span>
                <span className="block font-semibold">{ty.type}</span>
                <span className="text-sm text-muted">{t('articleCount', { count: ty.count })}</span>
              </span>
            </Link>
          </li>
          );
        })}
      </ul>
      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="mb-4 text-lg font-semibold">{t('faq')}</h2>
        <div className="divide-y divide-line rounded-lg border border-line bg-white" data-testid="faq">
          {qa.map((q) => (
            <details key={q.id} className="group p-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium marker:hidden group-open:text-brand-700 [&::-webkit-details-marker]:hidden">
                {q.question}
                <ChevronDown aria-hidden size={16} className="shrink-0 text-muted transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-2 text-sm text-gray-600">{q.answer}</p>
              <Link href={{ pathname: '/support/detail', query: { id: String(q.id) } }} className="mt-2 inline-block text-sm text-brand-600 hover:underline">{t('readMore')}</Link>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
