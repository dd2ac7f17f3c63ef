import { useFormatter, useTranslations } from 'next-intl';
import type { ProductCardDto } from '@/contracts/catalog';
import { RegularPrice } from '@/components/catalog/regular-price';
import { OwnFromPrice } from '@/components/catalog/own-price';
import { Link } from '@/i18n/navigation';

export function ProductCard({ product }: { product: ProductCardDto }) {
  const t = useTranslations('home');
  const format = useFormatter();
  return (
    <Link
      href={{ pathname: '/product/detail', query: { id: product.id } }}
      className="group flex h-full flex-col rounded-lg border border-line bg-white p-4 transition hover:border-brand-500 hover:shadow-md"
      data-testid="product-card"
    >
      <span className="text-xs text-muted">{product.brandName} · {product.itemNo}</span>
      <span className="mt-1 line-clamp-2 font-medium text-ink group-hover:text-brand-600">{product.name}</span>
      <span className="mt-1 text-xs text-muted">
        {product.cas && <>CAS {product.cas}</>}
        {product.purity && <> · {product.purity}</>}
      </span>
      <span className="mt-auto flex items-baseline justify-between pt-3">
        <OwnFromPrice productId={product.id} catalogue={product.minPrice}>
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold text-accent">
              {product.minPrice ? t('fromPrice', { price: format.number(Number(product.minPrice), 'money') }) : ''}
            </span>
            <RegularPrice price={product.minPrice} listPrice={product.minListPrice} />
          </span>
        </OwnFromPrice>
        <span className="text-xs text-muted">{t('packs', { count: product.packCount })}</span>
      </span>
    </Link>
  );
}
