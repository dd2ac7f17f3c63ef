'use client';

import { useCallback, useState } from 'react';

/**
 * A view's filters and page position, kept in its own state (alive behind its tab) and mirrored into
 * the URL, so that a view dropped from the cache, a reload or a shared link restores them. Read once
 * from the address at mount; written with `history.replaceState`, which Next.js follows.
 */
export function useViewQuery<T extends Record<string, string>>(defaults: T): [T, (patch: Partial<T>) => void] {
  const [state, setState] = useState<T>(() => {
    if (typeof window === 'undefined') return defaults;
    const params = new URLSearchParams(window.location.search);
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T & string)[]) {
      const value = params.get(key);
      if (value !== null) (out as Record<string, string>)[key] = value;
    }
    return out;
  });
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
