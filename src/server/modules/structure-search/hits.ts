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

/** The substance `s` has an active product the filters keep. */
export function hasProducts(filters: SQL): SQL {
  return sql`exists (select 1 from products p where p.substance_id = s.id and ${filters})`;
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
 * Gives the event loop a turn between a search's queries. PGlite answers on the event loop, often
 * without one (its promises settle as microtasks): a search's queries would otherwise run as one block.
 */
export function giveTurn(): Promise<void> {
  return nextTurn();
}
