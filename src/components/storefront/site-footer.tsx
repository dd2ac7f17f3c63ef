import { Globe, MessageCircle, Users } from '@/components/ui/icons';
import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { RichText } from '@/components/content/rich-text';
import type { SiteContact } from '@/contracts/site-settings';
import { Link } from '@/i18n/navigation';
import { businessDayOf } from '@/lib/business-day';
import { labelColon } from '@/lib/label-colon';
import { isLinkUrl, settingHref } from '@/lib/link-url';
import { catalogueClaim, englishLabel } from '@/lib/site-contact-text';
import { ICP_FILING_SITE, shownLicences } from '@/lib/shop-licences';
import { FOOTER_NAV_KEYS, NAV_ITEMS } from './nav-items';
import { QrCode } from './qr-code';
import { SubscribeForm } from './subscribe-form';
import { VisitorCount } from './visitor-count';

export interface FooterData {
  /** The footer content (sanitised HTML from the database). */
  html: string;
  /** Null when the site settings hide the visitor count. */
  visitors: number | null;
  qrCode: string | null;
}

/**
 * Footer (docs/requirements/storefront.md#footer): the footer content, the web-setting entries of types 1
 * (English site) and 4 (customer-service number) only, the chat link, the QR code drawn from
 * type 8, the visitor count and the catalogue-size claim; below, the privacy policy and what a Chinese shop
 * must show (the ICP filing number, the business and hazardous-chemicals licences with their scans), each only when set.
 */
export async function SiteFooter({ contact, footer }: { contact: SiteContact; footer: FooterData }) {
  const t = await getTranslations('footer');
  const tn = await getTranslations('nav');
  // Links that fail the link rule (a value saved before it) are left out.
  const englishHref = settingHref(contact.englishSite);
  const locale = await getLocale();
  const colon = labelColon(locale);
  const year = Number(businessDayOf(new Date(), await getTimeZone()).slice(0, 4));
  const chatHref = contact.chatLink && isLinkUrl(contact.chatLink) ? contact.chatLink : null;
  const { licences } = contact;
  const legal = shownLicences(licences);
  return (
    <footer className="mt-12 bg-gray-900 text-sm text-gray-300" data-testid="site-footer">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section className="min-w-0">
          <h2 className="mb-3 text-base font-semibold text-white">{t('contact')}</h2>
          <RichText html={footer.html} className="footer-text space-y-1 break-words" />
          <dl className="mt-3 space-y-1" data-testid="footer-settings">
            {englishHref && (
              <div className="flex items-center gap-1"><Globe aria-hidden size={14} /><dt className="text-gray-400">{t('englishSite')}{colon}</dt><dd><a href={englishHref} hrefLang="en" className="hover:text-white">{englishLabel(englishHref, t('englishLink'))}</a></dd></div>
            )}
            {contact.chatContact && (
              <div className="flex items-center gap-1"><MessageCircle aria-hidden size={14} /><dt className="text-gray-400">{t('chat')}{colon}</dt><dd>{contact.chatContact}</dd></div>
            )}
          </dl>
          {chatHref ? (
            <a href={chatHref} target="_blank" rel="noopener noreferrer" className="mt-3 inline-flex items-center gap-1 rounded-md border border-gray-600 px-3 py-1.5 text-white hover:border-white" data-testid="footer-chat">
              <MessageCircle aria-hidden size={15} />{t('chatOnline')}
            </a>
          ) : (
            // No chat provider configured (web setting 6): the contact page's service numbers instead.
            <Link href="/contact/contact#service" className="mt-3 inline-flex items-center gap-1 rounded-md border border-gray-600 px-3 py-1.5 text-white hover:border-white" data-testid="footer-chat">
              <MessageCircle aria-hidden size={15} />{t('contactService')}
            </Link>
          )}
        </section>
        <section>
          <h2 className="mb-3 text-base font-semibold text-white">{t('links')}</h2>
          <ul className="grid grid-cols-2 gap-x-2">
            {NAV_ITEMS.filter((item) => (FOOTER_NAV_KEYS as readonly string[]).includes(item.key)).map((item) => (
              <li key={item.key}>
                <Link href={item.href} className="inline-block py-1 hover:text-white">{tn(item.key)}</Link>
              </li>
            ))}
            <li><Link href="/contact/contact" className="inline-block py-1 hover:text-white">{tn('contact')}</Link></li>
            <li><a href="/api/docs" className="inline-block py-1 hover:text-white">{t('apiDocs')}</a></li>
          </ul>
        </section>
        <section className="min-w-0">
          <p className="text-2xl font-semibold text-white" data-testid="footer-catalogue-claim">{catalogueClaim(contact, locale) ?? t('catalogueClaim')}</p>
          <p className="mt-1">{t('catalogueClaimDetail')}</p>
          {footer.visitors !== null && <div className="mt-3 flex items-center gap-2 text-gray-400"><Users aria-hidden size={15} /><VisitorCount initial={footer.visitors} /></div>}
          <div className="mt-4"><SubscribeForm /></div>
        </section>
        <section className="flex flex-col items-start gap-2">
          {footer.qrCode && <QrCode src={footer.qrCode} label={t('qr')} dark />}
        </section>
      </div>
      <div className="border-t border-gray-800 py-4 text-xs text-gray-400">
        <div className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-center" data-testid="footer-legal">
          <span>{t('copyright', { year })}</span>
          <Link href="/privacy" className="inline-block py-1 hover:text-white" data-testid="footer-privacy">{t('privacy')}</Link>
          {/* What a Chinese shop must show (电子商务法 §15); each only when set. */}
          {licences.icpNumber && (
            <a href={ICP_FILING_SITE} target="_blank" rel="noopener noreferrer" className="inline-block py-1 hover:text-white" data-testid="footer-icp">{licences.icpNumber}</a>
          )}
          {legal.map((l) => (
            <span key={l.kind} data-testid={`footer-${l.kind}`}>
              {t(l.kind)}{l.number ? `${colon}${l.number}` : ''}
              {l.scanUrl && <>{' '}<a href={l.scanUrl} target="_blank" rel="noopener noreferrer" className="underline hover:text-white" aria-label={t('scanOf', { name: t(l.kind) })}>{t('scan')}</a></>}
            </span>
          ))}
        </div>
      </div>
    </footer>
  );
}
