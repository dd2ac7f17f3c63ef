import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RichText } from '@/components/content/rich-text';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { countryName } from '@/lib/country';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listPublishedPartners } from '@/server/modules/partners/storefront';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { AboutFrame } from '../../../_lib/about-frame';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'about' });
  return pageMetadata({ locale, path: '/about/index/partners', title: t('partners'), description: t('partnersDescription') });
}

/** Partners: the introduction and the published partners in the order staff gave them (ADR 0042). */
export default async function PartnersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const [t, block, partners] = await Promise.all([getTranslations('about'), getSiteBlock(db, { key: 'partners', lang }), listPublishedPartners(db, { lang })]);
  return (
    <AboutFrame active="partners" title={block?.title || t('partners')}>
      {block && <RichText html={block.content} className="mb-6" />}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="partners">
        {partners.map((p) => {
          const card = (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              {p.logoUrl ? <img src={p.logoUrl} alt={p.name} className="mb-2 h-12 max-w-[180px] object-contain object-left" loading="lazy" />
                : <span className="text-lg font-semibold text-brand-700" data-testid="partner-name">{p.name}</span>}
              {p.logoUrl && <span className="text-sm font-medium">{p.name}</span>}
              {p.country && <span className="text-xs text-muted">{countryName(p.country, locale)}</span>}
              <span className="mt-2 line-clamp-3 text-sm text-muted">{p.description}</span>
            </>
          );
          const box = 'flex h-full flex-col rounded-lg border border-line bg-white p-4';
          return (
            <li key={p.id}>
              {p.brandId !== null ? (
                <Link href={{ pathname: '/brand/detail', query: { id: String(p.brandId) } }} className={`${box} hover:border-brand-500`}>{card}</Link>
              ) : p.link ? (
                <a href={p.link} target="_blank" rel="noopener noreferrer nofollow" className={`${box} hover:border-brand-500`}>{card}</a>
              ) : (
                <div className={box}>{card}</div>
              )}
            </li>
          );
        })}
      </ul>
    </AboutFrame>
  );
}
