import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

/** Planner settings of an index walk, applied with SET LOCAL inside the walk's transaction. */
export const WALK_SETTINGS = ['set local enable_seqscan = off', 'set local enable_bitmapscan = off'] as const;

/** Every list runs with this (SET LOCAL): never a sequential scan on products (ADR 0014). */
export const NO_SEQSCAN = 'set local enable_seqscan = off';

/**
 * No JIT compilation for search queries (ADR 0014). The planner's costs of the capped queries
 * cross `jit_above_cost` (price sorts, long lists: 0.1–10 M) although they read at most
 * 10,001 rows, and compiling with inlining and optimisation cost ≈ 0.5 s at 1M products.
 * Harmless where the server has no JIT (PGlite).
 */
export const NO_JIT = 'set local jit = off';

/** The settings of every search transaction. */
export const SEARCH_SETTINGS = [NO_SEQSCAN, NO_JIT] as const;

const SETTING = /^set local (\w+) = (\w+)$/;

/**
 * Applies SET LOCAL planner settings (the constants above) in one round trip: `set_config(…, true)`
 * is SET LOCAL as a function, on PostgreSQL and PGlite alike.
 */
export async function applySettings(tx: Db, settings: readonly string[]): Promise<void> {
  if (settings.length === 0) return;
  const calls = settings.map((s) => {
    const m = SETTING.exec(s);
    if (!m) throw new Error(`not a planner setting: ${s}`);
    return `set_config('${m[1]}', '${m[2]}', true)`;
  });
  await tx.execute(sql.raw(`select ${calls.join(', ')}`));
}

/** Read-only work in one short transaction with SET LOCAL planner settings (none: no transaction). */
export async function inTransaction<T>(db: Db, settings: readonly string[], work: (tx: Db) => Promise<T>): Promise<T> {
  if (settings.length === 0) return work(db);
  return db.transaction(async (tx) => {
    // Sent together: the connection runs them in order, and the work waits for one round trip less.
    const [, result] = await Promise.all([applySettings(tx, settings), work(tx)]);
    return result;
  });
}
