import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbHandle } from '@/server/db/client';
import { log } from '@/server/log';

/**
 * The RDKit cartridge on PostgreSQL (ADR 0075). The ordinary migration knows nothing of it (PGlite
 * and servers without the extension must migrate too); this step, run at every start after the
 * migrations and by `npm run structures:rebuild`, adds what the cartridge searches when the server
 * offers the extension:
 * - `substances.m` (mol) with two partial GiST indexes, one per half of the substances by id parity,
 *   which a substructure search screens at once (ADR 0094);
 * - `substances.mfp` (bfp), the 2048-bit Morgan fingerprint of radius 2 computed by the cartridge
 *   itself — a query's fingerprint comes from the same engine — with two partial GIN indexes by the same
 *   halves, which screen a similarity search from the query's rarest bits (ADR 0094);
 * - a trigger that fills both from the stored canonical SMILES on every insert and change of it.
 * Without the extension (or without the right to create it) searches take the embedded path, and the
 * log and `npm run doctor` say so.
 */

export type CartridgeState =
  | { state: 'ready'; version: string }
  | { state: 'absent'; reason: string };

/** The Morgan fingerprint's size for `rdkit.morgan_fp_size`, in the trigger and every similarity query. */
export const MORGAN_BITS = 2048;

const FILL_FUNCTION = `create or replace function substances_cartridge_fill() returns trigger language plpgsql
  set rdkit.morgan_fp_size = '${MORGAN_BITS}' as $fill$
begin
  new.m := mol_from_smiles(new.smiles::cstring);
  new.mfp := case when new.m is null then null else morganbv_fp(new.m, 2) end;
  return new;
end
$fill$`;

/** Whether the database has the cartridge's columns (the step below ran), by handle; one catalogue query. */
const known = new WeakMap<Db, Promise<boolean>>();

export function hasCartridge(db: Db): Promise<boolean> {
  let found = known.get(db);
  if (!found) {
    found = (async () => {
      const rows = rowsOf<{ ready: boolean }>(await db.execute(sql`select exists (
        select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'substances' and column_name = 'mfp'
      ) and exists (select 1 from pg_extension where extname = 'rdkit') as ready`));
      return rows[0]?.ready === true;
    })();
    known.set(db, found);
    found.catch(() => known.delete(db));
  }
  return found;
}

/** Forgets what `hasCartridge` found for a handle (after the step below changed it). */
export function forgetCartridge(db: Db): void {
  known.delete(db);
}

/** What the server offers: the extension installed in this database, available to install, or neither. */
async function extensionOf(db: Db): Promise<{ installed: string | null; available: string | null }> {
  const rows = rowsOf<{ installed: string | null; available: string | null }>(await db.execute(sql`
    select installed_version as installed, default_version as available from pg_available_extensions where name = 'rdkit'`));
  return rows[0] ?? { installed: null, available: null };
}

/**
 * Adds the cartridge's columns, trigger and indexes when the extension is there or can be created,
 * and fills rows that have none. Never throws: the answer says which path searches take, and why.
 */
export async function ensureCartridge(handle: Pick<DbHandle, 'db' | 'driver'>): Promise<CartridgeState> {
  const { db } = handle;
  if (handle.driver !== 'postgres') return { state: 'absent', reason: 'embedded database (PGlite): structure search screens in worker threads' };
  try {
    const offered = await extensionOf(db);
    if (!offered.available) {
      const reason = 'the RDKit cartridge is not installed on the database server (Debian: postgresql-15-rdkit); structure search screens in worker threads';
      log('warn', 'structure.cartridge.absent', { reason });
      return { state: 'absent', reason };
    }
    await db.transaction(async (tx) => {
      // Building an index over a large catalogue takes longer than a request's statement limit.
      await tx.execute(sql`select set_config('statement_timeout', '0', true)`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('substances_cartridge'))`);
      if (!offered.installed) await tx.execute(sql`create extension if not exists rdkit`);
      await tx.execute(sql.raw('alter table substances add column if not exists m mol, add column if not exists mfp bfp'));
      await tx.execute(sql.raw(FILL_FUNCTION));
      await tx.execute(sql.raw('drop trigger if exists substances_cartridge_fill on substances'));
      await tx.execute(sql.raw('create trigger substances_cartridge_fill before insert or update of smiles on substances for each row execute function substances_cartridge_fill()'));
      // Rows written before the trigger (or by a server without the extension) get their columns now.
      await tx.execute(sql.raw('update substances set smiles = smiles where m is null or mfp is null'));
      // Two halves by id parity, screened at once (ADR 0094); they replace the GiST indexes of the whole table.
      await tx.execute(sql.raw('create index if not exists substances_m_gist_even on substances using gist (m) where id % 2 = 0'));
      await tx.execute(sql.raw('create index if not exists substances_m_gist_odd on substances using gist (m) where id % 2 = 1'));
      await tx.execute(sql.raw('drop index if exists substances_m_gist'));
      await tx.execute(sql.raw('create index if not exists substances_mfp_gin_even on substances using gin (mfp) where (id & 1) = 0'));
      await tx.execute(sql.raw('create index if not exists substances_mfp_gin_odd on substances using gin (mfp) where (id & 1) = 1'));
      await tx.execute(sql.raw('drop index if exists substances_mfp_gist'));
    });
    forgetCartridge(db);
    const version = (await extensionOf(db)).installed ?? offered.available;
    log('info', 'structure.cartridge.ready', { version });
    return { state: 'ready', version };
  } catch (error) {
    const reason = `the RDKit cartridge could not be set up (${(error as Error).message.slice(0, 200)}); structure search screens in worker threads`;
    log('warn', 'structure.cartridge.absent', { reason });
    return { state: 'absent', reason };
  }
}
