import type { Metadata } from 'next';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageTitle } from '@/components/content/page-title';
import { RichText } from '@/components/content/rich-text';
import { EnquiryForm } from '@/components/storefront/enquiry-form';
import { ClientMessages } from '@/i18n/client-messages-provider';
import { QrCode } from '@/components/storefront/qr-code';
import { SubscribeForm } from '@/components/storefront/subscribe-form';
import { messagesFor, type Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { qrSvgDataUrl } from '@/server/modules/site-settings/qr';
import { getSiteContact } from '@/server/modules/site-settings/queries';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const [t, tn] = [await getTranslations({ locale, namespace: 'contact' }), await getTranslations({ locale, namespace: 'nav' })];
  return pageMetadata({ locale, path: '/contact/contact', title: tn('contact'), description: t('description') });
}

/**
 * Contact: the editable contact text (address and hours, in both languages), hotlines, sales e-mail,
 * chat, the QR code, the enquiry form (ADR 0031) and the newsletter. Web settings 7 and 9 are single-language and not shown (docs/requirements/storefront.md#web-settings).
 */
export default async function ContactPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const db = await getDb();
  const [t, tn, contact, block] = await Promise.all([
    getTranslations('contact'), getTranslations('nav'), getSiteContact(db), getSiteBlock(db, { key: 'contact', lang: messagesFor(locale as Locale) }),
  ]);
  const qr = contact.qrCodeUrl ? await qrSvgDataUrl(contact.qrCodeUrl) : null;
  const row = 'flex gap-3 rounded-lg border border-line bg-white p-4';
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('contact') }]} title={block?.title || tn('contact')} />
      {block && <RichText html={block.content} className="mb-6" />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <ul id="service" className="grid scroll-mt-24 content-start gap-4 sm:grid-cols-2" data-testid="contact-details">
            {contact.hotlines.map((h, i) => (
              <li key={h} className={row}><Phone aria-hidden className="shrink-0 text-brand-500" /><span><span className="block text-sm text-muted">{i === 0 ? t('hotline') : t('techLine')}</span><a href={`tel:${h}`} className="font-semibold">{h}</a></span></li>
            ))}
            {contact.salesEmail && (
              <li className={row}><Mail aria-hidden className="shrink-0 text-brand-500" /><span className="min-w-0"><span className="block text-sm text-muted">{t('email')}</span><a href={`mailto:${contact.salesEmail}`} className="break-all font-semibold">{contact.salesEmail}</a></span></li>
            )}
            {contact.chatLink ? (
              <li className={row}><MessageCircle aria-hidden className="shrink-0 text-brand-500" /><span><span className="block text-sm text-muted">{t('chat')}</span><a href={contact.chatLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-600 hover:underline">{t('openChat')}</a>{contact.chatContact && <span className="block text-xs text-muted">{t('chatNumber', { number: contact.chatContact })}</span>}</span></li>
            ) : contact.chatContact && (
              <li className={row}><MessageCircle aria-hidden className="shrink-0 text-brand-500" /><span><span className="block text-sm text-muted">{t('chat')}</span><span className="font-semibold">{t('chatNumber', { number: contact.chatContact })}</span><span className="block text-xs text-muted">{t('chatHint')}</span></span></li>
            )}
          </ul>
          <ClientMessages namespaces={['contact.enquiry']}><EnquiryForm /></ClientMessages>
        </div>
        <aside className="space-y-6">
          {qr && <QrCode src={qr} label={t('qr')} />}
          <div className="rounded-lg border border-line bg-white p-4">
            <h2 className="mb-2 font-semibold">{t('newsletter')}</h2>
            <SubscribeForm tone="light" />
          </div>
        </aside>
      </div>
    </div>
  );
}
