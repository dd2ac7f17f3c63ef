'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/** A brand list longer than this gets a box to narrow it. */
const SEARCHABLE_FROM = 8;

/**
 * A box above the brand filter that narrows its entries as one types (by the entry's
 * `data-facet-name`, case-insensitive). Without JavaScript the box is absent and every brand shows.
 */
export function FacetSearch({ count, icon, children }: { count: number; icon: ReactNode; children: ReactNode }) {
  const t = useTranslations('catalog');
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [shown, setShown] = useState(count);

  function narrow(value: string) {
    setText(value);
    const needle = value.trim().toLocaleLowerCase();
    let visible = 0;
    for (const item of list.current?.querySelectorAll<HTMLElement>('[data-facet-name]') ?? []) {
      const match = needle === '' || (item.dataset.facetName ?? '').toLocaleLowerCase().includes(needle);
      item.hidden = !match;
      if (match) visible += 1;
    }
    setShown(visible);
  }

  return (
    <div className="flex flex-col gap-2">
      {hydrated && count >= SEARCHABLE_FROM && (
        <label className="relative block">
          <span className="sr-only">{t('brandFilterSearch')}</span>
          {icon}
          <input
            type="search"
            value={text}
            onChange={(e) => narrow(e.target.value)}
            placeholder={t('brandFilterSearch')}
            className="h-8 w-full rounded-md border border-line bg-white pr-2 pl-7 text-sm"
            data-testid="brand-facet-search"
          />
        </label>
      )}
      <div ref={list}>{children}</div>
      {hydrated && shown === 0 && <p className="text-xs text-muted" data-testid="brand-facet-none">{t('noBrandMatches')}</p>}
    </div>
  );
}
