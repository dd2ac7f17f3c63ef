import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RichText } from '@/components/content/rich-text';
import { messagesFor, type Locale } from '@/i18n/routing';
import { jsonLd, pageMetadata, siteUrl } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { getSiteContact } from '@/server/modules/site-settings/queries';
import { ShopLicencesSection } from '@/components/storefront/shop-licences';
import { AboutFrame } from '../../../_lib/about-frame';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'about' });
  return pageMetadata({ locale, path: '/about/index/about', title: t('about'), description: t('description') });
}

export default async function AboutPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const db = await getDb();
  const [t, tm, block, contact] = await Promise.all([
    getTranslations('about'), getTranslations('meta'),
    getSiteBlock(db, { key: 'about', lang: messagesFor(locale as Locale) }), getSiteContact(db),
  ]);
  const org = {
    '@context': 'https://schema.org', '@type': 'Organization', name: tm('siteName'), url: siteUrl(),
    email: contact.salesEmail ?? undefined, telephone: contact.hotlines[0],
    address: contact.address ?? undefined,
  };
  return (
    <AboutFrame active="about" title={block?.title || t('about')}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(org) }} />
      <div className="rounded-lg border border-line bg-white p-6">
        {block ? <RichText html={block.content} /> : <p className="text-muted">{t('empty')}</p>}
      </div>
      <ShopLicencesSection licences={contact.licences} />
    </AboutFrame>
  );
}
