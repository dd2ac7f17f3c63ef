import 'server-only';
import { sql } from 'drizzle-orm';
import { isPostgresPool, type Db } from '@/server/db/client';
import { log } from '@/server/log';

/**
 * Merges the products' GIN pending lists from a second connection while an import writes its batches
 * (ADR 0053). A GIN index takes new entries into a pending list and merges the list into the index
 * once it outgrows `gin_pending_list_limit`; the merge is most of what a product insert costs, and it
 * ran inside the batch's own insert, on the one core that also writes everything else. Merged from
 * here, it runs beside the batches on the other core: the inserting backend skips its own merge while
 * another backend holds the list (PostgreSQL's `ginInsertCleanup`), and the list stays short, which
 * storefront searches read in full. PGlite has one connection: nothing to do there.
 *
 * Merging needs the indexes' owner (the role that ran the migrations); under another role the first
 * attempt fails, is logged, and the import goes on with the merges in its own inserts, as before.
 */

export const PENDING_MERGE_INTERVAL_MS = 50;

export interface PendingMerge {
  /** Stops merging; resolves once the merge under way, if any, has ended. */
  stop(): Promise<void>;
}

const idle: PendingMerge = { stop: async () => {} };

export function startPendingMerge(db: Db, intervalMs = PENDING_MERGE_INTERVAL_MS): PendingMerge {
  if (!isPostgresPool(db)) return idle;
  let running = true;
  let wake: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pause = () => new Promise<void>((resolve) => {
    wake = resolve;
    timer = setTimeout(resolve, intervalMs);
  });
  const loop = (async () => {
    while (running) {
      try {
        await db.execute(sql`
          select gin_clean_pending_list(i.indexrelid::regclass)
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
          where i.indrelid = 'products'::regclass and a.amname = 'gin'`);
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
        log('warn', 'import.pending_merge_failed', { cause, message: error instanceof Error ? error.message.slice(0, 500) : String(error) });
        return;
      }
      if (running) await pause();
    }
  })();
  return {
    async stop() {
      running = false;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
