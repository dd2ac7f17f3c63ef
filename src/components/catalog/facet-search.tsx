'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/** A brand list longer than this gets a box to narrow it. */
const SEARCHABLE_FROM = 8;

// The box only shows once the page runs in the browser: its code loads then, not with the page (ADR 0045).
const FacetSearchBox = lazy(() => import('./facet-search-box').then((m) => ({ default: m.FacetSearchBox })));

/**
 * A box above the brand filter that narrows its entries as one types (by the entry's
 * `data-facet-name`, case-insensitive). Without JavaScript the box is absent and every brand shows.
 */
export function FacetSearch({ count, icon, children }: { count: number; icon: ReactNode; children: ReactNode }) {
  const t = useTranslations('catalog');
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(count);

  return (
    <div className="flex flex-col gap-2">
      {hydrated && count >= SEARCHABLE_FROM && (
        <Suspense fallback={null}>
          <FacetSearchBox list={list} label={t('brandFilterSearch')} icon={icon} onShown={setShown} />
        </Suspense>
      )}
      <div ref={list}>{children}</div>
      {hydrated && shown === 0 && <p className="text-xs text-muted" data-testid="brand-facet-none">{t('noBrandMatches')}</p>}
    </div>
  );
}
