'use client';

import { useEffect, useState } from 'react';
import type { CategoryNode } from '@/contracts/catalog-browse';

/** The tree per language, asked for once per page load (a failed request is asked again at the next opening). */
const requests = new Map<string, Promise<CategoryNode[]>>();

/**
 * The product menu's category tree (POST /api/web/product/getFirst, in the language of the
 * `NEXT_LOCALE` cookie the page keeps). Pages do not carry it: the mega menu and the phone's drawer
 * ask for it when they first open, beside their own code.
 */
export function loadProductMenu(locale: string): Promise<CategoryNode[]> {
  let request = requests.get(locale);
  if (!request) {
    request = import('@/lib/api-client').then(({ apiPost }) => apiPost('/api/web/product/getFirst', {}, { silent: true }));
    requests.set(locale, request);
    request.catch(() => requests.delete(locale));
  }
  return request;
}

export type ProductMenuState = { status: 'loading' } | { status: 'failed'; retry: () => void } | { status: 'ready'; tree: CategoryNode[] };

/** The tree for a component that shows it: loading, failed (with a retry), or ready. */
export function useProductMenu(locale: string): ProductMenuState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ locale: string; tree: CategoryNode[] | null } | null>(null);
  useEffect(() => {
    let live = true;
    loadProductMenu(locale).then(
      (tree) => { if (live) setResult({ locale, tree }); },
      () => { if (live) setResult({ locale, tree: null }); },
    );
    return () => { live = false; };
  }, [locale, attempt]);
  if (!result || result.locale !== locale) return { status: 'loading' };
  if (result.tree) return { status: 'ready', tree: result.tree };
  return {
    status: 'failed',
    retry: () => {
      setResult(null);
      setAttempt((n) => n + 1);
    },
  };
}
