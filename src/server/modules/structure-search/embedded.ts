import 'server-only';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { COUNT_CAP } from '@/server/modules/catalog/search/capped';
import { intArray } from '@/server/modules/catalog/search/conditions';
import { screenRows, substancePool, type ScreenResult, type SharedSnapshot } from './engine';
import { byScore, bySize, giveTurn, hasProducts, type Hits, type ProductFilter } from './hits';

/**
 * The embedded engine (ADR 0075 §4, ADR 0081): every substance's fingerprints and binary molecule are
 * read from the database once into shared memory, which the structure workers screen in place (a
 * SharedArrayBuffer handed over with each task is not copied). A search reads one version stamp of
 * the table; when it changed (a product save, a rebuild, an import wrote substances) the snapshot is
 * read again before the search. The hits are then kept to substances with products the filters keep,
 * in one query per screened slice.
 */

/** Bytes of a 2048-bit fingerprint. */
const FP_BYTES = 256;
/** Rows read per query while loading: each read stays a short turn of the event loop. */
const LOAD_CHUNK = 500;
/** Rows per worker task: a substructure slice parses its candidates' molecules, a similarity slice only compares bytes. */
const SUB_SLICE = 4000;
const SIM_SLICE = 50_000;

interface Snapshot {
  version: string;
  rows: number;
  shared: SharedSnapshot;
  /** Heavy atoms by row (substructure hits are listed smallest first). */
  atoms: Int16Array;
  /** Row of each substance id. */
  rowOf: Map<number, number>;
  /** Bytes held in shared memory. */
  bytes: number;
}

const snapshots = new WeakMap<Db, { version: string; snapshot: Promise<Snapshot> }>();

/** Snapshots read from the database since start (tests, the benchmark). */
export const snapshotLoads = { count: 0 };

/**
 * Changes whenever a substance is inserted or rewritten: the id sequence moves on every insert and on
 * every upsert (`saveSubstance` asks it for an id before the conflict), and the largest id moves with
 * rows written with their own ids (the catalogue generator). Deleted substances have no products, so a
 * snapshot that still holds them finds nothing more.
 */
async function versionOf(db: Db): Promise<string> {
  const [row] = rowsOf<{ v: string }>(await db.execute(sql`
    select concat_ws(':', q.last_value, q.is_called, (select max(id) from substances)) as v from substances_id_seq q`));
  return row?.v ?? '';
}

function shared(bytes: number): SharedArrayBuffer {
  return new SharedArrayBuffer(Math.max(1, bytes));
}

async function load(db: Db, version: string): Promise<Snapshot> {
  const ids: number[] = [];
  const atoms: number[] = [];
  const patterns: Uint8Array[] = [];
  const morgans: Uint8Array[] = [];
  const mols: Uint8Array[] = [];
  let molBytes = 0;
  for (let after = 0; ;) {
    const rows = rowsOf<{ id: number; heavy_atoms: number; pattern: Uint8Array; morgan: Uint8Array; mol: Uint8Array }>(await db.execute(sql`
      select id, heavy_atoms, pattern, morgan, mol from substances where id > ${after} order by id limit ${LOAD_CHUNK}`));
    for (const r of rows) {
      ids.push(Number(r.id));
      atoms.push(r.heavy_atoms);
      patterns.push(r.pattern);
      morgans.push(r.morgan);
      mols.push(r.mol);
      molBytes += r.mol.length;
    }
    if (rows.length < LOAD_CHUNK) break;
    after = ids[ids.length - 1] ?? after;
    await nextTurn();
  }
  const n = ids.length;
  const snap: SharedSnapshot = {
    ids: shared(4 * n), pattern: shared(FP_BYTES * n), morgan: shared(FP_BYTES * n), molAt: shared(4 * (n + 1)), mols: shared(molBytes), fpBytes: FP_BYTES,
  };
  const idView = new Int32Array(snap.ids);
  const patternView = new Uint8Array(snap.pattern);
  const morganView = new Uint8Array(snap.morgan);
  const molAt = new Int32Array(snap.molAt);
  const molView = new Uint8Array(snap.mols);
  // A pattern fingerprint of another size lets the row through to the real match (all ones); a Morgan one scores 0.
  patternView.fill(0xff);
  let at = 0;
  for (let i = 0; i < n; i += 1) {
    idView[i] = ids[i] as number;
    patternView.set((patterns[i] as Uint8Array).subarray(0, FP_BYTES), i * FP_BYTES);
    if (morgans[i]?.length === FP_BYTES) morganView.set(morgans[i] as Uint8Array, i * FP_BYTES);
    molAt[i] = at;
    molView.set(mols[i] as Uint8Array, at);
    at += (mols[i] as Uint8Array).length;
  }
  molAt[n] = at;
  snapshotLoads.count += 1;
  return {
    version, rows: n, shared: snap, atoms: Int16Array.from(atoms), rowOf: new Map(ids.map((id, i) => [id, i])),
    bytes: 4 * n + 2 * FP_BYTES * n + 4 * (n + 1) + molBytes,
  };
}

/** The snapshot of the table as it is now: the one held, or a new one when the version stamp moved. */
export async function snapshotOf(db: Db): Promise<Snapshot> {
  const version = await versionOf(db);
  await giveTurn();
  let held = snapshots.get(db);
  if (!held || held.version !== version) {
    const entry = { version, snapshot: load(db, version) };
    snapshots.set(db, entry);
    entry.snapshot.catch(() => {
      if (snapshots.get(db) === entry) snapshots.delete(db);
    });
    held = entry;
  }
  return held.snapshot;
}

/** Of `ids` (in order), those with products the filters keep. */
async function withProducts(db: Db, ids: number[], filters: ProductFilter): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select s.id from substances s where s.id = any(${intArray(ids)}) and ${hasProducts(filters)}`));
  const kept = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => kept.has(id));
}

/**
 * Screens the snapshot in slices across the workers (as many at once as the pool has threads), in id
 * order, until the hits are capped or the budget is spent.
 */
export async function embeddedHits(db: Db, mode: 'sub' | 'sim', smiles: string, threshold: number, filters: ProductFilter, deadline: number): Promise<Hits> {
  const snap = await snapshotOf(db);
  const width = substancePool().size;
  const size = Math.max(1, Math.min(mode === 'sub' ? SUB_SLICE : SIM_SLICE, Math.ceil(snap.rows / width)));
  const slices: [number, number][] = [];
  for (let from = 0; from < snap.rows; from += size) slices.push([from, Math.min(snap.rows, from + size)]);
  const running: Promise<ScreenResult>[] = [];
  const start = (i: number) => {
    const [from, to] = slices[i] as [number, number];
    running[i] = screenRows({ mode, smiles, threshold, snapshot: snap.shared, from, to });
    running[i].catch(() => undefined);
  };
  for (let i = 0; i < Math.min(width, slices.length); i += 1) start(i);
  const subHits: { id: number; heavy_atoms: number }[] = [];
  const simHits: { id: number; score: number }[] = [];
  let partial = false;
  for (let i = 0; i < slices.length; i += 1) {
    if (!running[i]) {
      if (Date.now() > deadline) {
        partial = true;
        break;
      }
      start(i);
    }
    const found = await (running[i] as Promise<ScreenResult>);
    const next = running.length;
    if (next < slices.length && Date.now() <= deadline) start(next);
    const score = new Map(found.ids.map((id, k) => [id, found.scores[k] ?? 0]));
    await giveTurn();
    for (const id of await withProducts(db, found.ids, filters)) {
      if (mode === 'sub') subHits.push({ id, heavy_atoms: snap.atoms[snap.rowOf.get(id) ?? 0] ?? 0 });
      else simHits.push({ id, score: score.get(id) ?? 0 });
    }
    if (mode === 'sub' && subHits.length > COUNT_CAP) break;
  }
  if (mode === 'sub') return { ids: bySize(subHits).slice(0, COUNT_CAP + 1), scores: null, partial };
  return { ...byScore(simHits), partial };
}

/** Rows and bytes of the snapshot held for a database, if any (the benchmark's memory figure). */
export async function heldSnapshot(db: Db): Promise<{ rows: number; bytes: number } | null> {
  const held = snapshots.get(db);
  if (!held) return null;
  const snap = await held.snapshot;
  return { rows: snap.rows, bytes: snap.bytes };
}
