import 'server-only';
import { sql } from 'drizzle-orm';
import { recogniseStructureKey } from '@/lib/structure-key';
import { rowsOf, type Db } from '@/server/db/client';
import { isMolBlock, readCanonicalSmiles, readStructureKey, structureTextFault, type SubstanceReading } from './engine';
import { identityOf } from './store';

/**
 * Which stored substance a key is, for an exact search (ADR 0081), cheapest look-up first:
 * 1. an InChIKey is looked up as typed (no worker);
 * 2. a SMILES written exactly as a stored canonical SMILES is that substance (the worker is not waited for);
 * 3. the key's canonical SMILES (RDKit.js in a worker, no InChI, started with step 2) is looked up among
 *    the stored ones;
 * 4. otherwise, and for a MOL block, its InChIKey is computed in a worker and looked up, as before.
 * A SMILES look-up answers only when it finds exactly one substance; the InChIKey stays the identity,
 * so tautomers, and structures whose canonical SMILES an older RDKit.js wrote differently, are found
 * by step 4 as they always were.
 */

export type ExactStep = 'inchikey' | 'storedSmiles' | 'canonicalSmiles' | 'computedInchikey';

export type ExactLookup =
  | { kind: 'ok'; canonicalSmiles: string; substanceIds: number[]; step: ExactStep }
  | Exclude<SubstanceReading<never>, { kind: 'ok' }>;

/** Substances whose canonical SMILES is `smiles` (hash index `substances_smiles_hash`). */
async function bySmiles(db: Db, smiles: string): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from substances where smiles = ${smiles} limit 2`));
  return rows.map((r) => Number(r.id));
}

/** The substance of an identity (`substances_inchikey_uq`), with its canonical SMILES. */
export async function byInchikey(db: Db, identity: string): Promise<{ id: number; smiles: string } | null> {
  const [row] = rowsOf<{ id: number; smiles: string }>(await db.execute(sql`select id, smiles from substances where inchikey = ${identity}`));
  return row ? { id: Number(row.id), smiles: row.smiles } : null;
}

/** True when the key is a standard InChIKey as typed (no worker needed to look it up). */
export function isInchikeyKey(key: string): boolean {
  return recogniseStructureKey(key)?.kind === 'inchikey';
}

export async function exactLookup(db: Db, key: string): Promise<ExactLookup> {
  const text = key.trim();
  if (isInchikeyKey(text)) {
    const found = await byInchikey(db, text);
    return { kind: 'ok', canonicalSmiles: found?.smiles ?? text, substanceIds: found ? [found.id] : [], step: 'inchikey' };
  }
  const molBlock = isMolBlock(key);
  // Over a cap, the reading below refuses the key as before.
  if (!molBlock && text.length > 0 && structureTextFault(text) === null) {
    // The worker writes the key canonically while the key as written is looked up, so that a key written
    // otherwise (most of those typed or pasted) does not wait for a look-up that misses first; a stored
    // SMILES answers without waiting for the worker, whose answer is then dropped.
    const reading = readCanonicalSmiles(text);
    reading.catch(() => {});
    const stored = await bySmiles(db, text);
    if (stored.length === 1) return { kind: 'ok', canonicalSmiles: text, substanceIds: stored, step: 'storedSmiles' };
    const canonical = await reading;
    if (canonical.kind !== 'ok') return canonical;
    const found = canonical.smiles === text ? stored : await bySmiles(db, canonical.smiles);
    if (found.length === 1) return { kind: 'ok', canonicalSmiles: canonical.smiles, substanceIds: found, step: 'canonicalSmiles' };
  }
  const reading = await readStructureKey(key);
  if (reading.kind !== 'ok') return reading;
  const found = await byInchikey(db, identityOf(reading));
  return { kind: 'ok', canonicalSmiles: reading.smiles, substanceIds: found ? [found.id] : [], step: 'computedInchikey' };
}
