'use client';

import { useState, type ReactNode, type RefObject } from 'react';

/**
 * The box that narrows a brand filter's entries as one types (by the entry's `data-facet-name`,
 * case-insensitive), loaded by `FacetSearch` once the page runs in the browser.
 */
export function FacetSearchBox({ list, label, icon, onShown }: { list: RefObject<HTMLDivElement | null>; label: string; icon: ReactNode; onShown: (count: number) => void }) {
  const [text, setText] = useState('');

  function narrow(value: string) {
    setText(value);
    const needle = value.trim().toLocaleLowerCase();
    let visible = 0;
    for (const item of list.current?.querySelectorAll<HTMLElement>('[data-facet-name]') ?? []) {
      const match = needle === '' || (item.dataset.facetName ?? '').toLocaleLowerCase().includes(needle);
      item.hidden = !match;
      if (match) visible += 1;
    }
    onShown(visible);
  }

  return (
    <label className="relative block">
      <span className="sr-only">{label}</span>
      {icon}
      <input
        type="search"
        value={text}
        onChange={(e) => narrow(e.target.value)}
        placeholder={label}
        className="h-8 w-full rounded-md border border-line bg-white pr-2 pl-7 text-sm"
        data-testid="brand-facet-search"
      />
    </label>
  );
}
