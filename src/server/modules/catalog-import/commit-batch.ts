import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { isPostgresPool, type Db } from '@/server/db/client';
import { importJobErrors, importJobs, type ImportJob } from '@/server/db/schema';
import type { AuditActor } from '@/server/modules/audit/record';
import type { SubstanceRecord } from '@/server/modules/structure-search/engine';
import { keepBatchSubstances } from './structures';
import { applyRows, together, type RowOutcome } from './apply-batch';
import type { Step } from './write-batch';
import { LEASE_SECONDS } from './transition';
import type { RowError, ValidRow } from './validate-row';

/**
 * One batch of an import job in one transaction (ADR 0034, ADR 0054): its rows, its refused rows, and the
 * job's counts, checkpoint and lease, committed together or not at all. On PostgreSQL the runner writes
 * two batches at once on two connections; the younger writes its rows at once but moves the checkpoint
 * only once the older has committed, so checkpoints move in the file's order and no batch commits
 * without the ones before it.
 */

export interface CheckedBatch {
  rows: number;
  valid: ValidRow[];
  errors: { rowNo: number; error: RowError }[];
  failedRows: number;
  /** What its structures' reading saved and replaced (ADR 0080, ADR 0087); none when the file has no structure column. */
  substances?: BatchSubstances;
}

/** The substances a batch saved before its transaction (by id), and those its products had before a new or cleared structure. */
export interface BatchSubstances {
  read: Map<number, SubstanceRecord>;
  replaced: Set<number>;
}

export interface Tally {
  /** Products created since the planner's statistics were last taken. */
  created: number;
  /** Whether the last batch written created products for at least half its rows. */
  creating: boolean;
}

/**
 * How long a batch waits, its rows written, for the batch before it to commit. That one may be waiting
 * for a lock of a third transaction which itself waits for a row this batch holds (a staff member's
 * bulk edit of products of both batches): a cycle PostgreSQL cannot see, since its last link is this
 * process. Past this wait the batch rolls back, freeing its rows, and is written again after the other.
 * Below the statement timeout, so that the third transaction is not the one to fail.
 */
export const WAIT_FOR_PREVIOUS_MS = 10_000;

export type BatchEnd = 'committed' | 'stopped' | 'late';

class BatchEnded extends Error {
  constructor(readonly end: Exclude<BatchEnd, 'committed'>) {
    super(end);
  }
}

/** The promise's value, or 'late' once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface CommitContext {
  db: Db;
  job: ImportJob;
  owner: string;
  actor: AuditActor;
  tally: Tally;
  waitForPreviousMs?: number;
}

/**
 * Writes one checked batch, `bytes` into the file. 'stopped' when the job stopped being this runner's
 * (cancelled, taken over) or `previous` — the batch before, written at the same time — did not commit;
 * 'late' when `previous` took longer than the wait (nothing written: write it again once `previous` has
 * ended). A failure of `previous` is this batch's too. On commit, `tally` counts the batch's new products.
 */
export async function commitBatch(ctx: CommitContext, checked: CheckedBatch, bytes: number, previous: Promise<boolean> | null): Promise<BatchEnd> {
  const { db, job, owner, tally } = ctx;
  const { valid, errors, failedRows } = checked;
  const pipeline = isPostgresPool(db);
  try {
    await db.transaction(async (tx) => {
      // Sent with the batch's last write; the job's row is touched only once the batch before has
      // committed (a refused row's foreign key would hold it meanwhile).
      const jobStatements = (outcomes: readonly RowOutcome[]) => [async () => {
        if (previous) {
          const before = await within(previous, ctx.waitForPreviousMs ?? WAIT_FOR_PREVIOUS_MS);
          if (before === 'late') throw new BatchEnded('late');
          if (!before) throw new BatchEnded('stopped');
        }
        const count = (o: RowOutcome) => outcomes.filter((x) => x === o).length;
        const created = count('created');
        let moved: unknown[] = [];
        const steps: Step[] = [];
        for (let i = 0; i < errors.length; i += 1000) {
          const part = errors.slice(i, i + 1000);
          steps.push(() => tx.insert(importJobErrors).values(part.map((e) => ({
            jobId: job.id, rowNo: e.rowNo, column: e.error.column, reason: e.error.reason, value: e.error.value,
          }))));
        }
        // Only while the job is this runner's: a cancel or a takeover in between rolls the batch back.
        steps.push(async () => {
          moved = await tx.update(importJobs).set({
            rowsDone: sql`${importJobs.rowsDone} + ${checked.rows}`,
            created: sql`${importJobs.created} + ${created}`,
            updated: sql`${importJobs.updated} + ${count('updated')}`,
            unchanged: sql`${importJobs.unchanged} + ${count('unchanged')}`,
            failed: sql`${importJobs.failed} + ${failedRows}`,
            bytesDone: Math.min(bytes, job.fileSize),
            leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
            updatedAt: sql`now()`,
          }).where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'running'), eq(importJobs.leaseOwner, owner))).returning({ id: importJobs.id });
        });
        await together(pipeline, steps);
        if (moved.length === 0) throw new BatchEnded('stopped');
        tally.created += created;
        tally.creating = created * 2 >= outcomes.length;
      }];
      await applyRows(tx, ctx.actor, job.id, valid, {
        pipeline,
        // The batch and its checkpoint commit together or not at all; a crash that loses the last commits
        // only has them written again (idempotent). Not waiting for the WAL flush of each batch is safe.
        first: [() => tx.execute(sql`select set_config('synchronous_commit', 'off', true)`), () => keepBatchSubstances(tx, checked)],
        alongside: jobStatements,
      });
    });
    return 'committed';
  } catch (error) {
    if (error instanceof BatchEnded) return error.end;
    throw error;
  }
}
