'use client';

import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * An account page's content, drawn in the browser (ADR 0110): the server runs the page (its guard, its
 * reads, its Server Components) and sends what its views receive in the payload, but does not write their
 * HTML; the browser draws them when the page hydrates, the moment they can be used. Until then a
 * placeholder holds their place, `pending` its words for screen readers (given by the server, so that
 * no page has to hand this component a namespace). A move between account pages finds the page hydrated
 * and draws at once.
 */
export function DrawnInBrowser({ children, pending }: { children: ReactNode; pending: string }) {
  return useHydrated() ? children : <PagePending label={pending} />;
}

function PagePending({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="min-h-64 animate-pulse rounded-lg border border-line bg-white motion-reduce:animate-none" data-testid="account-page-pending">
      <span className="sr-only">{label}</span>
    </div>
  );
}
