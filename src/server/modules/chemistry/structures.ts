import 'server-only';
import path from 'node:path';
import { MAX_STRUCTURE_ATOMS, smilesLimitFault, type SmilesLimitFault } from '@/lib/structure-limits';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { WorkerBusyError, WorkerFailedError, WorkerPool, WorkerTimeoutError } from './worker-pool';

/**
 * Every reading of a SMILES by the server (ADR 0017): the caps of `src/lib/structure-limits.ts`
 * checked on the text first, then openchemlib in the structure workers, with a time limit. Product
 * preview and save, the product page's drawing, and structure search when it comes all go through
 * `readStructure`; nothing parses a structure on the event loop.
 */

/** Time one structure may take in its worker; past it the worker is replaced and the structure is "too complex". */
export const STRUCTURE_TASK_MS = 1500;
/** Structures that may wait for a worker, and for how long, before the answer is 503 `structureBusy`. */
export const STRUCTURE_QUEUE = 32;
export const STRUCTURE_WAIT_MS = 3000;

export interface StructureTask {
  smiles: string;
  /** Lay the structure out as openchemlib's SVG of this box. */
  draw: boolean;
  width: number;
  height: number;
  /** Work out the formula and molecular weight. */
  formula: boolean;
  maxAtoms: number;
}

/** What a worker answers. */
export type StructureReading =
  | { kind: 'invalid' }
  | { kind: 'tooManyAtoms'; atoms: number }
  | { kind: 'ok'; atoms: number; svg: string | null; formula: string | null; weight: number | null };

/** What `readStructure` answers: a worker's reading, or why there was none. */
export type StructureOutcome =
  | StructureReading
  | { kind: 'overLimit'; fault: SmilesLimitFault }
  /** The worker ran past the time limit, or failed (out of memory): the structure is refused. */
  | { kind: 'tooComplex' };

export const STRUCTURE_WORKER_SCRIPT = path.join(process.cwd(), 'src', 'server', 'modules', 'chemistry', 'structure-worker.mjs');

const global = globalThis as unknown as { __structurePool?: WorkerPool<StructureTask, StructureReading> };

export function structurePool(): WorkerPool<StructureTask, StructureReading> {
  global.__structurePool ??= new WorkerPool<StructureTask, StructureReading>({
    script: STRUCTURE_WORKER_SCRIPT,
    size: process.env.STRUCTURE_WORKERS ? Math.max(1, Number(process.env.STRUCTURE_WORKERS)) : undefined,
    timeoutMs: STRUCTURE_TASK_MS,
    maxQueue: STRUCTURE_QUEUE,
    maxWaitMs: STRUCTURE_WAIT_MS,
  });
  return global.__structurePool;
}

/** Replaces the pool (tests give one with a worker they control); answers the one it replaced. */
export function setStructurePool(pool: WorkerPool<StructureTask, StructureReading> | undefined): WorkerPool<StructureTask, StructureReading> | undefined {
  const previous = global.__structurePool;
  global.__structurePool = pool;
  return previous;
}

/**
 * Reads a SMILES in a structure worker: over a cap, it is not parsed at all. A full pool answers
 * 503 `structureBusy` (AppError), so that callers never wait long for a worker.
 */
export async function readStructure(smiles: string, want: { draw?: { width: number; height: number }; formula?: boolean }): Promise<StructureOutcome> {
  const fault = smilesLimitFault(smiles);
  if (fault) return { kind: 'overLimit', fault };
  try {
    return await structurePool().run({
      smiles, draw: Boolean(want.draw), width: want.draw?.width ?? 0, height: want.draw?.height ?? 0,
      formula: Boolean(want.formula), maxAtoms: MAX_STRUCTURE_ATOMS,
    });
  } catch (error) {
    if (error instanceof WorkerBusyError) throw new AppError(503, 'structureBusy', { retryAfter: 2 });
    if (error instanceof WorkerTimeoutError || error instanceof WorkerFailedError) {
      log('warn', 'structure.refused', { reason: error.message, length: smiles.length });
      return { kind: 'tooComplex' };
    }
    throw error;
  }
}
