'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { openLoginDialog } from '@/lib/ui-events';
import { knownVisitor } from '@/lib/visitor-islands';
import type { QuoteCandidate } from './request-quote-dialog';

// The form loads when the button first opens it: no part of a product page's first load.
const RequestDialog = lazy(() => import('./request-quote-dialog').then((m) => ({ default: m.RequestDialog })));

/**
 * "Request a quote": from the cart (its lines, their quantities) or a product page (its packs, a
 * quantity of 0 leaves a pack out), each line with its own comment, and a general note. The request
 * opens the quotation in the customer's account.
 */
export function RequestQuoteButton({ candidates, source, signedIn, icon }: { candidates: QuoteCandidate[]; source: 'cart' | 'product'; signedIn?: boolean; icon: ReactNode }) {
  const t = useTranslations('accountQuotations');
  const [open, setOpen] = useState(false);
  if (candidates.length === 0) return null;
  return (
    <>
      <button type="button" data-testid={`request-quote-${source}`}
        onClick={() => void (async () => ((signedIn ?? (await knownVisitor()).user !== null) ? setOpen(true) : openLoginDialog()))()}
        className="inline-flex h-9 items-center gap-1.5 rounded border border-brand-500 px-4 text-sm text-brand-600 hover:bg-brand-50">
        {icon}{source === 'cart' ? t('requestFromCart') : t('requestQuote')}
      </button>
      {open && <Suspense fallback={null}><RequestDialog candidates={candidates} source={source} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
