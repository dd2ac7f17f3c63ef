'use client';

import { useSyncExternalStore } from 'react';
import type { VisitorIslandsDto, VisitorProductDto, VisitorUserDto } from '@/contracts/visitor-islands';

/**
 * The per-visitor parts of a storefront page (ADR 0076). Every visitor gets the same HTML; once the
 * document is parsed, one call (`GET /api/web/islands/visitor`) answers who is signed in and what the
 * page's products are to them, and the islands (the header's account, the cart badge, add-to-cart, the
 * quotation button, comments, a product's approval note) render from it. A page names its products by
 * `data-visitor-product="<id>"` on any element; the call sends those ids. Until the answer is there the
 * islands show what a guest sees, in the space they keep.
 */

/** The islands' state: `pending` until the first answer, then the visitor as the server knows them. */
export type VisitorState = { status: 'pending' } | { status: 'ready'; user: VisitorUserDto | null; products: ReadonlyMap<number, VisitorProductDto> };

const PENDING: VisitorState = { status: 'pending' };
let state: VisitorState = PENDING;
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;
let started = false;

function set(next: VisitorState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The product ids the page names (`data-visitor-product`), in document order, each once. */
export function pageProductIds(root: ParentNode): number[] {
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const el of root.querySelectorAll('[data-visitor-product]')) {
    const id = Number(el.getAttribute('data-visitor-product'));
    if (Number.isInteger(id) && id > 0 && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  // VISITOR_PRODUCTS_MAX of the call's contract, not imported: its schemas (zod) stay out of the page's scripts.
  return ids.slice(0, 100);
}

async function load(): Promise<void> {
  const ids = pageProductIds(document);
  const query = ids.length > 0 ? `?products=${ids.join(',')}` : '';
  try {
    const res = await fetch(`/api/web/islands/visitor${query}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const body = (await res.json()) as { code: number | string; data: VisitorIslandsDto | null };
    if (!res.ok || !body.data) throw new Error(String(body.code));
    set({ status: 'ready', user: body.data.user, products: new Map(body.data.products.map((p) => [p.id, p])) });
  } catch {
    // No answer: the islands show what a guest sees (a sign-in then leads back to a fresh answer).
    set({ status: 'ready', user: null, products: new Map() });
  }
}

/** Asks again (after an addition to the cart, or a page restored from the back-forward cache). */
export function refreshVisitor(): Promise<void> {
  loading = load().finally(() => {
    loading = null;
  });
  return loading;
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // Once the document is parsed, so that every product of the page is named.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void refreshVisitor(), { once: true });
  else void refreshVisitor();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void refreshVisitor();
  });
}

/** The visitor once known: a click before the answer (a control of a page still loading) waits for it. */
export async function knownVisitor(): Promise<Extract<VisitorState, { status: 'ready' }>> {
  start();
  while (state.status !== 'ready') await (loading ?? new Promise<void>((resolve) => {
    const done = () => { listeners.delete(done); resolve(); };
    listeners.add(done);
  }));
  return state;
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor as the islands show them; `pending` on the server and until the answer arrives. */
export function useVisitor(): VisitorState {
  return useSyncExternalStore(subscribe, () => state, () => PENDING);
}

/** Whether a customer is signed in, once known (false while pending: the page behaves as for a guest). */
export function useSignedIn(): boolean {
  const visitor = useVisitor();
  return visitor.status === 'ready' && visitor.user !== null;
}
