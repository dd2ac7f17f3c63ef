'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

// The cheapest-mix form comes in a chunk of its own: rendered on the server like the rest of the kept page (nothing
// moves), it hydrates once its chunk has arrived, so that the page's first-load scripts stay within the storefront's
// 150 KB (`npm run bench:bundle`). The packs table is not lazy (ADR 0092): a lazy part shows nothing after a move within
// the site until its chunk has come, so its rows are rendered with the page (`substance-packs.tsx`).
const LazyMixForm = lazy(() => import('./cheapest-mix-form').then((m) => ({ default: m.CheapestMixForm })));

export function CheapestMixPart(props: ComponentProps<typeof LazyMixForm>) {
  return <Suspense fallback={null}><LazyMixForm {...props} /></Suspense>;
}
