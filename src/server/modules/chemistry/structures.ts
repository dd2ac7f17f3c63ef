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
  /**
   * A fragment (SMILES) whose substructure matches are coloured in the drawing (structure search's
   * substructure mode); one that does not parse or does not match draws the structure plainly.
   */
  highlight?: string | null;
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

/** Most structure workers `STRUCTURE_WORKERS` may ask for. */
export const MAX_STRUCTURE_WORKERS = 16;

/**
 * `STRUCTURE_WORKERS`: unset or empty for the default (from the cores), else a whole number of
 * threads from 1 to 16; anything else throws (the start refuses it, scripts/start.ts).
 */
export function parseStructureWorkers(value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (!/^\d{1,2}$/.test(text) || Number(text) < 1 || Number(text) > MAX_STRUCTURE_WORKERS) {
    throw new Error(`STRUCTURE_WORKERS must be a whole number of structure worker threads from 1 to ${MAX_STRUCTURE_WORKERS}, or unset for the default; got "${value}"`);
  }
  return Number(text);
}

/** The pool's size from the environment; a bad value (which the start refuses) is logged and the default taken. */
function configuredPoolSize(): number | undefined {
  try {
    return parseStructureWorkers(process.env.STRUCTURE_WORKERS);
  } catch (error) {
    log('error', 'structure.workers.config', { reason: (error as Error).message });
    return undefined;
  }
}

const global = globalThis as unknown as { __structurePool?: WorkerPool<StructureTask, StructureReading> };

export function structurePool(): WorkerPool<StructureTask, StructureReading> {
  global.__structurePool ??= new WorkerPool<StructureTask, StructureReading>({
    script: STRUCTURE_WORKER_SCRIPT,
    size: configuredPoolSize(),
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
 * Starts the structure workers (at server start), so that a worker script that cannot load is an
 * error in the log at boot rather than a surprise at the first drawing. Never throws: the server
 * serves on, and structures answer "too complex" until a worker starts.
 */
export async function warmStructurePool(): Promise<boolean> {
  try {
    await structurePool().warm();
    return true;
  } catch (error) {
    log('error', 'structure.workers.failed', { reason: (error as Error).message });
    return false;
  }
}

/**
 * Reads a SMILES in a structure worker: over a cap, it is not parsed at all. A full pool answers
 * 503 `structureBusy` (AppError), so that callers never wait long for a worker.
 */
export async function readStructure(smiles: string, want: { draw?: { width: number; height: number; highlight?: string | null }; formula?: boolean }): Promise<StructureOutcome> {
  const fault = smilesLimitFault(smiles);
  if (fault) return { kind: 'overLimit', fault };
  const highlight = want.draw?.highlight;
  if (highlight && smilesLimitFault(highlight)) return { kind: 'overLimit', fault: smilesLimitFault(highlight) as SmilesLimitFault };
  try {
    return await structurePool().run({
      smiles, draw: Boolean(want.draw), width: want.draw?.width ?? 0, height: want.draw?.height ?? 0, highlight: highlight || null,
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

/**
 * Why a SMILES cannot be kept on a product (a message key under `api.errors`), or null: openchemlib, which
 * draws it, must read it within the caps and the time limit. A product save and an import both ask.
 */
export async function smilesFault(smiles: string): Promise<'smilesTooLong' | 'smilesTooManyAtoms' | 'structureTooComplex' | 'catalogProductSmilesInvalid' | null> {
  const outcome = await readStructure(smiles, {});
  switch (outcome.kind) {
    case 'ok': return null;
    case 'overLimit': return outcome.fault;
    case 'tooManyAtoms': return 'smilesTooManyAtoms';
    case 'tooComplex': return 'structureTooComplex';
    default: return 'catalogProductSmilesInvalid';
  }
}
