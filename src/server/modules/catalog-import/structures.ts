import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { intArray, textArray } from '@/server/modules/catalog/search/conditions';
import { smilesFault } from '@/server/modules/chemistry/structures';
import { log } from '@/server/log';
import { isMolBlock, readingFault, substancePool, type SubstanceRecord } from '@/server/modules/structure-search/engine';
import { mapInTurn, pruneSubstances, readPatiently, saveSubstance, whenFree } from '@/server/modules/structure-search/store';
import type { BatchSubstances, CheckedBatch } from './commit-batch';
import type { ValidRow } from './validate-row';

/**
 * The structures of an import batch (ADR 0080), read before the batch's transaction opens: no
 * transaction is held while the workers compute. A structure the product already has, as the file
 * writes it, is not read again (its substance stays, as on a product save); every other distinct
 * structure of the batch is read once, in the substance workers (RDKit.js: canonical SMILES,
 * InChIKey, formula, weight, fingerprints; the caps and the time limit of a product save), then in
 * the drawing workers (openchemlib must draw what the product keeps), and its substance saved — the
 * product save's `saveSubstance`, committed on its own. As in the rebuild, a busy pool is waited for
 * and a read past the time limit tried twice more (a batch on a busy machine starves workers). A row whose structure is refused leaves
 * the batch for its errors, with the reason (a key under `adminImports.reasons`, and `:` and the
 * position or atom where the message names one).
 *
 * No substance without products (ADR 0087): the batch keeps what it saved and the substances its products
 * had before a new or cleared structure; its transaction locks the ones it links (`keepBatchSubstances`),
 * and once it has ended those no product uses are removed (`pruneBatchSubstances`).
 */

type CellReading = { ok: true; smiles: string; substanceId: number; record: SubstanceRecord } | { ok: false; reason: string };

/** The reason of an openchemlib refusal, as an import row error names it. */
const DRAWING_REASONS: Record<NonNullable<Awaited<ReturnType<typeof smilesFault>>>, string> = {
  smilesTooLong: 'smilesTooLong',
  smilesTooManyAtoms: 'smilesTooManyAtoms',
  structureTooComplex: 'structureTooComplex',
  catalogProductSmilesInvalid: 'structureNotDrawable',
};

/** One structure cell: what the product keeps (the SMILES as written; a MOL file's canonical SMILES) and its substance. */
async function readCell(db: Db, text: string): Promise<CellReading> {
  const reading = await readPatiently(text);
  if (reading.kind !== 'ok') {
    const fault = readingFault(reading);
    const detail = reading.kind === 'invalid' ? reading.detail : null;
    const reason = fault?.key ?? 'structureInvalidSyntax';
    return { ok: false, reason: detail === null ? reason : `${reason}:${detail}` };
  }
  const smiles = isMolBlock(text) ? reading.smiles : text;
  let drawing: Awaited<ReturnType<typeof smilesFault>> = null;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    drawing = await whenFree(() => smilesFault(smiles));
    if (drawing !== 'structureTooComplex') break;
  }
  if (drawing) return { ok: false, reason: DRAWING_REASONS[drawing] };
  return { ok: true, smiles, substanceId: await saveSubstance(db, reading), record: reading };
}

/**
 * Reads the batch's structures and links its rows to their substances (`ValidRow.substanceId`); moves
 * the rows whose structure is refused to the batch's errors, in row order.
 */
export async function readBatchStructures(db: Db, batch: CheckedBatch): Promise<void> {
  const rows = batch.valid.filter((r) => r.product.smiles !== undefined);
  if (rows.length === 0) return;
  const substances: BatchSubstances = { read: new Map(), replaced: new Set() };
  batch.substances = substances;
  const itemNos = [...new Set(rows.map((r) => r.itemNo))];
  const stored = new Map(rowsOf<{ item_no: string; smiles: string | null; substance_id: number | null }>(await db.execute(sql`
    select item_no, smiles, substance_id from products where item_no = any(${textArray(itemNos)})`)).map((p) => [p.item_no, p]));
  const texts = new Set<string>();
  for (const row of rows) {
    const text = row.product.smiles ?? null;
    const before = stored.get(row.itemNo);
    if (before && before.smiles === text) row.substanceId = before.substance_id === null ? null : Number(before.substance_id);
    else {
      // A new or cleared structure: the substance the product had may be left without products.
      if (before?.substance_id != null) substances.replaced.add(Number(before.substance_id));
      if (text !== null) texts.add(text);
    }
  }
  // A few structures at a time: enough to keep every worker busy, never more than the pools' queues hold.
  const readings = new Map(await mapInTurn([...texts], substancePool().size, async (text) => {
    const reading = await readCell(db, text);
    if (reading.ok) substances.read.set(reading.substanceId, reading.record);
    return [text, reading] as const;
  }));
  const refused = new Set<ValidRow>();
  for (const row of rows) {
    const text = row.product.smiles;
    const reading = typeof text === 'string' ? readings.get(text) : undefined;
    if (!reading) continue;
    if (reading.ok) {
      row.product.smiles = reading.smiles;
      row.substanceId = reading.substanceId;
      continue;
    }
    refused.add(row);
    batch.failedRows += 1;
    batch.errors.push({ rowNo: row.rowNo ?? 0, error: { column: 'smiles', reason: reading.reason, value: (text as string).slice(0, 200) } });
  }
  if (refused.size === 0) return;
  batch.valid = batch.valid.filter((r) => !refused.has(r));
  batch.errors.sort((a, b) => a.rowNo - b.rowNo);
}

/**
 * In the batch's transaction, before its writes: locks the substances its rows link (`FOR KEY SHARE`:
 * two batches linking one substance never wait for each other; `pruneSubstances` skips it from now on).
 * One removed since it was read — no product used it then — is saved again, here, from what was read,
 * and the rows take its new id; a product's own substance gone is left to the product's current one.
 */
export async function keepBatchSubstances(tx: Db, batch: CheckedBatch): Promise<void> {
  const ids = [...new Set(batch.valid.map((r) => r.substanceId).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  const locked = new Set(rowsOf<{ id: number }>(await tx.execute(sql`
    select id from substances where id = any(${intArray(ids)}) order by id for key share`)).map((r) => Number(r.id)));
  for (const id of ids) {
    if (locked.has(id)) continue;
    const record = batch.substances?.read.get(id);
    const again = record ? await saveSubstance(tx, record) : undefined;
    if (record && again !== undefined) batch.substances?.read.set(again, record);
    for (const row of batch.valid) if (row.substanceId === id) row.substanceId = again;
  }
}

/**
 * Once the batch has ended: removes the substances no product uses among those it read (all of them are
 * candidates when it did not commit) and those its products had before (ADR 0087), once `reading` (the
 * batch's `readBatchStructures`) has ended. A failure here is
 * logged and left to `structures:rebuild`: the batch's own outcome stands.
 */
export async function pruneBatchSubstances(db: Db, batch: CheckedBatch, committed: boolean, reading?: Promise<void>): Promise<void> {
  await reading?.catch(() => undefined);
  const substances = batch.substances;
  if (!substances) return;
  const ids = [...substances.replaced, ...(committed ? [] : substances.read.keys())];
  try {
    await pruneSubstances(db, ids);
  } catch (error) {
    log('warn', 'import.substance_prune_failed', { message: error instanceof Error ? error.message : String(error) });
  }
}
