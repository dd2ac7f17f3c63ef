'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { OwnPackPrice } from '@/components/catalog/own-price';
import { RegularPrice } from '@/components/catalog/regular-price';
import { PackLots } from '@/components/product-detail/pack-lots';
import { PackOrderCells } from '@/components/product-detail/pack-order';
import type { SubstancePackDto } from '@/contracts/substances';
import { Link } from '@/i18n/navigation';
import { useVisitor } from '@/lib/visitor-islands';

type SortKey = 'perUnit' | 'price' | 'brand';
const COLUMNS = 9;

/**
 * The packs with the price this visitor pays: the catalogue's in the page's HTML, the buyer's own (ADR 0083)
 * once the visitor's answer names one; the price per gram or millilitre follows it.
 */
function pricedFor(packs: readonly SubstancePackDto[], own: (pack: SubstancePackDto) => string | undefined): SubstancePackDto[] {
  return packs.map((pack) => {
    const price = own(pack);
    if (price === undefined || price === pack.price) return pack;
    const ratio = Number(price) / Number(pack.price);
    return { ...pack, price, perUnit: pack.perUnit && Number.isFinite(ratio) ? { ...pack.perUnit, value: pack.perUnit.value * ratio } : pack.perUnit };
  });
}

function sorted(packs: readonly SubstancePackDto[], key: SortKey, locale: string): SubstancePackDto[] {
  const collator = new Intl.Collator(locale);
  const compare: Record<SortKey, (a: SubstancePackDto, b: SubstancePackDto) => number> = {
    // Packs without a price per unit (sizes in pieces or units) last.
    perUnit: (a, b) => (a.perUnit?.value ?? Infinity) - (b.perUnit?.value ?? Infinity) || Number(a.price) - Number(b.price),
    price: (a, b) => Number(a.price) - Number(b.price),
    brand: (a, b) => collator.compare(a.brand.name, b.brand.name) || (a.perUnit?.value ?? Infinity) - (b.perUnit?.value ?? Infinity),
  };
  // Stable: ties keep the server's order (products by id, packs in their order).
  return packs.map((p, i) => ({ p, i })).sort((a, b) => compare[key](a.p, b.p) || a.i - b.i).map((x) => x.p);
}

/**
 * Every brand's packs of a substance in one table, sorted in the browser (price per gram or millilitre, price,
 * brand). On phones each pack is a card. The quantity and add-to-cart are the product page's (`PackOrderCells`);
 * each row names its product for the visitor's answer (ADR 0076).
 */
export function SubstancePacks({ packs, icons }: { packs: SubstancePackDto[]; icons: { cart: ReactNode; coa: ReactNode } }) {
  const t = useTranslations('substance');
  const tp = useTranslations('productDetail');
  const format = useFormatter();
  const locale = useLocale();
  const [sort, setSort] = useState<SortKey>('perUnit');
  const visitor = useVisitor();
  const ownProducts = visitor.status === 'ready' ? visitor.products : null;
  const catalogue = useMemo(() => new Map(packs.map((p) => [p.id, p.price])), [packs]);
  const rows = useMemo(() => sorted(
    pricedFor(packs, (pack) => ownProducts?.get(pack.productId)?.prices.find((p) => p.packId === pack.id)?.price),
    sort, locale,
  ), [packs, ownProducts, sort, locale]);

  if (packs.length === 0) return <p className="rounded-lg border border-dashed border-line bg-white p-6 text-center text-sm text-muted" data-testid="packs-empty">{t('noPacks')}</p>;
  const money = (value: number) => format.number(value, 'money');
  // A few fen per millilitre of a solvent would round to ¥0.02 for every pack: below ¥1, three significant digits.
  const perUnit = (value: number) => (value >= 1 ? money(value) : format.number(value, { style: 'currency', currency: 'CNY', maximumSignificantDigits: 3 }));
  const cell = 'md:px-3 md:py-2.5';
  return (
    <div className="rounded-lg border border-line bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2 text-sm">
        <label htmlFor="substance-sort" className="text-muted">{t('sortBy')}</label>
        <select id="substance-sort" value={sort} onChange={(e) => setSort(e.target.value as SortKey)} className="h-9 rounded-md border border-line bg-white px-2" data-testid="substance-sort">
          <option value="perUnit">{t('sortPerUnit')}</option>
          <option value="price">{t('sortPrice')}</option>
          <option value="brand">{t('sortBrand')}</option>
        </select>
      </div>
      <table className="w-full text-sm" data-testid="substance-packs">
        <thead className="hidden bg-gray-50 text-left text-xs text-muted md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2">{t('brand')}</th>
            <th scope="col" className="px-3 py-2">{t('size')}</th>
            <th scope="col" className="px-3 py-2">{t('gradePurity')}</th>
            <th scope="col" className="px-3 py-2 text-right">{t('price')}</th>
            <th scope="col" className="px-3 py-2 text-right" aria-sort={sort === 'perUnit' ? 'ascending' : 'none'}>{t('perUnit')}</th>
            <th scope="col" className="px-3 py-2">{t('stock')}</th>
            <th scope="col" className="px-3 py-2">{tp('leadTime')}</th>
            <th scope="col" className="px-3 py-2">{tp('quantity')}</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">{tp('addToCart')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((pack) => (
            <Fragment key={pack.id}>
              <tr className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0" data-testid="substance-pack" data-pack-id={pack.id} data-visitor-product={pack.productId}>
                <td className={`col-span-2 ${cell}`}>
                  <Link href={{ pathname: '/brand/detail', query: { id: String(pack.brand.id) } }} className="font-medium text-brand-700 hover:underline" data-testid="pack-brand">{pack.brand.name}</Link>
                  <Link href={{ pathname: '/product/detail', query: { id: String(pack.productId) } }} className="ml-2 font-mono text-xs text-muted hover:underline md:ml-0 md:block">{pack.itemNo}</Link>
                </td>
                <th scope="row" className={`text-left font-medium text-ink ${cell}`} data-testid="pack-size">{pack.size}</th>
                <td className={`text-right text-xs text-muted md:text-left ${cell}`}>{[pack.grade, pack.purity].filter(Boolean).join(' · ') || '—'}</td>
                <td className={`font-semibold text-accent md:text-right ${cell}`} data-testid="pack-price">
                  <OwnPackPrice productId={pack.productId} packId={pack.id} catalogue={catalogue.get(pack.id) ?? pack.price} className="md:justify-end">
                    {money(Number(catalogue.get(pack.id) ?? pack.price))}
                    <RegularPrice price={catalogue.get(pack.id) ?? pack.price} listPrice={pack.listPrice} className="flex md:justify-end" />
                  </OwnPackPrice>
                </td>
                <td className={`text-right text-xs ${cell}`} data-testid="pack-per-unit">
                  {pack.perUnit ? t(pack.perUnit.unit === 'g' ? 'perG' : 'perML', { price: perUnit(pack.perUnit.value) }) : t('noPerUnit')}
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
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
