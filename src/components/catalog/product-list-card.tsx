import { useFormatter, useTranslations } from 'next-intl';
import type { ProductCardDto } from '@/contracts/catalog';
import { Link } from '@/i18n/navigation';
import { HazardMarks } from './hazard-marks';
import { ProductThumb } from './product-thumb';
import { RegularPrice } from './regular-price';
import { OwnFromPrice } from './own-price';

/** One product of a list: structure thumbnail (when the product has SMILES), identifiers, price, stock. */
export function ProductListCard({ product }: { product: ProductCardDto }) {
  const t = useTranslations('catalog');
  const format = useFormatter();
  return (
    <Link
      href={{ pathname: '/product/detail', query: { id: String(product.id) } }}
      className="group flex h-full gap-3 rounded-lg border border-line bg-white p-3 transition hover:border-brand-500 hover:shadow-md"
      data-testid="product-card"
    >
      <span className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-white">
        <ProductThumb productId={product.id} hasStructure={product.hasStructure} alt={t('structureOf', { name: product.name })} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-xs text-muted">{product.brandName} · <span data-testid="product-item-no">{product.itemNo}</span></span>
        <span className="mt-0.5 line-clamp-2 font-medium text-ink group-hover:text-brand-600" data-testid="product-name">{product.name}</span>
        <span className="mt-0.5 text-xs text-muted">
          {product.cas && <>CAS <span data-testid="product-cas">{product.cas}</span></>}
          {product.purity && <>{product.cas ? ' · ' : ''}{product.purity}</>}
          {product.grade && <>{product.cas || product.purity ? ' · ' : ''}<span data-testid="product-grade">{product.grade}</span></>}
        </span>
        <HazardMarks hazard={product.hazard} className="mt-1" />
        <span className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-2">
          <OwnFromPrice productId={product.id} catalogue={product.minPrice}>
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-accent">
                {product.minPrice ? t('fromPrice', { price: format.number(Number(product.minPrice), 'money') }) : t('priceOnRequest')}
              </span>
              <RegularPrice price={product.minPrice} listPrice={product.minListPrice} />
            </span>
          </OwnFromPrice>
          <span className={`text-xs ${product.inStock ? 'text-emerald-700' : 'text-muted'}`}>
            {product.inStock ? t('inStock') : t('onOrder')} · {t('packs', { count: product.packCount })}
          </span>
        </span>
      </span>
    </Link>
  );
}
