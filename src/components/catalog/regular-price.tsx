import { useFormatter, useTranslations } from 'next-intl';

/**
 * A special offer's regular price, struck through beside the price, with what the offer saves
 * (`¥100 省 ¥20`); nothing when there is no regular price above the price. Rendered on the server.
 */
export function RegularPrice({ price, listPrice, className = '' }: { price: string | null; listPrice: string | null; className?: string }) {
  const t = useTranslations('catalog');
  const format = useFormatter();
  if (price === null || listPrice === null) return null;
  const saving = Number(listPrice) - Number(price);
  if (!(saving > 0)) return null;
  const money = (value: number) => format.number(value, 'money');
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1.5 text-xs font-normal ${className}`} data-testid="regular-price">
      <s className="text-muted">
        <span className="sr-only">{t('regularPriceLabel')} </span>
        {money(Number(listPrice))}
      </s>
      <span className="rounded bg-red-50 px-1 text-accent" data-testid="price-saving">{t('saving', { amount: money(saving) })}</span>
    </span>
  );
}
