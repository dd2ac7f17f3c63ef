import { useFormatter, useTranslations } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import type { ProductPackDto } from '@/contracts/packs';
import { RegularPrice } from '@/components/catalog/regular-price';
import { OwnPackPrice } from '@/components/catalog/own-price';
import { PackOrderCells } from './pack-order';

/**
 * Pack sizes with price, stock or lead time, a quantity and add-to-cart each, rendered on the server
 * with only the quantity and the button running in the browser (`PackOrderCells`). On phones each
 * pack is a card; on wider screens a table. `compact` (a row of a product list): no frame, column
 * headings for screen readers only, tighter cells.
 */
export function PackTable<P extends ProductPackDto>({ productId, packs, compact = false, itemLabel, icons, lots }: {
  /** The packs' product: a signed-in buyer's own prices replace the catalogue's in their islands (ADR 0083). */
  productId: number;
  packs: P[];
  /** The product page's rows of lots under each pack (`PackLots`); a list's rows have none. */
  lots?: (pack: P) => ReactNode;
  /** Rendered on the server (no icon library in the page's scripts): the add-to-cart button's. */
  icons: { cart: ReactNode };
  compact?: boolean;
  /** Names the item in the controls' labels when several products' packs share a page (`G0001234 500 mL`). */
  itemLabel?: string;
}) {
  const t = useTranslations('productDetail');
  const format = useFormatter();

  if (packs.length === 0) {
    return <p className={compact ? 'py-2 text-sm text-muted' : 'rounded-lg border border-dashed border-line bg-white p-6 text-center text-sm text-muted'} data-testid="packs-empty">{t('noPacks')}</p>;
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
                <td className={`font-semibold text-accent ${cell} ${compact ? 'md:text-right' : 'text-right'}`} data-testid="pack-price">
                  <OwnPackPrice productId={productId} packId={pack.id} catalogue={pack.price} className={compact ? 'md:justify-items-end' : 'justify-items-end'}>
                    {price(pack.price)}
                    <RegularPrice price={pack.price} listPrice={pack.listPrice} className={compact ? 'ml-1.5 md:ml-0 md:flex md:justify-end' : 'flex justify-end'} />
                  </OwnPackPrice>
                </td>
                <td className={`text-xs ${cell}`}>
                  {pack.stock > 0
                    ? <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-800">{t('inStock', { count: pack.stock })}</span>
                    : <span className="rounded bg-gray-100 px-1.5 py-0.5 text-muted">{t('outOfStock')}</span>}
                </td>
                <td className={`text-xs text-muted ${cell} md:text-left ${compact ? '' : 'text-right'}`}>
                  {pack.stock > 0 ? t('shipsToday') : t('leadTimeDays', { days: pack.leadTimeDays })}
                </td>
                <PackOrderCells packId={pack.id} label={itemLabel ? `${itemLabel} ${pack.size}` : pack.size} compact={compact} cell={cell} icon={icons.cart} />
              </tr>
              {lots?.(pack)}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
