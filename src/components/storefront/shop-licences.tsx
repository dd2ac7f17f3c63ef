import { getLocale, getTranslations } from 'next-intl/server';
import type { ShopLicences } from '@/contracts/site-settings';
import { labelColon } from '@/lib/label-colon';
import { ICP_FILING_SITE, shownLicences } from '@/lib/shop-licences';

/**
 * The about page's "licences and filings" (电子商务法 §15): the ICP filing number linked to the MIIT filing site,
 * and each licence's number and scan. Only what is set is shown; with nothing set, nothing at all.
 */
export async function ShopLicencesSection({ licences }: { licences: ShopLicences }) {
  const items = shownLicences(licences);
  if (licences.icpNumber === null && items.length === 0) return null;
  const t = await getTranslations('licences');
  const colon = labelColon(await getLocale());
  return (
    <section className="mt-6 rounded-lg border border-line bg-white p-4 sm:p-6" aria-labelledby="licences-heading" data-testid="about-licences">
      <h2 id="licences-heading" className="mb-3 text-lg font-semibold">{t('heading')}</h2>
      <dl className="space-y-4">
        {licences.icpNumber && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{t('icpNumber')}{colon}</dt>
            <dd><a href={ICP_FILING_SITE} target="_blank" rel="noopener noreferrer" className="text-brand-600 hover:underline" data-testid="about-icp">{licences.icpNumber}</a></dd>
          </div>
        )}
        {items.map((l) => (
          <div key={l.kind} className="flex flex-wrap gap-x-2" data-testid={`about-${l.kind}`}>
            <dt className="text-muted">{t(l.kind)}{l.number ? colon : ''}</dt>
            {l.number && <dd className="break-all">{l.number}</dd>}
            {l.scanUrl && (
              <dd className="mt-2 basis-full">
                <a href={l.scanUrl} target="_blank" rel="noopener noreferrer" className="inline-block rounded border border-line p-1 hover:border-brand-600" aria-label={t('openScan', { name: t(l.kind) })}>
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={l.scanUrl} alt={t('scanAlt', { name: t(l.kind) })} loading="lazy" className="max-h-64 w-auto max-w-full object-contain" />
                </a>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
