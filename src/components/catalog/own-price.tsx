'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useVisitor } from '@/lib/visitor-islands';

/**
 * The buyer's own price (协议价 / Your price, ADR 0083) on a kept storefront page: the page's HTML holds the
 * catalogue price for every visitor (`children`); once the visitor's answer (ADR 0076) names an agreed price
 * for this pack, it takes the same place, with the catalogue price struck through below it. Both layers sit in
 * one grid cell and the cell keeps two lines from the start, so nothing moves when the answer arrives.
 */
export function OwnPackPrice({ productId, packId, catalogue, children, className = '' }: {
  productId: number; packId: number; catalogue: string; children: ReactNode; className?: string;
}) {
  const visitor = useVisitor();
  const product = visitor.status === 'ready' ? visitor.products.get(productId) : undefined;
  const own = product?.prices.find((p) => p.packId === packId);
  const breaks = product?.breaks.filter((b) => b.packId === packId) ?? [];
  return (
    <span className={`grid min-h-9 ${className}`} data-visitor-product={productId}>
      <span className={`[grid-area:1/1] ${own ? 'invisible' : ''}`} aria-hidden={own ? true : undefined}>{children}</span>
      {own && <OwnLines price={own.price} catalogue={catalogue} className="[grid-area:1/1]" />}
      {breaks.length > 0 && <OwnBreaks breaks={breaks} />}
    </span>
  );
}

/** The buyer's quantity breaks of a pack under its price ("5 件起 ¥80.00" / "≥5: ¥80.00"), from their agreement. */
function OwnBreaks({ breaks }: { breaks: readonly { minQty: number; price: string }[] }) {
  const t = useTranslations('catalog.own');
  const format = useFormatter();
  return (
    <ul className="mt-0.5 text-xs font-normal text-red-700" aria-label={t('breaks')} data-testid="own-price-breaks">
      {breaks.map((b) => (
        <li key={b.minQty} className="whitespace-nowrap" data-testid="own-price-break">{t('break', { qty: b.minQty, price: format.number(Number(b.price), 'money') })}</li>
      ))}
    </ul>
  );
}

/** A product card's "from" price: the buyer's lowest own price when it differs from the catalogue's lowest. */
export function OwnFromPrice({ productId, catalogue, children }: { productId: number; catalogue: string | null; children: ReactNode }) {
  const visitor = useVisitor();
  const own = visitor.status === 'ready' && catalogue !== null ? visitor.products.get(productId)?.minPrice ?? null : null;
  return (
    <span className="grid min-h-9" data-visitor-product={productId}>
      <span className={`[grid-area:1/1] ${own ? 'invisible' : ''}`} aria-hidden={own ? true : undefined}>{children}</span>
      {own && catalogue && <OwnLines price={own} catalogue={catalogue} from className="[grid-area:1/1]" />}
    </span>
  );
}

/** "¥92.00" over "协议价 ~~¥100.00~~" (also for the cart, quick order and checkout, which know both prices). */
export function OwnLines({ price, catalogue, from = false, inline = false, className = '' }: {
  price: string; catalogue: string; from?: boolean; className?: string;
  /** On one line (a select's option), the struck catalogue price after the own price. */
  inline?: boolean;
}) {
  const t = useTranslations('catalog.own');
  const format = useFormatter();
  const money = (value: string) => format.number(Number(value), 'money');
  return (
    <span className={`${inline ? 'inline-flex items-baseline gap-1' : 'flex flex-col'} whitespace-nowrap ${className}`} data-testid="own-price">
      <span className="font-semibold text-red-700" data-testid="own-price-value">{from ? t('from', { price: money(price) }) : money(price)}</span>
      <span className="text-xs font-normal">
        <span className="mr-1 rounded bg-red-50 px-1 text-red-700">{t('price')}</span>
        <s className="text-muted" data-testid="own-price-list">
          <span className="sr-only">{t('list')} </span>
          {money(catalogue)}
        </s>
      </span>
    </span>
  );
}

/** A price the buyer pays beside the catalogue's: their own price with the catalogue's struck through when they differ. */
export function PaidPrice({ price, catalogue }: { price: string; catalogue: string }) {
  const format = useFormatter();
  if (price === catalogue) return <>{format.number(Number(price), 'money')}</>;
  return <OwnLines price={price} catalogue={catalogue} />;
}
