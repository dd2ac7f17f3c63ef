import { useTimeZone, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ProductLotDto } from '@/contracts/lots';
import type { ProductPackDto } from '@/contracts/packs';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/lib/business-day';
import { expiringSoonWindow } from '@/lib/lot-state';
import { ExpiringSoon } from './expiring-soon';

/** A pack, with the lots in stock it offers on the product page (ADR 0032); list rows have none. */
export type PackWithLots = ProductPackDto & { lots?: ProductLotDto[] };

/**
 * The lots in stock of one pack, under its row: lot number, quantity, expiry (or retest) date, and
 * the COA download. Expired lots never reach here (the server leaves them out).
 */
export function PackLots({ pack, coaIcon, colSpan = 6 }: { pack: PackWithLots; coaIcon: ReactNode; /** The columns of the table it sits in. */ colSpan?: number }) {
  const t = useTranslations('productDetail');
  // The request's time zone is the business one (`BUSINESS_TIME_ZONE`, ADR 0066).
  const zone = useTimeZone() ?? DEFAULT_BUSINESS_TIME_ZONE;
  const lots = pack.lots ?? [];
  if (lots.length === 0) return null;
  return (
    <tr className="block bg-gray-50/60 md:table-row" style={{ borderTopWidth: 0 }} data-testid="pack-lots" data-pack-id={pack.id}>
      <td colSpan={colSpan} className="block px-4 pb-3 pt-1 md:table-cell md:pt-0">
        <p className="sr-only">{t('lotsFor', { size: pack.size })}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted" aria-label={t('lotsFor', { size: pack.size })}>
          {lots.map((lot) => (
            <li key={lot.lotNo} className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="pack-lot" data-lot={lot.lotNo}>
              <span className="text-ink">{t('lotNo')} <span className="font-mono">{lot.lotNo}</span></span>
              <span>{t('lotQuantity', { count: lot.quantity })}</span>
              {lot.expiresOn
                ? <span data-testid="lot-expiry">{t('lotExpires', { date: lot.expiresOn })}</span>
                : lot.retestOn ? <span data-testid="lot-expiry">{t('lotRetest', { date: lot.retestOn })}</span> : null}
              {lot.expiresOn && <ExpiringSoon {...expiringSoonWindow(lot.expiresOn, zone)} label={t('lotExpiringSoon')} />}
              {lot.coaUrl
                ? (
                  <a href={lot.coaUrl} className="inline-flex items-center gap-0.5 text-brand-600 hover:underline" aria-label={t('lotCoaFor', { lot: lot.lotNo })} data-testid="lot-coa">
                    {coaIcon}{t('lotCoa')}
                  </a>
                )
                : <span>{t('lotNoCoa')}</span>}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

