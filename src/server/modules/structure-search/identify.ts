import 'server-only';
import { sql } from 'drizzle-orm';
import type { StructureKeyKind } from '@/lib/structure-key';
import { rowsOf, type Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { intArray } from '@/server/modules/catalog/search/conditions';
import { inchikeyOfInchi } from './engine';
import { byInchikey, exactLookup } from './exact';

/**
 * The stored substances a typed identifier names, for the search box (ADR 0075): an InChIKey directly,
 * an InChI through its InChIKey, a SMILES as an exact search reads it (exact.ts), in the structure workers. Nothing when the key
 * does not parse, or the workers are busy: the key is then searched as its type asks.
 */
export async function substancesNamedBy(db: Db, kind: Exclude<StructureKeyKind, 'mdl'>, key: string): Promise<number[]> {
  let ids: number[] = [];
  try {
    if (kind === 'inchi') {
      const identity = await inchikeyOfInchi(key);
      const found = identity ? await byInchikey(db, identity) : null;
      ids = found ? [found.id] : [];
    } else {
      // An InChIKey as typed, a SMILES by its canonical SMILES first and its InChIKey when needed (ADR 0081).
      const found = await exactLookup(db, key);
      ids = found.kind === 'ok' ? found.substanceIds : [];
    }
  } catch (error) {
    if (error instanceof AppError) return [];
    throw error;
  }
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select s.id from substances s where s.id = any(${intArray(ids)})
    and exists (select 1 from products p where p.substance_id = s.id and p.active)`));
  return rows.map((r) => Number(r.id));
}
