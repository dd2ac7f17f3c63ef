import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { OwnPackPrice } from '@/components/catalog/own-price';
import { RegularPrice } from '@/components/catalog/regular-price';
import { PackLots } from '@/components/product-detail/pack-lots';
import { PackOrderCells } from '@/components/product-detail/pack-order';
import type { SubstancePackDto } from '@/contracts/substances';
import { Link } from '@/i18n/navigation';
import { PerUnitPrice, SortablePacks } from './sortable-packs';

const COLUMNS = 9;

/**
 * Every brand's packs of a substance in one table, rendered with the page (on the server, catalogue prices), so that
 * a move within the site shows it with the heading; the browser only reorders the rows (`SortablePacks`) and fills
 * the buyer's own prices in their places (`OwnPackPrice`, `PerUnitPrice`; ADR 0083). On phones each pack is a card.
 * The quantity and add-to-cart are the product page's (`PackOrderCells`); each row names its product for the
 * visitor's answer (ADR 0076).
 */
export function SubstancePacks({ packs, icons }: { packs: SubstancePackDto[]; icons: { cart: ReactNode; coa: ReactNode } }) {
  const t = useTranslations('substance');
  const tp = useTranslations('productDetail');
  const format = useFormatter();
  if (packs.length === 0) return <p className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-sm text-muted" data-testid="packs-empty">{t('noPacks')}</p>;
  const money = (value: string) => format.number(Number(value), 'money');
  const cell = 'md:px-3 md:py-2.5';
  const head = (
    <thead className="hidden bg-gray-50 text-left text-xs text-muted md:table-header-group">
      <tr>
        <th scope="col" className="px-3 py-2">{t('brand')}</th>
        <th scope="col" className="px-3 py-2">{t('size')}</th>
        <th scope="col" className="px-3 py-2">{t('gradePurity')}</th>
        <th scope="col" className="px-3 py-2 text-right">{t('price')}</th>
        <th scope="col" className="px-3 py-2 text-right">{t('perUnit')}</th>
        <th scope="col" className="px-3 py-2">{t('stock')}</th>
        <th scope="col" className="px-3 py-2">{tp('leadTime')}</th>
        <th scope="col" className="px-3 py-2">{tp('quantity')}</th>
        <th scope="col" className="px-3 py-2"><span className="sr-only">{tp('addToCart')}</span></th>
      </tr>
    </thead>
  );
  const rows = packs.map((pack) => ({
    id: pack.id, productId: pack.productId, price: pack.price, perUnit: pack.perUnit, brand: pack.brand.name,
    node: (
      <>
        <tr className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0" data-testid="substance-pack" data-pack-id={pack.id} data-visitor-product={pack.productId}>
          <td className={`col-span-2 ${cell}`}>
            <Link href={{ pathname: '/brand/detail', query: { id: String(pack.brand.id) } }} className="font-medium text-brand-700 hover:underline" data-testid="pack-brand">{pack.brand.name}</Link>
            <Link href={{ pathname: '/product/detail', query: { id: String(pack.productId) } }} className="ml-2 font-mono text-xs text-muted hover:underline md:ml-0 md:block">{pack.itemNo}</Link>
          </td>
          <th scope="row" className={`text-left font-medium text-ink ${cell}`} data-testid="pack-size">{pack.size}</th>
          <td className={`text-right text-xs text-muted md:text-left ${cell}`}>{[pack.grade, pack.purity].filter(Boolean).join(' · ') || '—'}</td>
          <td className={`font-semibold text-accent md:text-right ${cell}`} data-testid="pack-price">
            <OwnPackPrice productId={pack.productId} packId={pack.id} catalogue={pack.price} className="md:justify-end">
              {money(pack.price)}
              <RegularPrice price={pack.price} listPrice={pack.listPrice} className="flex md:justify-end" />
            </OwnPackPrice>
          </td>
          <td className={`text-right text-xs ${cell}`} data-testid="pack-per-unit">
            <PerUnitPrice productId={pack.productId} packId={pack.id} price={pack.price} perUnit={pack.perUnit} />
          </td>
          <td className={`text-xs ${cell}`}>
            {pack.stock > 0
              ? <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-800">{tp('inStock', { count: pack.stock })}</span>
              : <span className="rounded bg-gray-100 px-1.5 py-0.5 text-muted">{tp('outOfStock')}</span>}
          </td>
          <td className={`text-right text-xs text-muted md:text-left ${cell}`}>{pack.stock > 0 ? tp('shipsToday') : tp('leadTimeDays', { days: pack.leadTimeDays })}</td>
          <PackOrderCells packId={pack.id} label={`${pack.brand.name} ${pack.itemNo} ${pack.size}`} compact={false} cell={cell} icon={icons.cart} />
        </tr>
        <PackLots pack={pack} coaIcon={icons.coa} colSpan={COLUMNS} />
      </>
    ),
  }));
  return <SortablePacks rows={rows} head={head} />;
}
