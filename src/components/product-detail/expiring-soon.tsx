'use client';

import { useHydrated } from '@/lib/use-hydrated';
import { useBusinessDay } from '@/lib/use-business-day';

/**
 * "Expiring soon" beside a lot, shown once the page runs in the browser: it depends on the day the
 * visitor reads the page, not on the day a cached page was rendered. Soon means after `lastOkDay`
 * (`lastOkDay()` of lot-state.ts, worked out on the server) and not after `expiresOn`.
 */
export function ExpiringSoon({ expiresOn, lastOkDay, label }: { expiresOn: string; lastOkDay: string; label: string }) {
  const hydrated = useHydrated();
  const businessDay = useBusinessDay();
  const today = hydrated ? businessDay(new Date()) : '';
  if (!hydrated || today <= lastOkDay || today > expiresOn) return null;
  return <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">{label}</span>;
}
