import type { Metadata } from 'next';
import { BookOpen, FileCheck2, FileSearch, FlaskConical, ShieldAlert } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listContentTypes } from '@/server/modules/content/categories';
import { CoaLookupForm } from '../../_lib/coa-lookup-form';
import { ResourcesFrame } from '../../_lib/resources-frame';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const [t, tn] = [await getTranslations({ locale, namespace: 'resources' }), await getTranslations({ locale, namespace: 'nav' })];
  return pageMetadata({ locale, path: '/resources/index', title: tn('resources'), description: t('description') });
}

/** Resources home: the resource types (the first, handbooks, is the entry point) and the document look-ups. */
export default async function ResourcesIndexPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tn, types] = await Promise.all([
    getTranslations('resources'), getTranslations('nav'),
    listContentTypes(await getDb(), { kind: 'resource', lang: messagesFor(locale as Locale) }),
  ]);
  const [handbooks] = types;
  const tiles = [
    ...(handbooks ? [{ href: { pathname: '/resources/index/detail', query: { type: String(handbooks.id) } }, icon: BookOpen, title: handbooks.type, text: t('handbooksText'), testId: 'tile-handbooks' }] : []),
    { href: '/resources/index/coa', icon: FileSearch, title: t('coa'), text: t('coaText'), testId: 'tile-coa' },
    { href: '/resources/index/coas', icon: FileCheck2, title: t('coas'), text: t('coasText'), testId: 'tile-coas' },
    { href: '/resources/index/msds', icon: ShieldAlert, title: t('msds'), text: t('msdsText'), testId: 'tile-msds' },
    { href: '/resources/index/protocols', icon: FlaskConical, title: t('protocols'), text: t('protocolsText'), testId: 'tile-protocols' },
  ];
  return (
    <ResourcesFrame locale={locale} active={null} title={tn('resources')}>
      <p className="mb-4 text-sm text-gray-600">{t('description')}</p>
      <section aria-labelledby="coa-lookup">
        <h2 id="coa-lookup" className="mb-2 text-lg font-semibold">{t('coa')}</h2>
        <p className="mb-3 text-sm text-muted">{t('coaText')}</p>
        <CoaLookupForm locale={locale} />
      </section>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {tiles.map(({ href, icon: Icon, title, text, testId }) => (
          <li key={testId}>
            <Link href={href} className="flex h-full gap-3 rounded-lg border border-line bg-white p-5 hover:border-brand-500" data-testid={testId}>
              <Icon aria-hidden className="shrink-0 text-brand-500" size={28} />
              <span><span className="block font-semibold">{title}</span><span className="mt-1 block text-sm text-muted">{text}</span></span>
            </Link>
          </li>
        ))}
      </ul>
    </ResourcesFrame>
  );
}
