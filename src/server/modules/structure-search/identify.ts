import 'server-only';
import { sql } from 'drizzle-orm';
import type { StructureKeyKind } from '@/lib/structure-key';
import { rowsOf, type Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { inchikeyOfInchi, readStructureKey } from './engine';
import { identityOf } from './store';

/**
 * The stored substances a typed identifier names, for the search box (ADR 0075): an InChIKey directly,
 * an InChI or a SMILES through its InChIKey, computed in the structure workers. Nothing when the key
 * does not parse, or the workers are busy: the key is then searched as its type asks.
 */
export async function substancesNamedBy(db: Db, kind: Exclude<StructureKeyKind, 'mdl'>, key: string): Promise<number[]> {
  let identity: string | null = null;
  try {
    if (kind === 'inchikey') identity = key;
    else if (kind === 'inchi') identity = await inchikeyOfInchi(key);
    else {
      const reading = await readStructureKey(key);
      identity = reading.kind === 'ok' ? identityOf(reading) : null;
    }
  } catch (error) {
    if (error instanceof AppError) return [];
    throw error;
  }
  if (!identity) return [];
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select s.id from substances s where s.inchikey = ${identity}
    and exists (select 1 from products p where p.substance_id = s.id and p.active)`));
  return rows.map((r) => Number(r.id));
}
