'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Fragment, useState, type ReactNode } from 'react';
import type { ProductLotDto } from '@/contracts/lots';
import { lotState } from '@/lib/lot-state';
import type { ProductPackDto } from '@/contracts/packs';
import { openLoginDialog, showToast } from '@/lib/ui-events';
import { useHydrated } from '@/lib/use-hydrated';

const MAX_QUANTITY = 9999;

function clampQuantity(text: string): number {
  const n = Math.floor(Number(text));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(MAX_QUANTITY, n);
}

/**
 * Pack sizes with price, stock or lead time, a quantity and add-to-cart each. Guests get the login
 * dialog; signed-in customers add through the cart API, and the page refreshes so the header's
 * count follows. On phones each pack is a card; on wider screens a table. `compact` (a row of a
 * product list): no frame, column headings for screen readers only, tighter cells.
 */
/** A pack, with the lots in stock it offers on the product page (ADR 0032); list rows have none. */
type PackWithLots = ProductPackDto & { lots?: ProductLotDto[] };

/** Today in China (the shop's calendar), as the lots' dates are written. */
function chinaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The lots in stock of one pack, under its row: lot number, quantity, expiry (or retest) date, and
 * the COA download. Expired lots never reach here (the server leaves them out).
 */
function PackLots({ pack, hydrated, coaIcon }: { pack: PackWithLots; hydrated: boolean; coaIcon: ReactNode }) {
  const t = useTranslations('productDetail');
  const lots = pack.lots ?? [];
  if (lots.length === 0) return null;
  const today = chinaToday();
  return (
    <tr className="block bg-gray-50/60 md:table-row" style={{ borderTopWidth: 0 }} data-testid="pack-lots" data-pack-id={pack.id}>
      <td colSpan={6} className="block px-4 pb-3 pt-1 md:table-cell md:pt-0">
        <p className="sr-only">{t('lotsFor', { size: pack.size })}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted" aria-label={t('lotsFor', { size: pack.size })}>
          {lots.map((lot) => (
            <li key={lot.lotNo} className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="pack-lot" data-lot={lot.lotNo}>
              <span className="text-ink">{t('lotNo')} <span className="font-mono">{lot.lotNo}</span></span>
              <span>{t('lotQuantity', { count: lot.quantity })}</span>
              {lot.expiresOn
                ? <span data-testid="lot-expiry">{t('lotExpires', { date: lot.expiresOn })}</span>
                : lot.retestOn ? <span data-testid="lot-expiry">{t('lotRetest', { date: lot.retestOn })}</span> : null}
              {hydrated && lot.expiresOn && lotState(lot, today) === 'soon' && (
                <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">{t('lotExpiringSoon')}</span>
              )}
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

export function PackTable({ packs, signedIn, compact = false, itemLabel, icons }: {
  packs: PackWithLots[];
  /** Rendered on the server (no icon library in the page's scripts): the add-to-cart button's and the lots' COA link's. */
  icons: { cart: ReactNode; coa: ReactNode };
  signedIn: boolean;
  compact?: boolean;
  /** Names the item in the controls' labels when several products' packs share a page (`G0001234 500 mL`). */
  itemLabel?: string;
}) {
  const t = useTranslations('productDetail');
  const format = useFormatter();
  const router = useRouter();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const hydrated = useHydrated();

  if (packs.length === 0) {
    return <p className={compact ? 'py-2 text-sm text-muted' : 'rounded-lg border border-dashed border-line bg-white p-6 text-center text-sm text-muted'} data-testid="packs-empty">{t('noPacks')}</p>;
  }

  async function add(pack: ProductPackDto) {
    if (!signedIn) {
      openLoginDialog();
      return;
    }
    setBusy(pack.id);
    try {
      // The API client loads with the first addition to the cart: no part of the page's first load.
      const { apiPost } = await import('@/lib/api-client');
      await apiPost('/api/app/api/order/shopcart/item/add', { packId: pack.id, num: clampQuantity(quantities[pack.id] ?? '1') });
      showToast({ kind: 'success', text: t('added'), link: { href: '/order/shoppingcart?default=2', label: t('viewCart') }, durationMs: 6000 });
      router.refresh();
    } catch {
      // The API client has already shown the error, or the sign-in prompt.
    } finally {
      setBusy(null);
    }
  }

  const price = (value: string) => format.number(Number(value), 'money');
  const cell = compact ? 'md:px-2 md:py-1.5' : 'md:px-4 md:py-3';
  return (
    <div className={compact ? '' : 'rounded-lg border border-line bg-white'}>
      <table className={`w-full text-sm ${compact ? 'md:table-fixed' : ''}`} data-testid="pack-table">
        {compact && (
          // One set of column widths for every item of a list, so that sizes, prices and buttons line up.
          <colgroup>
            <col className="md:w-[16%]" /><col className="md:w-[16%]" /><col className="md:w-[16%]" /><col className="md:w-[17%]" /><col className="md:w-[13%]" /><col className="md:w-[22%]" />
          </colgroup>
        )}
        <thead className={compact ? 'sr-only' : 'hidden bg-gray-50 text-left text-xs text-muted md:table-header-group'}>
          <tr>
            <th scope="col" className="px-4 py-2">{t('size')}</th>
            <th scope="col" className="px-4 py-2 text-right">{t('price')}</th>
            <th scope="col" className="px-4 py-2">{t('stock')}</th>
            <th scope="col" className="px-4 py-2">{t('leadTime')}</th>
            <th scope="col" className="px-4 py-2">{t('quantity')}</th>
            <th scope="col" className="px-4 py-2"><span className="sr-only">{t('addToCart')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {packs.map((pack) => (
            <Fragment key={pack.id}>
              <tr className={`grid items-center gap-x-3 gap-y-2 md:table-row md:p-0 ${compact ? 'grid-cols-3 py-2' : 'grid-cols-2 p-4'}`} data-testid="pack-row" data-pack-id={pack.id}>
                <th scope="row" className={`text-left font-medium text-ink ${cell}`} data-testid="pack-size">{pack.size}</th>
                <td className={`font-semibold text-accent ${cell} ${compact ? 'md:text-right' : 'text-right'}`} data-testid="pack-price">{price(pack.price)}</td>
                <td className={`text-xs ${cell}`}>
                  {pack.stock > 0
                    ? <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-800">{t('inStock', { count: pack.stock })}</span>
                    : <span className="rounded bg-gray-100 px-1.5 py-0.5 text-muted">{t('outOfStock')}</span>}
                </td>
                <td className={`text-xs text-muted ${cell} md:text-left ${compact ? '' : 'text-right'}`}>
                  {pack.stock > 0 ? t('shipsToday') : t('leadTimeDays', { days: pack.leadTimeDays })}
                </td>
                <td className={cell}>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_QUANTITY}
                    step={1}
                    value={quantities[pack.id] ?? '1'}
                    onChange={(e) => setQuantities((q) => ({ ...q, [pack.id]: e.target.value }))}
                    onBlur={(e) => setQuantities((q) => ({ ...q, [pack.id]: String(clampQuantity(e.target.value)) }))}
                    aria-label={t('quantityFor', { size: itemLabel ? `${itemLabel} ${pack.size}` : pack.size })}
                    className={`h-9 rounded-md border border-line px-2 text-sm ${compact ? 'w-16' : 'w-20'}`}
                    data-testid="pack-quantity"
                  />
                </td>
                <td className={`text-right ${cell}`}>
                  <button
                    type="button"
                    onClick={() => void add(pack)}
                    disabled={!hydrated || busy === pack.id}
                    aria-label={t('addToCartFor', { size: itemLabel ? `${itemLabel} ${pack.size}` : pack.size })}
                    className="inline-flex h-9 items-center gap-1.5 rounded-md bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60"
                    data-testid="add-to-cart"
                  >
                    {icons.cart}
                    {busy === pack.id ? t('adding') : t('addToCart')}
                  </button>
                </td>
              </tr>
              {!compact && <PackLots pack={pack} hydrated={hydrated} coaIcon={icons.coa} />}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
