import { BadgeCheck } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import type { BrandSummaryDto } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/navigation';
import { countryName } from '@/lib/country';
import { BrandLogo } from './brand-logo';

/** Brands as cards: logo text, name, country, authorised badge and the first lines of the description. */
export function BrandGrid({ brands }: { brands: BrandSummaryDto[] }) {
  const t = useTranslations('brandPages');
  const locale = useLocale();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="brand-grid">
      {brands.map((b) => (
        <li key={b.id}>
          <Link href={{ pathname: '/brand/detail', query: { id: String(b.id) } }} className="flex h-full flex-col rounded-lg border border-line bg-white p-4 hover:border-brand-500 hover:shadow-md" data-testid="brand-card">
            <span className="flex h-14 items-center justify-center rounded bg-brand-50 px-2 text-center text-lg font-bold tracking-wide text-brand-700"><BrandLogo brand={b} /></span>
            <span className="mt-3 flex items-center gap-1 font-semibold text-ink">
              <span className="min-w-0 truncate" data-testid="brand-name">{b.name}</span>
              {b.authorised && <BadgeCheck aria-label={t('authorised')} size={16} className="shrink-0 text-emerald-600" />}
            </span>
            {b.country && <span className="text-xs text-muted">{countryName(b.country, locale)}</span>}
            {b.description && <span className="mt-2 line-clamp-3 text-sm text-gray-600">{b.description}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
