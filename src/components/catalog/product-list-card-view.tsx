'use client';

import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { OwnFromPrice } from './own-price';
import { StructureThumb } from './structure-thumb';

/** What a list card shows, with its texts already made in the visitor's language by the server. */
export interface ProductListCardFields {
  id: number;
  itemNo: string;
  cas: string | null;
  name: string;
  purity: string;
  grade: string;
  brandName: string;
  minPrice: string | null;
  hasStructure: boolean;
  inStock: boolean;
  /** The structure drawing's alternative text. */
  alt: string;
  /** "¥120.00 起" or "询价". */
  price: string;
  /** "现货 · 3 个规格". */
  stock: string;
}

/**
 * The markup of one product card, rendered in the browser from the card's fields (ADR 0103): a page of
 * twenty cards carries their fields in its flight instead of twenty copies of the element tree. The parts
 * that most cards lack (hazard marks, the regular price) and the flask come from the server as slots.
 */
export function ProductListCardView({ card, hazard, regular, flask }: {
  card: ProductListCardFields; hazard: ReactNode; regular: ReactNode; flask: ReactNode;
}) {
  return (
    <Link
      href={{ pathname: '/product/detail', query: { id: String(card.id) } }}
      className="group flex h-full gap-3 rounded-lg border border-line bg-white p-3 transition hover:border-brand-500 hover:shadow-md"
      data-testid="product-card"
    >
      <span className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-white">
        {card.hasStructure ? <StructureThumb productId={card.id} alt={card.alt} fallback={flask} /> : flask}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-xs text-muted">{card.brandName} · <span data-testid="product-item-no">{card.itemNo}</span></span>
        <span className="mt-0.5 line-clamp-2 font-medium text-ink group-hover:text-brand-600" data-testid="product-name">{card.name}</span>
        <span className="mt-0.5 text-xs text-muted">
          {card.cas && <>CAS <span data-testid="product-cas">{card.cas}</span></>}
          {card.purity && <>{card.cas ? ' · ' : ''}{card.purity}</>}
          {card.grade && <>{card.cas || card.purity ? ' · ' : ''}<span data-testid="product-grade">{card.grade}</span></>}
        </span>
        {hazard}
        <span className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-2">
          <OwnFromPrice productId={card.id} catalogue={card.minPrice}>
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-accent">{card.price}</span>
              {regular}
            </span>
          </OwnFromPrice>
          <span className={`text-xs ${card.inStock ? 'text-emerald-700' : 'text-muted'}`}>{card.stock}</span>
        </span>
      </span>
    </Link>
  );
}
