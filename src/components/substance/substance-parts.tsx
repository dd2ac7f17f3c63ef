'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

// The substance page's two interactive parts come in chunks of their own: rendered on the server like the rest of
// the kept page (nothing moves), each hydrates once its chunk has arrived, so that the page's first-load scripts
// stay within the storefront's 150 KB (`npm run bench:bundle`).
const LazyMixForm = lazy(() => import('./cheapest-mix-form').then((m) => ({ default: m.CheapestMixForm })));
const LazyPacks = lazy(() => import('./substance-packs').then((m) => ({ default: m.SubstancePacks })));

export function CheapestMixPart(props: ComponentProps<typeof LazyMixForm>) {
  return <Suspense fallback={null}><LazyMixForm {...props} /></Suspense>;
}

export function SubstancePacksPart(props: ComponentProps<typeof LazyPacks>) {
  return <Suspense fallback={null}><LazyPacks {...props} /></Suspense>;
}
