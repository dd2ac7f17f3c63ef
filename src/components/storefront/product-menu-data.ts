'use client';

import { useState } from 'react';
import type { CategoryNode } from '@/contracts/catalog-browse';
import { useLoaded } from './use-loaded';

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
  // The tree is shared by every component of the page (`loadProductMenu`): leaving does not abort it.
  const menu = useLoaded(`${locale} ${attempt}`, () => loadProductMenu(locale));
  if (menu.status === 'loading') return { status: 'loading' };
  if (menu.status === 'ready') return { status: 'ready', tree: menu.data };
  return { status: 'failed', retry: () => setAttempt((n) => n + 1) };
}
