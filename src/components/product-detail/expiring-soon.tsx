'use client';

import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "Expiring soon" beside a lot, shown once the page runs in the browser: it depends on the moment the
 * visitor reads the page, not on when a kept page was rendered. `from` and `until` (ms since the epoch,
 * `expiringSoonWindow` of lot-state.ts, worked out on the server in the business time zone) bound the
 * instants it shows at, so the page carries no calendar code for it.
 */
export function ExpiringSoon({ from, until, label }: { from: number; until: number; label: string }) {
  const hydrated = useHydrated();
  // The moment the component first rendered in this browser (on the server it goes unused).
  const [now] = useState(() => Date.now());
  if (!hydrated || now < from || now >= until) return null;
  return <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">{label}</span>;
}
