'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';

/** The view's values in an address's query: its own keys, the defaults for those absent. */
function fromQuery<T extends Record<string, string>>(defaults: T, params: URLSearchParams): T {
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = params.get(key);
    if (value !== null) (out as Record<string, string>)[key] = value;
  }
  return out;
}

const sameValues = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).every((k) => a[k] === b[k]);

/**
 * A view's filters and page position, kept in its own state (alive behind its tab) and mirrored into
 * the URL, so that a view dropped from the cache, a reload or a shared link restores them. Read from the
 * address at mount, and again when a link opens the view's own page with another query while the view is
 * kept alive (`/admin/contracts?id=7` from the audit log); written with `history.replaceState`, which
 * Next.js follows.
 */
export function useViewQuery<T extends Record<string, string>>(defaults: T): [T, (patch: Partial<T>) => void] {
  const pathname = usePathname();
  const search = useSearchParams();
  const searchText = search.toString();
  const [own] = useState(pathname);
  const [state, setState] = useState<T>(() => fromQuery(defaults, new URLSearchParams(searchText)));
  const [seen, setSeen] = useState(searchText);
  // A navigation to this view's page with a query of its own (derived during render, not in an effect: the
  // view never shows the old record for a frame). Other tabs' addresses are not this view's business.
  if (pathname === own && searchText !== seen) {
    setSeen(searchText);
    const next = fromQuery(defaults, new URLSearchParams(searchText));
    if (!sameValues(next, state)) setState(next);
  }
  const update = useCallback((patch: Partial<T>) => {
    setState((s) => {
      const next = { ...s, ...patch } as T;
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(next)) if (v !== '' && v !== defaults[k]) params.set(k, v);
      const query = params.toString();
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
      return next;
    });
  }, [defaults]);
  return [state, update];
}
