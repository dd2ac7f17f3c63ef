'use client';

import type { CategoryNode } from '@/contracts/catalog-browse';

/** The tree per language, asked for once per page load (a failed request is asked again at the next opening). */
const requests = new Map<string, Promise<CategoryNode[]>>();

/**
 * The product menu's category tree (POST /api/web/product/getFirst, in the language of the
 * `NEXT_LOCALE` cookie the page keeps). Pages do not carry it: the mega menu and the phone's drawer
 * ask for it when they first open, beside their own code; they show it with `useProductMenu`
 * (`use-product-menu.ts`, loaded with them).
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
