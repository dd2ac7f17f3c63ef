'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSignedIn } from '@/lib/visitor-islands';
import type { ListCandidate, ListSource } from './add-to-list-dialog';

// The dialog (and the lists it reads) load when the button first opens it: no part of a page's first load.
const AddToListDialog = lazy(() => import('./add-to-list-dialog').then((m) => ({ default: m.AddToListDialog })));

const LABELS = { product: 'addToList', cart: 'addCartToList', order: 'addOrderToList', quick: 'addQuickToList' } as const;

/**
 * "Add to list" (ADR 0085): a product page's packs, the cart, an order's lines or quick order's resolved
 * lines into one of the buyer's requisition lists. On a kept storefront page (`signedIn` not given) it is
 * a visitor island: it shows only once the visitor's answer names a signed-in customer (ADR 0076).
 */
export function AddToListButton({ where, candidates, orderId, signedIn, icon }: {
  where: keyof typeof LABELS;
  candidates?: ListCandidate[];
  orderId?: number;
  signedIn?: boolean;
  icon?: ReactNode;
}) {
  const t = useTranslations('listsIsland');
  const visitorSignedIn = useSignedIn();
  const [open, setOpen] = useState(false);
  if (!(signedIn ?? visitorSignedIn)) return null;
  if ((where === 'product' || where === 'quick') && (!candidates || candidates.length === 0)) return null;
  const source: ListSource = where === 'cart' ? 'cart' : where === 'order' ? 'order' : 'packs';
  return (
    <>
      <button type="button" data-testid={`add-to-list-${where}`} onClick={() => setOpen(true)}
        className="inline-flex h-9 items-center gap-1.5 rounded border border-brand-500 px-4 text-sm text-brand-600 hover:bg-brand-50">
        {icon}{t(LABELS[where])}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddToListDialog source={source} candidates={candidates ?? []} choosePack={where === 'product'} orderId={orderId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
