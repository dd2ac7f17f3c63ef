import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { intArray } from '@/server/modules/catalog/search/conditions';
import { setTimeout as delay } from 'node:timers/promises';
import { AppError } from '@/server/errors';
import { readingFault, readSubstance, substancePool, type SubstanceRecord } from './engine';

/**
 * Substances as stored (ADR 0075): one row per distinct structure, found by its InChIKey, computed
 * once by RDKit.js in the structure workers; products point at theirs.
 */

/** The identity of a structure: its InChIKey, or `~` and its canonical SMILES when InChI has none (a `*` atom). */
export function identityOf(facts: { inchikey: string | null; smiles: string }): string {
  return facts.inchikey ?? `~${facts.smiles}`;
}

/**
 * Inserts a substance, or refreshes the one of the same InChIKey; answers its id. In a transaction the
 * row stays locked (`FOR KEY SHARE`, which no other linker's lock conflicts with) until the transaction
 * ends, so that `pruneSubstances` cannot remove it before the caller's product points at it; one removed
 * between the insert's conflict and the lock is inserted again.
 */
export async function saveSubstance(db: Db, record: SubstanceRecord): Promise<number> {
  const key = identityOf(record);
  const weight = record.weight.toFixed(3);
  for (let attempt = 1; ; attempt += 1) {
    const rows = rowsOf<{ id: number }>(await db.execute(sql`
      insert into substances (inchikey, smiles, formula, weight, heavy_atoms, mol, morgan, pattern, engine)
      values (${key}, ${record.smiles}, ${record.formula}, ${weight}, ${record.heavyAtoms}, ${record.mol}, ${record.morgan}, ${record.pattern}, ${record.engine})
      on conflict (inchikey) do update set
        smiles = excluded.smiles, formula = excluded.formula, weight = excluded.weight, heavy_atoms = excluded.heavy_atoms,
        mol = excluded.mol, morgan = excluded.morgan, pattern = excluded.pattern, engine = excluded.engine
      where substances.engine is distinct from excluded.engine or substances.smiles is distinct from excluded.smiles
      returning id`));
    if (rows[0]) return Number(rows[0].id);
    const found = rowsOf<{ id: number }>(await db.execute(sql`select id from substances where inchikey = ${key} for key share`));
    if (found[0]) return Number(found[0].id);
    if (attempt >= 3) throw new Error('substance vanished while saved');
  }
}

/**
 * Removes the substances among `ids` (every substance when omitted) that no product uses (ADR 0087).
 * Safe beside writers about to link one: a substance some transaction holds — a product pointing at it
 * not yet committed (its foreign key check), a save's or an import batch's `FOR KEY SHARE` — is
 * skipped, never waited for; the ones locked here are checked again, after the lock, with a fresh
 * snapshot (a product committed meanwhile keeps its substance); a linker that comes after waits for
 * this short transaction and then finds the row gone (`saveSubstance` and `keepBatchSubstances` insert
 * it again). Answers how many were removed.
 */
export async function pruneSubstances(db: Db, ids?: readonly number[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ id: number }>(await tx.execute(sql`
      select s.id from substances s
      where ${ids ? sql`s.id = any(${intArray([...new Set(ids)])})` : sql`true`} and not exists (select 1 from products p where p.substance_id = s.id)
      order by s.id for update of s skip locked`)).map((r) => Number(r.id));
    if (locked.length === 0) return 0;
    const removed = rowsOf<{ id: number }>(await tx.execute(sql`
      delete from substances s where s.id = any(${intArray(locked)}) and not exists (select 1 from products p where p.substance_id = s.id)
      returning s.id`));
    return removed.length;
  });
}

/** A product's SMILES that could not become a substance, and why (a message key under `api.errors`). */
export interface SubstanceFault {
  productId: number;
  itemNo: string;
  smiles: string;
  message: string;
  details: Record<string, string | number>;
}

export interface RebuildProgress {
  /** Products read in this run. */
  products: number;
  /** Distinct structures read. */
  structures: number;
  /** Products whose structure was refused. */
  refused: SubstanceFault[];
  /** The last product id done (what a resumed run starts after). */
  lastId: number;
  /** Every product was read. */
  done: boolean;
}

const CURSOR_OPTION = 'structures_rebuild_cursor';


/**
 * `work` (a task of a worker pool) asked again while its pool answers busy (503 `structureBusy`): a
 * batch — the rebuild, an import — waits its turn rather than failing (a search's query is refused at once).
 */
export async function whenFree<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 503) || attempt >= 20) throw error;
      await delay(250 * attempt);
    }
  }
}

/**
 * A structure read for keeping: one that ran past the time limit is tried twice more before it is
 * refused, as a batch on a busy machine may starve a worker (a search's query is refused at once).
 */
export async function readPatiently(smiles: string): Promise<Awaited<ReturnType<typeof readSubstance>>> {
  for (let attempt = 1; ; attempt += 1) {
    const reading = await whenFree(() => readSubstance(smiles));
    if (reading.kind !== 'tooComplex' || attempt >= 3) return reading;
  }
}

/** `work` over `items` with at most `width` running at once; results in the items' order. */
export async function mapInTurn<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next;
      next += 1;
      results[at] = await work(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

/**
 * Computes the substances of one batch of products (by id, after `afterId`): each distinct SMILES is
 * read once, in the workers, and the products are linked to their substance (or unlinked, when
 * their SMILES is refused). One transaction per batch.
 */
export async function linkBatch(db: Db, params: { afterId: number; batch: number; onlyMissing: boolean }): Promise<{ lastId: number; products: number; structures: number; refused: SubstanceFault[] } | null> {
  const rows = rowsOf<{ id: number; item_no: string; smiles: string | null }>(await db.execute(sql`
    select id, item_no, smiles from products where id > ${params.afterId}
      ${params.onlyMissing ? sql`and smiles is not null and substance_id is null` : sql``}
    order by id limit ${params.batch}`));
  if (rows.length === 0) return null;
  const lastId = rows[rows.length - 1]?.id ?? params.afterId;
  const bySmiles = new Map<string, typeof rows>();
  const none: number[] = [];
  for (const row of rows) {
    const smiles = row.smiles?.trim();
    if (!smiles) {
      none.push(row.id);
      continue;
    }
    const list = bySmiles.get(smiles) ?? [];
    list.push(row);
    bySmiles.set(smiles, list);
  }
  // A few structures at a time: enough to keep every worker busy, never more than the pool's queue holds.
  const readings = await mapInTurn([...bySmiles.keys()], substancePool().size, async (smiles) => [smiles, await readPatiently(smiles)] as const);
  const refused: SubstanceFault[] = [];
  await db.transaction(async (tx) => {
    for (const [smiles, reading] of readings) {
      const products = bySmiles.get(smiles) ?? [];
      const ids = products.map((p) => p.id);
      if (reading.kind !== 'ok') {
        const fault = readingFault(reading) ?? { key: 'structureInvalidSyntax', details: {} };
        for (const p of products) refused.push({ productId: p.id, itemNo: p.item_no, smiles: smiles.slice(0, 80), message: fault.key, details: fault.details });
        none.push(...ids);
        continue;
      }
      const id = await saveSubstance(tx, reading);
      await tx.execute(sql`update products set substance_id = ${id} where id = any(${intArray(ids)}) and substance_id is distinct from ${id}`);
    }
    if (none.length > 0) await tx.execute(sql`update products set substance_id = null where id = any(${intArray(none)}) and substance_id is not null`);
  });
  return { lastId, products: rows.length, structures: bySmiles.size, refused };
}

/**
 * `npm run structures:rebuild`: every product's substance computed again, in batches, each committed
 * on its own. The last product done is kept in `site_options`, so an interrupted run resumes after it
 * (`restart` starts from the first product); a finished run clears it. Substances no product uses
 * any more are removed at the end.
 */
export async function rebuildSubstances(db: Db, params: { batch?: number; restart?: boolean; onBatch?: (progress: RebuildProgress) => void } = {}): Promise<RebuildProgress> {
  const batch = params.batch ?? 500;
  const saved = params.restart ? [] : rowsOf<{ value: unknown }>(await db.execute(sql`select value from site_options where key = ${CURSOR_OPTION}`));
  const start = typeof saved[0]?.value === 'number' ? saved[0].value : 0;
  const progress: RebuildProgress = { products: 0, structures: 0, refused: [], lastId: start, done: false };
  for (;;) {
    const step = await linkBatch(db, { afterId: progress.lastId, batch, onlyMissing: false });
    if (!step) break;
    progress.products += step.products;
    progress.structures += step.structures;
    progress.refused.push(...step.refused);
    progress.lastId = step.lastId;
    await db.execute(sql`insert into site_options (key, value) values (${CURSOR_OPTION}, ${JSON.stringify(step.lastId)}::jsonb)
      on conflict (key) do update set value = excluded.value`);
    params.onBatch?.(progress);
  }
  await db.execute(sql`delete from site_options where key = ${CURSOR_OPTION}`);
  await pruneSubstances(db);
  progress.done = true;
  return progress;
}

/** Links products that have a SMILES and no substance yet (after a seed or an import): what `rebuildSubstances` does, for those alone. */
export async function linkMissingSubstances(db: Db, params: { batch?: number } = {}): Promise<{ products: number; refused: SubstanceFault[] }> {
  let afterId = 0;
  let products = 0;
  const refused: SubstanceFault[] = [];
  for (;;) {
    const step = await linkBatch(db, { afterId, batch: params.batch ?? 1000, onlyMissing: true });
    if (!step) break;
    afterId = step.lastId;
    products += step.products;
    refused.push(...step.refused);
  }
  return { products, refused };
}
