import { ShoppingCart } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import type { ProductCardDto } from '@/contracts/catalog';
import type { ProductListRowDto } from '@/contracts/catalog-browse';
import { Formula } from '@/components/product-detail/formula';
import { HazardMarks } from './hazard-marks';
import { PackTable } from '@/components/product-detail/pack-table';
import { Link } from '@/i18n/navigation';
import { groupBySubstance } from '@/lib/substance-groups';
import { ProductThumb } from './product-thumb';

/**
 * The list view of a product list, like the big reagent catalogues: one block per substance (name,
 * CAS, formula, structure), and under it one row per item — brand, item number, grade and purity —
 * with its packs, prices, stock and add-to-cart per pack.
 */
export function ProductListRows({ items, rows }: { items: readonly ProductCardDto[]; rows: readonly ProductListRowDto[] }) {
  const t = useTranslations('catalog');
  const ts = useTranslations('substance');
  return (
    <ul className="flex flex-col gap-4" data-testid="product-rows">
      {groupBySubstance(items, rows).map((group) => (
        <li key={group.cas ?? `item-${group.lead.id}`} className="overflow-hidden rounded-lg border border-line bg-white" data-testid="substance-group">
          <div className="flex items-center gap-3 border-b border-line bg-gray-50 px-3 py-2">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-white">
              <ProductThumb productId={group.lead.id} hasStructure={group.lead.hasStructure} alt={t('structureOf', { name: group.lead.name })} />
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold text-ink" data-testid="substance-name">
                {group.cas
                  ? <Link href={`/substance/${group.cas}`} className="hover:text-brand-700 hover:underline" title={ts('allBrandsOf', { name: group.lead.name })} data-testid="substance-link">{group.lead.name}</Link>
                  : group.lead.name}
              </h2>
              <p className="text-xs text-muted">
                {group.cas && <>CAS <span className="font-mono" data-testid="substance-cas">{group.cas}</span></>}
                {group.lead.formula && <>{group.cas ? ' · ' : ''}<Formula value={group.lead.formula} /></>}
              </p>
            </div>
            {group.items.length > 1 && (
              <span className="shrink-0 rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-700" data-testid="substance-count">{t('itemsOfSubstance', { count: group.items.length })}</span>
            )}
          </div>
          <SubstanceItemRows items={group.items} leadName={group.lead.name} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The items of one substance, one row each — brand, item number (a link to the product), grade and
 * purity, hazard marks — with its packs, prices, stock and add-to-cart per pack. Shared by the list view
 * and structure search's results.
 */
export function SubstanceItemRows({ items, leadName }: { items: readonly { card: ProductCardDto; row: ProductListRowDto | undefined }[]; leadName: string }) {
  return (
    <ul className="divide-y divide-line">
      {items.map(({ card, row }) => (
        <li key={card.id} className="grid gap-x-4 gap-y-1 px-3 py-2 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]" data-testid="product-row">
          <div className="min-w-0 py-1.5">
            <p className="text-sm font-medium text-ink">{card.brandName}</p>
            <Link
              href={{ pathname: '/product/detail', query: { id: String(card.id) } }}
              className="font-mono text-sm text-brand-700 hover:underline"
              data-testid="product-item-no"
            >
              {card.itemNo}
            </Link>
            {card.name !== leadName && <p className="line-clamp-2 text-sm text-ink" data-testid="product-name">{card.name}</p>}
            <p className="text-xs text-muted" data-testid="product-grade">{[row?.grade, card.purity].filter(Boolean).join(' · ') || '—'}</p>
            <HazardMarks hazard={card.hazard} className="mt-1" />
          </div>
          <PackTable productId={card.id} packs={row?.packs ?? []} compact itemLabel={card.itemNo} icons={{ cart: <ShoppingCart aria-hidden size={15} /> }} />
        </li>
      ))}
    </ul>
  );
}
