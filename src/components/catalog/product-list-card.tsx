import { useFormatter, useTranslations } from 'next-intl';
import type { ProductCardDto } from '@/contracts/catalog';
import { FlaskConical } from '@/components/ui/icons';
import { HazardMarks } from './hazard-marks';
import { ProductListCardView } from './product-list-card-view';
import { RegularPrice } from './regular-price';

/** One flask for every card of a page: the flight writes a shared element once. */
const flask = <FlaskConical aria-hidden size={28} className="text-muted" />;

/**
 * One product of a list: structure thumbnail (when the product has SMILES), identifiers, price, stock. The
 * server makes the texts and the rare parts; `ProductListCardView` draws the card (ADR 0103).
 */
export function ProductListCard({ product }: { product: ProductCardDto }) {
  const t = useTranslations('catalog');
  const format = useFormatter();
  return (
    <ProductListCardView
      card={{
        id: product.id,
        itemNo: product.itemNo,
        cas: product.cas,
        name: product.name,
        purity: product.purity,
        grade: product.grade,
        brandName: product.brandName,
        minPrice: product.minPrice,
        hasStructure: product.hasStructure,
        inStock: product.inStock,
        alt: t('structureOf', { name: product.name }),
        price: product.minPrice ? t('fromPrice', { price: format.number(Number(product.minPrice), 'money') }) : t('priceOnRequest'),
        stock: `${product.inStock ? t('inStock') : t('onOrder')} · ${t('packs', { count: product.packCount })}`,
      }}
      hazard={<HazardMarks hazard={product.hazard} className="mt-1" />}
      regular={<RegularPrice price={product.minPrice} listPrice={product.minListPrice} />}
      flask={flask}
    />
  );
}
