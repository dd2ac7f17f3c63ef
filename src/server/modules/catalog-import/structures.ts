import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { textArray } from '@/server/modules/catalog/search/conditions';
import { smilesFault } from '@/server/modules/chemistry/structures';
import { isMolBlock, readingFault, substancePool } from '@/server/modules/structure-search/engine';
import { mapInTurn, readPatiently, saveSubstance, whenFree } from '@/server/modules/structure-search/store';
import type { CheckedBatch } from './commit-batch';
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
 */

type CellReading = { ok: true; smiles: string; substanceId: number } | { ok: false; reason: string };

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
  return { ok: true, smiles, substanceId: await saveSubstance(db, reading) };
}

/**
 * Reads the batch's structures and links its rows to their substances (`ValidRow.substanceId`); moves
 * the rows whose structure is refused to the batch's errors, in row order.
 */
export async function readBatchStructures(db: Db, batch: CheckedBatch): Promise<void> {
  const rows = batch.valid.filter((r) => typeof r.product.smiles === 'string');
  if (rows.length === 0) return;
  const itemNos = [...new Set(rows.map((r) => r.itemNo))];
  const stored = new Map(rowsOf<{ item_no: string; smiles: string | null; substance_id: number | null }>(await db.execute(sql`
    select item_no, smiles, substance_id from products where item_no = any(${textArray(itemNos)})`)).map((p) => [p.item_no, p]));
  const texts = new Set<string>();
  for (const row of rows) {
    const text = row.product.smiles as string;
    const before = stored.get(row.itemNo);
    if (before && before.smiles === text) row.substanceId = before.substance_id === null ? null : Number(before.substance_id);
    else texts.add(text);
  }
  // A few structures at a time: enough to keep every worker busy, never more than the pools' queues hold.
  const readings = new Map(await mapInTurn([...texts], substancePool().size, async (text) => [text, await readCell(db, text)] as const));
  const refused = new Set<ValidRow>();
  for (const row of rows) {
    const text = row.product.smiles as string;
    const reading = readings.get(text);
    if (!reading) continue;
    if (reading.ok) {
      row.product.smiles = reading.smiles;
      row.substanceId = reading.substanceId;
      continue;
    }
    refused.add(row);
    batch.failedRows += 1;
    batch.errors.push({ rowNo: row.rowNo ?? 0, error: { column: 'smiles', reason: reading.reason, value: text.slice(0, 200) } });
  }
  if (refused.size === 0) return;
  batch.valid = batch.valid.filter((r) => !refused.has(r));
  batch.errors.sort((a, b) => a.rowNo - b.rowNo);
}
