'use client';

import { useState } from 'react';
import type { CategoryNode } from '@/contracts/catalog-browse';
import { loadProductMenu } from './product-menu-data';
import { useLoaded } from './use-loaded';

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
