import { afterAll, beforeAll } from 'vitest';
import { setStructurePool, STRUCTURE_QUEUE, STRUCTURE_WORKER_SCRIPT, type StructureReading, type StructureTask } from '@/server/modules/chemistry/structures';
import { WorkerPool } from '@/server/modules/chemistry/worker-pool';

/**
 * A pool of the real structure workers with a time limit far above any drawing's, so that a test of
 * drawing does not depend on the machine's load (a pause past the 1.5 s limit on a busy machine would
 * read as "too complex"). The time limit itself is tested with the gated worker (test/workers/gate.ts).
 */
export function patientStructurePool(): WorkerPool<StructureTask, StructureReading> {
  return new WorkerPool<StructureTask, StructureReading>({
    script: STRUCTURE_WORKER_SCRIPT, timeoutMs: 60_000, maxQueue: STRUCTURE_QUEUE, maxWaitMs: 60_000,
  });
}

/** Installs a patient pool for the file's tests and restores the one it replaced after them. */
export function withPatientStructurePool(): { pool: () => WorkerPool<StructureTask, StructureReading> } {
  let pool: WorkerPool<StructureTask, StructureReading> | undefined;
  let previous: WorkerPool<StructureTask, StructureReading> | undefined;
  beforeAll(() => {
    pool = patientStructurePool();
    previous = setStructurePool(pool);
  });
  afterAll(async () => {
    setStructurePool(previous);
    await pool?.close();
  });
  return {
    pool: () => {
      if (!pool) throw new Error('the patient structure pool is installed in beforeAll');
      return pool;
    },
  };
}
