'use client';

import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/** Marks the shell as hydrated: what the behaviours' own component does once it runs. */
function markHydrated(): void {
  document.querySelector('[data-store-shell]')?.setAttribute('data-hydrated', 'true');
}

/** Without its code (a chunk that failed to load), the page still says it has hydrated. */
function WithoutBehaviour() {
  useEffect(markHydrated, []);
  return null;
}

const SiteBehaviour = lazy<ComponentType<{ englishSite: string | null }>>(() =>
  import('./site-behaviour').then((m) => ({ default: m.SiteBehaviour }), () => ({ default: WithoutBehaviour })));

/**
 * The storefront's front-end behaviour (progress bar, offline notice, reload after a failed chunk) and
 * the page's language stored in the browser (`englishSite`: web setting 1, which the rule reads), loaded
 * once the page has hydrated instead of with its first load: nothing of it shows before a navigation or
 * a lost connection, and the stored language is read by no page's first paint. The shell's
 * `data-hydrated` marker is set when it runs, so it also says the behaviours are in place.
 */
export function SiteBehaviourOnDemand({ englishSite }: { englishSite: string | null }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={null}><SiteBehaviour englishSite={englishSite} /></Suspense> : null;
}
