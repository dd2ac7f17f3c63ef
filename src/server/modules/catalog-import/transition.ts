import 'server-only';
import type { AuditAction } from '@/contracts/audit-vocabulary';
import { eq, sql } from 'drizzle-orm';
import type { ImportJobStatus } from '@/contracts/catalog-import';
import type { Db } from '@/server/db/client';
import { importJobs, type ImportJob } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/**
 * The one transition function of import jobs (ADR 0034). A running job may "start" again: that is
 * another instance taking up a job whose lease ran out. Finished jobs stay as they are.
 */
export const IMPORT_TRANSITIONS: Record<ImportJobStatus, readonly ImportJobStatus[]> = {
  queued: ['running', 'cancelled'],
  running: ['running', 'succeeded', 'failed', 'cancelled'],
  succeeded: [],
  failed: [],
  cancelled: [],
};

const ACTIONS: Record<ImportJobStatus, AuditAction> = {
  queued: 'queue', running: 'start', succeeded: 'succeed', failed: 'fail', cancelled: 'cancel',
};

/** How long a claimed job is its runner's without a sign of life (each committed batch renews it). */
export const LEASE_SECONDS = 60;

export interface TransitionExtra {
  /** The runner taking the job ('running'). */
  owner?: string;
  failure?: string;
  rowsTotal?: number;
}

/**
 * Moves a job, locked by the caller (`for update` in `tx`), to `to`: checks the table, sets the
 * lease and timestamps, and writes the audit row in the same transaction. 409 `importTransitionInvalid`
 * for a move the table does not allow.
 */
export async function transitionImportJob(tx: Db, actor: AuditActor, job: ImportJob, to: ImportJobStatus, extra: TransitionExtra = {}): Promise<void> {
  if (!IMPORT_TRANSITIONS[job.status].includes(to)) throw new AppError(409, 'importTransitionInvalid', { from: job.status, to });
  const finished = to === 'succeeded' || to === 'failed' || to === 'cancelled';
  await tx.update(importJobs).set({
    status: to,
    updatedAt: sql`now()`,
    ...(to === 'running' ? {
      leaseOwner: extra.owner ?? null, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${importJobs.attempts} + 1`, startedAt: sql`coalesce(${importJobs.startedAt}, now())`,
    } : {}),
    ...(finished ? { leaseOwner: null, leaseUntil: null, finishedAt: sql`now()` } : {}),
    ...(extra.failure !== undefined ? { failure: extra.failure } : {}),
    ...(extra.rowsTotal !== undefined ? { rowsTotal: extra.rowsTotal } : {}),
  }).where(eq(importJobs.id, job.id));
  await recordAudit(tx, actor, {
    action: ACTIONS[to], entity: 'import_job', entityId: job.id,
    before: { status: job.status }, after: { status: to },
    note: { ...(extra.owner ? { owner: extra.owner } : {}), ...(extra.failure ? { failure: extra.failure } : {}), attempt: job.attempts + (to === 'running' ? 1 : 0) },
  });
}

/** The job, locked for a transition; 404 when there is none. */
export async function lockImportJob(tx: Db, id: number): Promise<ImportJob> {
  const [job] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update');
  if (!job) throw new AppError(404, 'importJobNotFound');
  return job;
}
