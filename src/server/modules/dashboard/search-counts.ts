import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { searchDailyCounts } from '@/server/db/schema';
import { log } from '@/server/log';
import { shopDay } from '@/server/modules/tracking/service';

/**
 * Counts one storefront search (the first page of a keyed search) for the dashboard's top searches
 * and searches that found nothing: one upserted row per day, type and key (lower case, trimmed, at
 * most 50 characters). Type 0 is a search over every field.
 */
export async function countSearch(db: Db, params: { key: string; type: number | null; found: number; now: Date }): Promise<void> {
  const key = params.key.trim().toLowerCase().slice(0, 50);
  if (!key) return;
  const empty = params.found === 0 ? 1 : 0;
  await db.insert(searchDailyCounts)
    .values({ day: shopDay(params.now), searchType: params.type ?? 0, searchKey: key, searches: 1, emptySearches: empty })
    .onConflictDoUpdate({
      target: [searchDailyCounts.day, searchDailyCounts.searchType, searchDailyCounts.searchKey],
      set: { searches: sql`${searchDailyCounts.searches} + 1`, emptySearches: sql`${searchDailyCounts.emptySearches} + ${empty}` },
    });
}

/** Counts that were started beside an answer and have not finished yet. */
const pending = new Set<Promise<void>>();

/**
 * Counts a search beside the answer, never in its way: the caller does not wait, and a failed
 * count is only logged.
 */
export function countSearchBeside(db: Db, params: { key: string; type: number | null; found: number; now: Date }): void {
  const counting = countSearch(db, params)
    .catch((error: unknown) => log('warn', 'search.count_failed', { error: String(error) }))
    .finally(() => pending.delete(counting));
  pending.add(counting);
}

/** Resolves once every count started so far has been written (or has failed). */
export async function searchCountsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
