import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { log } from '@/server/log';
import { takeLease } from '@/server/modules/approvals/reminders';
import { linkBatch, type SubstanceFault } from './store';

/**
 * Products waiting for their substance are linked by the server itself (ADR 0087): a database upgraded to
 * migration 0025 has every product's SMILES and no substance, and structure search finds none of them
 * until they are read. At start, when any product has a structure and no substance, one instance — the
 * one holding the lease `substance-catch-up` — reads them in the structure workers, a batch at a time,
 * each committed (so it resumes where it stopped: the products still without one), renewing the lease
 * per batch. Structures RDKit refuses stay without a substance and are listed in the log.
 */

export const CATCH_UP_LEASE = 'substance-catch-up';
/** How long the lease holds without a renewal: far longer than one batch takes on a busy machine. */
const LEASE_MS = 10 * 60_000;
const INSTANCE = randomUUID();

/** Products with a structure and no substance: what structure search cannot find yet. */
export async function productsWaitingForSubstance(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from products where smiles is not null and smiles <> '' and substance_id is null`));
  return Number(row?.n ?? 0);
}

async function anyWaiting(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ waiting: boolean }>(await db.execute(sql`
    select exists (select 1 from products where smiles is not null and smiles <> '' and substance_id is null) as waiting`));
  return Boolean(row?.waiting);
}

/** Who links the waiting products now, and until when (null when nobody holds the lease). */
export async function catchUpHolder(db: Db): Promise<{ holder: string; until: Date } | null> {
  const [row] = rowsOf<{ holder: string; until: string | Date }>(await db.execute(sql`
    select holder, until from job_leases where name = ${CATCH_UP_LEASE} and until > now()`));
  return row ? { holder: row.holder, until: new Date(row.until) } : null;
}

export interface CatchUp {
  products: number;
  refused: SubstanceFault[];
}

/**
 * Links every product with a structure and no substance, in batches, while `holder` holds the lease
 * (taken, and renewed before each batch); answers what it did, or null when another instance holds the
 * lease (or took it over meanwhile). The lease is given up at the end.
 */
export async function catchUpSubstances(db: Db, params: { holder: string; batch?: number; leaseMs?: number }): Promise<CatchUp | null> {
  const leaseMs = params.leaseMs ?? LEASE_MS;
  if (!(await takeLease(db, CATCH_UP_LEASE, params.holder, leaseMs))) return null;
  const done: CatchUp = { products: 0, refused: [] };
  try {
    for (let afterId = 0; ;) {
      const step = await linkBatch(db, { afterId, batch: params.batch ?? 500, onlyMissing: true });
      if (!step) return done;
      afterId = step.lastId;
      done.products += step.products;
      done.refused.push(...step.refused);
      if (!(await takeLease(db, CATCH_UP_LEASE, params.holder, leaseMs))) return null;
    }
  } finally {
    await db.execute(sql`update job_leases set until = now() where name = ${CATCH_UP_LEASE} and holder = ${params.holder}`);
  }
}

const globalCatchUp = globalThis as unknown as { __substanceCatchUp?: boolean };

/**
 * Once per process, after start: when products wait for their substance, links them in the background
 * (`catchUpSubstances` under the lease). An instance that finds the lease held looks again once it
 * would have run out, until no product waits or it has done the work itself.
 */
export function startSubstanceCatchUp(getDb: () => Promise<Db>): void {
  if (globalCatchUp.__substanceCatchUp || process.env.SUBSTANCE_CATCH_UP === 'off') return;
  globalCatchUp.__substanceCatchUp = true;
  const run = async (): Promise<void> => {
    try {
      const db = await getDb();
      if (!(await anyWaiting(db))) return;
      log('info', 'structure.catch_up_start', { waiting: await productsWaitingForSubstance(db) });
      const result = await catchUpSubstances(db, { holder: INSTANCE });
      if (!result) {
        setTimeout(() => void run(), LEASE_MS).unref();
        return;
      }
      log(result.refused.length > 0 ? 'warn' : 'info', 'structure.catch_up_done', {
        products: result.products, refused: result.refused.length,
        examples: result.refused.slice(0, 10).map((f) => `${f.itemNo}: ${f.message}`),
      });
    } catch (error) {
      log('warn', 'structure.catch_up_failed', { message: error instanceof Error ? error.message : String(error) });
    }
  };
  void run();
}
