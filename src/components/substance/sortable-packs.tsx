'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useVisitor } from '@/lib/visitor-islands';
import { pricedFor, sortPacks, type SortablePack, type SubstanceSortKey } from './substance-sort';

/** A pack row rendered on the server (`node`), with what the browser sorts it by. */
export type PackRow = SortablePack & { node: ReactNode };

/**
 * The packs table's order, chosen in the browser (price per gram or millilitre, price, brand), over rows rendered on
 * the server: the page's HTML (and a move within the site) has every row at once, in the default order, and this
 * only reorders them — by the buyer's own prices once the visitor's answer (ADR 0083) names them.
 */
export function SortablePacks({ rows, head }: { rows: PackRow[]; head: ReactNode }) {
  const t = useTranslations('substance');
  const locale = useLocale();
  const [sort, setSort] = useState<SubstanceSortKey>('perUnit');
  const visitor = useVisitor();
  const own = visitor.status === 'ready' ? visitor.products : null;
  const ordered = useMemo(
    () => sortPacks(rows.map((r) => pricedFor(r, own?.get(r.productId)?.prices.find((p) => p.packId === r.id)?.price)), sort, locale),
    [rows, own, sort, locale],
  );
  return (
    <div className="rounded-lg border border-line bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2 text-sm">
        <label htmlFor="substance-sort" className="text-muted">{t('sortBy')}</label>
        <select id="substance-sort" value={sort} onChange={(e) => setSort(e.target.value as SubstanceSortKey)} className="h-9 rounded-md border border-line bg-white px-2" data-testid="substance-sort">
          <option value="perUnit">{t('sortPerUnit')}</option>
          <option value="price">{t('sortPrice')}</option>
          <option value="brand">{t('sortBrand')}</option>
        </select>
      </div>
      <table className="w-full text-sm" data-testid="substance-packs" data-sort={sort}>
        {head}
        <tbody className="divide-y divide-line">
          {ordered.map((r) => <Fragment key={r.id}>{r.node}</Fragment>)}
        </tbody>
      </table>
    </div>
  );
}

/** A pack's price per gram or millilitre at the price this visitor pays (the catalogue's until the answer names their own). */
export function PerUnitPrice({ productId, packId, price, perUnit }: { productId: number; packId: number; price: string; perUnit: SortablePack['perUnit'] }) {
  const t = useTranslations('substance');
  const format = useFormatter();
  const visitor = useVisitor();
  const own = visitor.status === 'ready' ? visitor.products.get(productId)?.prices.find((p) => p.packId === packId)?.price : undefined;
  const value = pricedFor({ price, perUnit }, own).perUnit;
  if (!value) return <>{t('noPerUnit')}</>;
  // A few fen per millilitre of a solvent would round to ¥0.02 for every pack: below ¥1, three significant digits.
  const shown = value.value >= 1 ? format.number(value.value, 'money') : format.number(value.value, { style: 'currency', currency: 'CNY', maximumSignificantDigits: 3 });
  return <>{t(value.unit === 'g' ? 'perG' : 'perML', { price: shown })}</>;
}
