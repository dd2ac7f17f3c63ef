import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageTitle } from '@/components/content/page-title';
import { RichText } from '@/components/content/rich-text';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { getSiteBlock } from '@/server/modules/content/site-blocks';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'privacy' });
  return pageMetadata({ locale, path: '/privacy', title: t('title'), description: t('description') });
}

/**
 * `/privacy`: the shop's privacy policy (个人信息保护法), the `privacy` site block that staff keep beside the about
 * page in the back-office; until one is written the page says so and points to the contact page.
 */
export default async function PrivacyPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, tn, block] = await Promise.all([
    getTranslations('privacy'), getTranslations('nav'),
    getDb().then((db) => getSiteBlock(db, { key: 'privacy', lang: messagesFor(locale as Locale) })),
  ]);
  const title = block?.title || t('title');
  const written = block !== null && block.content.trim() !== '';
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: title }]} title={title} />
      <article className="rounded-lg border border-line bg-white p-4 sm:p-6" data-testid="privacy-policy">
        {written ? <RichText html={block.content} /> : (
          <div data-testid="privacy-empty">
            <p className="text-muted">{t('empty')}</p>
            <p className="mt-2"><Link href="/contact/contact" className="text-brand-600 hover:underline">{t('askUs')}</Link></p>
          </div>
        )}
      </article>
    </div>
  );
}
