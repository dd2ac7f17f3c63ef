import 'server-only';
import { sql } from 'drizzle-orm';
import { presetDb, type Db } from '@/server/db/client';

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

/**
 * Operators cost four times the default in search queries. A row's substring lexemes (six
 * regexp_replace calls and their arrays) cost the planner as much as a comparison per call but
 * take ≈ 65 µs, so on a small catalogue it read every active row through a partial btree and
 * computed them per row (0.3–0.6 s on the demo database) instead of asking the substring index
 * (2–13 ms). Priced closer to what they cost, the index wins at every size.
 */
export const OPERATOR_COST = 'set local cpu_operator_cost = 0.01';

/**
 * No parallel workers for search queries (ADR 0077). A rare name key read from every bucket in one
 * scan asks the substring index for as many lexemes as there are buckets, which the planner prices as
 * a large bitmap and hands to two workers: starting them cost 30–40 ms for a scan of 34 buffers at 1M
 * products. A capped search reads at most 10,001 rows; on two shared cores workers only add startup.
 */
export const NO_PARALLEL = 'set local max_parallel_workers_per_gather = 0';

/**
 * Heap pages of a bitmap read asked of the operating system ahead of their turn (ADR 0101). A name key
 * in tens of thousands of products reads its first 10,001 rows through the substring index's bitmap,
 * about one heap page a row (8,700 pages at 13M products); with the server's default of one page
 * ahead a key's first search waited for each page from disk in turn (p95 412–442 ms for Chinese names
 * and pinyin), with 256 ahead the disk reads them side by side (115–130 ms). Pages already in memory
 * cost the same either way.
 */
export const PREFETCH = 'set local effective_io_concurrency = 256';

/** The settings of every search transaction. */
export const SEARCH_SETTINGS = [NO_SEQSCAN, NO_JIT, OPERATOR_COST, NO_PARALLEL, PREFETCH] as const;

const SETTING = /^set local (\w+) = ([\w.]+)$/;

/** The name and value of one of the settings above. */
function parseSetting(setting: string): [string, string] {
  const m = SETTING.exec(setting);
  if (!m) throw new Error(`not a planner setting: ${setting}`);
  return [m[1] as string, m[2] as string];
}

/** SEARCH_SETTINGS as the settings a session starts with (`presetDb`). */
export const SEARCH_SESSION: Readonly<Record<string, string>> = Object.fromEntries(SEARCH_SETTINGS.map(parseSetting));

/**
 * Applies SET LOCAL planner settings (the constants above) in one round trip: `set_config(…, true)`
 * is SET LOCAL as a function, on PostgreSQL and PGlite alike.
 */
export async function applySettings(tx: Db, settings: readonly string[]): Promise<void> {
  if (settings.length === 0) return;
  const calls = settings.map((s) => {
    const [name, value] = parseSetting(s);
    return `set_config('${name}', '${value}', true)`;
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

/**
 * Search work under SEARCH_SETTINGS (ADR 0014): on PostgreSQL through the pool whose sessions
 * start with them, each query alone — no transaction, one round trip; on PGlite or inside a
 * transaction, in a transaction that sets them. `work` may add SET LOCAL settings of its own
 * (`inTransaction`).
 */
export async function withSearchSettings<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const preset = presetDb(db, SEARCH_SESSION);
  return preset ? work(preset) : inTransaction(db, SEARCH_SETTINGS, work);
}
