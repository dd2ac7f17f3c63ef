import 'server-only';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { COUNT_CAP } from '@/server/modules/catalog/search/capped';

/** What an engine found, before the page's products are read (ADR 0075). */
export interface Hits {
  /** Substance ids in result order. */
  ids: number[];
  scores: Map<number, number> | null;
  partial: boolean;
}

/**
 * The products a hit must have: `where` is the filters' condition on a product `p` (active first). With no
 * filter but that (`activeOnly`), the screens read the substance's own `listed` flag, kept by statement
 * triggers on `products` (migration 0028), instead of looking up its products for every hit: half of a common
 * fragment's screen at a million structures was that look-up.
 */
export interface ProductFilter {
  where: SQL;
  activeOnly: boolean;
}

/** The substance `s` has an active product the filter keeps. */
export function hasProducts(filter: ProductFilter): SQL {
  return filter.activeOnly ? sql`s.listed` : sql`exists (select 1 from products p where p.substance_id = s.id and ${filter.where})`;
}

/** Smallest first (closest to the fragment), then by id: a stable order for numbered pages. */
export function bySize(rows: { id: number; heavy_atoms: number }[]): number[] {
  return [...rows].sort((a, b) => a.heavy_atoms - b.heavy_atoms || a.id - b.id).map((r) => Number(r.id));
}

/** Best score first, then by id; the first 10,001. */
export function byScore(pairs: { id: number; score: number }[]): Hits {
  pairs.sort((a, b) => b.score - a.score || a.id - b.id);
  const kept = pairs.slice(0, COUNT_CAP + 1);
  return { ids: kept.map((p) => p.id), scores: new Map(kept.map((p) => [p.id, p.score])), partial: false };
}

/**
 * Up to `wanted` rows from two halves of the substances screened at once (ADR 0094), the same rows whichever half
 * answers first: each half is asked for its share; when one stops at its share while the other ran short of its
 * own, the first is asked again for as many as the other left. When both halves are full, both shares come back
 * (one row more than `wanted` when it is odd) — past the cap either way. Null when a screen ran out of time.
 */
export async function fromHalves<T>(screen: (half: number, cap: number) => Promise<T[] | null>, wanted: number): Promise<T[] | null> {
  const share = Math.ceil(wanted / 2);
  let [even, odd] = await Promise.all([screen(0, share), screen(1, share)]);
  if (even && odd && even.length + odd.length < wanted) {
    if (even.length === share) even = await screen(0, wanted - odd.length);
    else if (odd.length === share) odd = await screen(1, wanted - even.length);
  }
  return even && odd ? [...even, ...odd] : null;
}

/**
 * Gives the event loop a turn between a search's queries. PGlite answers on the event loop, often
 * without one (its promises settle as microtasks): a search's queries would otherwise run as one block.
 */
export function giveTurn(): Promise<void> {
  return nextTurn();
}
