import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { log } from '@/server/log';

/**
 * The kept catalogue counts' fold (ADR 0078, ADR 0079). The triggers on `products` only insert changes into
 * `catalogue_count_changes`, so that writers of products never wait for each other on a count's row; this adds
 * the committed changes to `catalogue_counts` and removes them, in one short transaction. Readers read both
 * together (`catalogue_count_rows`), so a fold changes how much they read, never what they count.
 */

/** How often a server process folds the changes (any instance may; two folds at once take disjoint changes). */
export const FOLD_INTERVAL_MS = 10_000;

/**
 * Adds every committed change to the kept counts; returns how many counts' rows changed. The changes it removed
 * are then vacuumed away at once: every list's count reads the changes' table whole, and a deleted row stays in it
 * until a vacuum. PGlite never vacuums on its own, nor does a server with autovacuum off: after a load of 13M
 * products 419,880 dead changes made each count read 3,500 pages (5–23 ms; ADR 0101). Not in a transaction.
 */
export async function foldCatalogueCounts(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select fold_catalogue_counts() as n`));
  const changed = Number(row?.n ?? 0);
  if (changed > 0) await db.execute(sql`vacuum catalogue_count_changes`);
  return changed;
}

const globalJobs = globalThis as unknown as { __catalogueCountFold?: NodeJS.Timeout };

/** Folds the changes every `intervalMs` in this process, from the server's start on; once per process. */
export function startCatalogueCountFolding(getDb: () => Promise<Db>, intervalMs = FOLD_INTERVAL_MS): void {
  if (globalJobs.__catalogueCountFold) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await foldCatalogueCounts(await getDb());
    } catch (error) {
      log('warn', 'catalog.count_fold_failed', { message: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  globalJobs.__catalogueCountFold = setInterval(() => void tick(), intervalMs);
  globalJobs.__catalogueCountFold.unref();
}
