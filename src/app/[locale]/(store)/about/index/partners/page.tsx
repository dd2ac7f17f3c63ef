import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RichText } from '@/components/content/rich-text';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { countryName } from '@/lib/country';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listPartnerBrands } from '@/server/modules/content/brands';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { AboutFrame } from '../../../_lib/about-frame';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'about' });
  return pageMetadata({ locale, path: '/about/index/partners', title: t('partners'), description: t('partnersDescription') });
}

/** Partners: the introduction and the authorised brands. */
export default async function PartnersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const [t, block, partners] = await Promise.all([getTranslations('about'), getSiteBlock(db, { key: 'partners', lang }), listPartnerBrands(db, { lang })]);
  return (
    <AboutFrame active="partners" title={block?.title || t('partners')}>
      {block && <RichText html={block.content} className="mb-6" />}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="partners">
        {partners.map((p) => (
          <li key={p.id}>
            <Link href={{ pathname: '/brand/detail', query: { id: String(p.id) } }} className="flex h-full flex-col rounded-lg border border-line bg-white p-4 hover:border-brand-500">
              <span className="text-lg font-semibold text-brand-700">{p.logoText || p.name}</span>
              <span className="text-sm">{p.name} <span className="text-xs text-muted">{countryName(p.country, locale)}</span></span>
              <span className="mt-2 line-clamp-3 text-sm text-muted">{p.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AboutFrame>
  );
}
