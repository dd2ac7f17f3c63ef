import { getTranslations } from 'next-intl/server';
import type { SiteContact } from '@/contracts/settings';
import { Link } from '@/i18n/navigation';
import { FOOTER_NAV_KEYS, NAV_ITEMS } from './nav-items';

/** Footer contact details from web settings (spec §1, §3 "Footer data"). */
export async function SiteFooter({ contact }: { contact: SiteContact }) {
  const t = await getTranslations('footer');
  const tn = await getTranslations('nav');
  return (
    <footer className="mt-12 bg-gray-900 text-sm text-gray-300" data-testid="site-footer">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-3 text-base font-semibold text-white">{t('contact')}</h2>
          <dl className="space-y-1">
            {contact.address && (<div><dt className="inline text-gray-400">{t('address')}：</dt><dd className="inline">{contact.address}</dd></div>)}
            {contact.hotlines.map((h) => (<div key={h}><dt className="inline text-gray-400">{t('hotline')}：</dt><dd className="inline"><a href={`tel:${h}`}>{h}</a></dd></div>))}
            {contact.salesEmail && (<div><dt className="inline text-gray-400">{t('email')}：</dt><dd className="inline"><a href={`mailto:${contact.salesEmail}`}>{contact.salesEmail}</a></dd></div>)}
            {contact.workingHours && (<div><dt className="inline text-gray-400">{t('hours')}：</dt><dd className="inline">{contact.workingHours}</dd></div>)}
            {contact.chatContact && (<div><dt className="inline text-gray-400">{t('chat')}：</dt><dd className="inline">{contact.chatContact}</dd></div>)}
          </dl>
        </section>
        <section>
          <h2 className="mb-3 text-base font-semibold text-white">{t('links')}</h2>
          <ul className="grid grid-cols-2 gap-1">
            {NAV_ITEMS.filter((item) => (FOOTER_NAV_KEYS as readonly string[]).includes(item.key)).map((item) => (
              <li key={item.key}>
                <Link href={item.href} className="hover:text-white">{tn(item.key)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="lg:col-span-2">
          <p className="text-2xl font-semibold text-white">{t('catalogueClaim')}</p>
          <p className="mt-1">{t('catalogueClaimDetail')}</p>
          {contact.englishSite && (
            <p className="mt-3"><span className="text-gray-400">{t('englishSite')}：</span>{contact.englishSite}</p>
          )}
          <p className="mt-3"><a href="/api/docs" className="hover:text-white">{t('apiDocs')}</a></p>
        </section>
      </div>
      <div className="border-t border-gray-800 py-4 text-center text-xs text-gray-500">{t('copyright', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
