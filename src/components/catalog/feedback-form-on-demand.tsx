'use client';

import { lazy, Suspense } from 'react';

// The form's code loads with a search that found nothing, the only page that shows it, rather than
// with every product list (ADR 0045). It still renders on the server, in the page's HTML.
const FeedbackForm = lazy(() => import('./feedback-form').then((m) => ({ default: m.FeedbackForm })));

/** "Could not find it" (`FeedbackForm`), its code loaded when a page renders it. */
export function FeedbackFormOnDemand({ searchKey, type }: { searchKey: string; type: number }) {
  return (
    <Suspense fallback={null}>
      <FeedbackForm searchKey={searchKey} type={type} />
    </Suspense>
  );
}
