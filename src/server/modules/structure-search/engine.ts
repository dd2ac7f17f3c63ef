import 'server-only';
import path from 'node:path';
import { countSmilesAtoms, MAX_SMILES_CHARS, MAX_STRUCTURE_ATOMS } from '@/lib/structure-limits';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { WorkerBusyError, WorkerFailedError, WorkerPool, WorkerTimeoutError } from '@/server/modules/chemistry/worker-pool';

/**
 * RDKit.js in worker threads (ADR 0075): reading a structure into a substance's facts, and screening
 * stored substances against a query. Nothing here runs RDKit on the event loop. The pool is apart
 * from the drawing pool (chemistry/structures.ts, openchemlib), with the same caps: a time limit per
 * task, a bounded queue, 503 `structureBusy` when full.
 */

/** Characters of a structure key: a MOL block (a SMILES keeps the cap of ADR 0017, 1,000). */
export const MAX_STRUCTURE_KEY_CHARS = 20_000;
/** Time one read or one screened chunk may take in its worker. */
export const SUBSTANCE_TASK_MS = 1500;

export type StructureInvalidReason = 'syntax' | 'ring' | 'valence' | 'aromatic' | 'empty' | 'molBlock';

export interface SubstanceFacts {
  kind: 'ok';
  /** RDKit's canonical SMILES. */
  smiles: string;
  /** Null for a structure InChI cannot describe (a query atom `*`). */
  inchikey: string | null;
  formula: string;
  weight: number;
  heavyAtoms: number;
  /** `rdkit-js <version>`: the engine of the fingerprints. */
  engine: string;
}

export interface SubstanceRecord extends SubstanceFacts {
  mol: Uint8Array;
  morgan: Uint8Array;
  pattern: Uint8Array;
}

export type SubstanceReading<F> =
  | F
  | { kind: 'invalid'; reason: StructureInvalidReason; detail: string | null }
  | { kind: 'tooManyAtoms'; atoms: number }
  | { kind: 'tooLong' }
  | { kind: 'tooComplex' };

/** A structure's canonical SMILES alone (an exact search's first look-up). */
export interface CanonicalFacts { kind: 'ok'; smiles: string; heavyAtoms: number }

/**
 * What the structure workers screen (embedded.ts): every substance's id, fingerprints and binary
 * molecule in shared memory, handed to a worker by reference with each task, never copied.
 */
export interface SharedSnapshot {
  /** Substance ids, ascending (Int32). */
  ids: SharedArrayBuffer;
  /** Pattern fingerprints, `fpBytes` per row. */
  pattern: SharedArrayBuffer;
  /** Morgan fingerprints, `fpBytes` per row. */
  morgan: SharedArrayBuffer;
  /** Where row i's molecule starts in `mols` (Int32, one more than the rows). */
  molAt: SharedArrayBuffer;
  /** The rows' binary molecules, one after the other. */
  mols: SharedArrayBuffer;
  fpBytes: number;
}

interface ReadTask { op: 'read'; text: string; maxAtoms: number; keep: boolean }
interface CanonTask { op: 'canon'; text: string; maxAtoms: number }
export interface ScreenTask { op: 'screen'; mode: 'sub' | 'sim'; smiles: string; threshold: number; snapshot: SharedSnapshot; from: number; to: number }
interface SimilarityTask { op: 'similarity'; a: string; b: string }
interface InchikeyTask { op: 'inchikey'; inchi: string }
type Task = ReadTask | CanonTask | ScreenTask | SimilarityTask | InchikeyTask;
export interface ScreenResult { ids: number[]; scores: (number | null)[]; screened: number }

export const SUBSTANCE_WORKER_SCRIPT = path.join(process.cwd(), 'src', 'server', 'modules', 'structure-search', 'substance-worker.mjs');

const global = globalThis as unknown as { __substancePool?: WorkerPool<Task, unknown> };

export function substancePool(): WorkerPool<Task, unknown> {
  global.__substancePool ??= new WorkerPool<Task, unknown>({
    script: SUBSTANCE_WORKER_SCRIPT,
    size: process.env.STRUCTURE_WORKERS ? Math.min(4, Math.max(1, Number(process.env.STRUCTURE_WORKERS) || 1)) : undefined,
    timeoutMs: SUBSTANCE_TASK_MS,
    maxQueue: 64,
    maxWaitMs: 3000,
    maxHeapMb: 512,
  });
  return global.__substancePool;
}

async function run<R>(task: Task): Promise<R> {
  try {
    return (await substancePool().run(task)) as R;
  } catch (error) {
    if (error instanceof WorkerBusyError) throw new AppError(503, 'structureBusy', { retryAfter: 2 });
    throw error;
  }
}

/** A MOL block (V2000 or V3000) rather than a SMILES: it has lines. */
export function isMolBlock(text: string): boolean {
  return /\r?\n/.test(text);
}

/** The caps checked on the text before any parsing: a SMILES as ADR 0017 says, a MOL block up to 20,000 characters. */
export function structureTextFault(text: string): 'tooLong' | 'tooManyAtoms' | null {
  if (isMolBlock(text)) return text.length > MAX_STRUCTURE_KEY_CHARS ? 'tooLong' : null;
  if (text.length > MAX_SMILES_CHARS) return 'tooLong';
  return countSmilesAtoms(text) > MAX_STRUCTURE_ATOMS ? 'tooManyAtoms' : null;
}

async function read<F>(text: string, op: { op: 'read'; keep: boolean } | { op: 'canon' }): Promise<SubstanceReading<F>> {
  const fault = structureTextFault(text);
  if (fault === 'tooLong') return { kind: 'tooLong' };
  if (fault === 'tooManyAtoms') return { kind: 'tooManyAtoms', atoms: countSmilesAtoms(text) };
  try {
    return await run<SubstanceReading<F>>({ ...op, text: isMolBlock(text) ? text.replace(/\r\n/g, '\n') : text.trim(), maxAtoms: MAX_STRUCTURE_ATOMS });
  } catch (error) {
    if (error instanceof WorkerTimeoutError || error instanceof WorkerFailedError) {
      log('warn', 'substance.refused', { reason: error.message, length: text.length });
      return { kind: 'tooComplex' };
    }
    throw error;
  }
}

/** A structure's facts without its binary forms (a search's query). */
export function readStructureKey(text: string): Promise<SubstanceReading<SubstanceFacts>> {
  return read<SubstanceFacts>(text, { op: 'read', keep: false });
}

/** A structure's canonical SMILES and size only, refused for the same reasons: no InChI, no formula (exact search). */
export function readCanonicalSmiles(text: string): Promise<SubstanceReading<CanonicalFacts>> {
  return read<CanonicalFacts>(text, { op: 'canon' });
}

/** Everything a substance row keeps (a product save, the rebuild). */
export function readSubstance(text: string): Promise<SubstanceReading<SubstanceRecord>> {
  return read<SubstanceRecord>(text, { op: 'read', keep: true });
}

/** Rows `from`–`to` of a snapshot screened in a worker. */
export function screenRows(task: Omit<ScreenTask, 'op'>): Promise<ScreenResult> {
  return run<ScreenResult>({ op: 'screen', ...task });
}

/** The InChIKey of an InChI (RDKit.js); null when it cannot be read. */
export async function inchikeyOfInchi(inchi: string): Promise<string | null> {
  if (inchi.length > MAX_SMILES_CHARS) return null;
  try {
    return await run<string | null>({ op: 'inchikey', inchi });
  } catch (error) {
    if (error instanceof WorkerTimeoutError || error instanceof WorkerFailedError) return null;
    throw error;
  }
}

/** Tanimoto of two SMILES on 2048-bit Morgan fingerprints, radius 2 (RDKit.js). */
export function morganSimilarity(a: string, b: string): Promise<number> {
  return run<number>({ op: 'similarity', a, b });
}

/**
 * The message key (under `api.errors`) and details of a reading that is no substance, for a 400 or a
 * per-row message; null for a reading that is one.
 */
export function readingFault(reading: SubstanceReading<{ kind: 'ok' }>): { key: string; details: Record<string, string | number> } | null {
  switch (reading.kind) {
    case 'ok': return null;
    case 'tooLong': return { key: 'structureKeyTooLong', details: {} };
    case 'tooManyAtoms': return { key: 'smilesTooManyAtoms', details: {} };
    case 'tooComplex': return { key: 'structureTooComplex', details: {} };
    case 'invalid': {
      const key = `structureInvalid${reading.reason.charAt(0).toUpperCase()}${reading.reason.slice(1)}`;
      return { key, details: reading.detail === null ? {} : { position: reading.detail, atom: reading.detail } };
    }
  }
}
