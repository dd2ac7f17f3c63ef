import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type DbHandle } from '@/server/db/client';
import { importJobs, type ImportJob } from '@/server/db/schema';
import { SYSTEM_ACTOR } from '@/server/modules/audit/record';
import { getFileStore } from '@/server/modules/files/store';
import { pruneSubstances } from '@/server/modules/structure-search/store';
import { importRunnerFixture } from '../../../../test/import-runner';
import { loadLookups } from './apply-batch';
import { mapHeader } from './columns';
import { commitBatch } from './commit-batch';
import { checkBatch, processImportJob } from './runner';
import { readBatchStructures } from './structures';
import { lockImportJob, transitionImportJob } from './transition';

// No substance without products (ADR 0087): the substances an import batch saves before its transaction
// (ADR 0080) go again when the batch rolls back, a structure an import replaces or clears takes its
// substance with it when no other product has it, and the removal never takes a substance a batch or a
// save is about to link.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const fx = importRunnerFixture('import-orphans-');
const db = fx.db;

const HEADER = 'item_no,name_zh,name_en,brand,category,SMILES,pack_size,price';
const row = (itemNo: string, smiles: string) => `${itemNo},名${itemNo},Name ${itemNo},${fx.brandCode},${fx.leafId},"${smiles}",1 g,10`;

// Structures the seed does not have.
const TRIFLUOROMETHYL_CYCLOPROPYLBENZENE = 'FC(F)(F)c1ccc(cc1)C1CC1';
const CYANOBENZOFURAN = 'N#Cc1ccc2occc2c1';
const BROMOTHIAZOLE_ESTER = 'CCOC(=O)c1ncc(Br)s1';
const NITROPYRAZINE = 'Cc1cnc(cn1)[N+](=O)[O-]';

/** Substances no product uses. */
async function orphans(): Promise<string[]> {
  return rowsOf<{ smiles: string }>(await db().execute(sql`
    select s.smiles from substances s where not exists (select 1 from products p where p.substance_id = s.id) order by s.id`)).map((r) => r.smiles);
}

async function substanceOf(itemNo: string): Promise<number | null> {
  const [p] = rowsOf<{ substance_id: number | null }>(await db().execute(sql`select substance_id from products where item_no = ${itemNo}`));
  return p?.substance_id == null ? null : Number(p.substance_id);
}

let jobs = 0;
async function runningJob(lines: string[]): Promise<ImportJob> {
  jobs += 1;
  const key = `imports/test/orphans-${jobs}.csv`;
  const bytes = new TextEncoder().encode(`${[HEADER, ...lines].join('\r\n')}\r\n`);
  await getFileStore().write(key, bytes);
  const [job] = await db().insert(importJobs).values({
    staffId: fx.staffId, fileName: 'orphans.csv', filePath: key, format: 'csv', fileSize: bytes.byteLength, status: 'running',
    leaseOwner: 'owner', leaseUntil: new Date(Date.now() + 60_000), attempts: 1, startedAt: new Date(),
  }).returning();
  return job!;
}

describe('substances of an import batch that does not commit', () => {
  afterEach(async () => {
    await db().execute(sql.raw('drop trigger if exists refuse_os_fail on products'));
    await db().execute(sql.raw('drop function if exists refuse_os_fail()'));
  });

  it('starts from a catalogue where every substance has a product', async () => {
    expect(await orphans()).toEqual([]);
  });

  it('removes the substances of a batch rolled back by a cancel', async () => {
    const job = await runningJob([row('OS-0001', 'CCO'), row('OS-0002', 'CCN'), row('OS-0003', TRIFLUOROMETHYL_CYCLOPROPYLBENZENE), row('OS-0004', CYANOBENZOFURAN)]);
    const ended = await processImportJob(db(), job, 'owner', {
      batchSize: 2,
      afterBatch: async (n) => {
        if (n !== 1) return;
        await db().transaction(async (tx) => {
          await transitionImportJob(tx, SYSTEM_ACTOR, await lockImportJob(tx, job.id), 'cancelled');
        });
      },
    });
    expect(ended).toBe('stopped');
    expect(await substanceOf('OS-0001')).not.toBeNull();
    expect(await substanceOf('OS-0003')).toBeNull();
    expect(await orphans()).toEqual([]);
  });

  it('removes the substances of a batch whose write failed', async () => {
    await db().execute(sql.raw(`
      create function refuse_os_fail() returns trigger language plpgsql as $$
      begin if new.item_no = 'OS-FAIL' then raise exception 'refused by the test'; end if; return new; end $$`));
    await db().execute(sql.raw('create trigger refuse_os_fail before insert on products for each row execute function refuse_os_fail()'));
    const job = await runningJob([row('OS-0005', BROMOTHIAZOLE_ESTER), row('OS-FAIL', NITROPYRAZINE)]);
    await expect(processImportJob(db(), job, 'owner', { batchSize: 2 })).rejects.toThrow();
    expect(await substanceOf('OS-0005')).toBeNull();
    expect(await orphans()).toEqual([]);
  });

  it('removes the substance of a structure an import replaces or clears, and keeps one another product has', async () => {
    const first = await runningJob([row('OS-0010', TRIFLUOROMETHYL_CYCLOPROPYLBENZENE), row('OS-0011', 'CCO')]);
    expect(await processImportJob(db(), first, 'owner', { batchSize: 2 })).toBe('succeeded');
    const replaced = await runningJob([row('OS-0010', CYANOBENZOFURAN), row('OS-0011', '')]);
    expect(await processImportJob(db(), replaced, 'owner', { batchSize: 2 })).toBe('succeeded');
    expect(await orphans()).toEqual([]);
    // Ethanol stays: OS-0001 (and the seed) still sell it.
    expect(await substanceOf('OS-0001')).not.toBeNull();
    const cleared = await runningJob([row('OS-0010', '')]);
    expect(await processImportJob(db(), cleared, 'owner', { batchSize: 2 })).toBe('succeeded');
    expect(await substanceOf('OS-0010')).toBeNull();
    expect(await orphans()).toEqual([]);
  });

  it('links a batch whose substance was removed between its reading and its transaction', async () => {
    const job = await runningJob([]);
    const header = mapHeader(HEADER.split(','));
    const cells = row('OS-0020', NITROPYRAZINE).split(',').map((c) => c.replace(/^"|"$/g, ''));
    const batch = checkBatch([{ rowNo: 2, cells: Object.fromEntries([...header.positions].map(([i, column]) => [column, cells[i] ?? ''])), conflict: null }], header, await loadLookups(db()));
    await readBatchStructures(db(), batch);
    const read = batch.valid[0]?.substanceId;
    expect(read).toEqual(expect.any(Number));
    // Nothing links it yet: a removal of unused substances takes it.
    expect(await pruneSubstances(db(), [read as number])).toBe(1);
    const end = await commitBatch({ db: db(), job, owner: 'owner', actor: SYSTEM_ACTOR, tally: { created: 0, creating: true } }, batch, 0, null);
    expect(end).toBe('committed');
    const linked = rowsOf<{ smiles: string }>(await db().execute(sql`
      select s.smiles from products p join substances s on s.id = p.substance_id where p.item_no = 'OS-0020'`));
    expect(linked).toHaveLength(1);
    expect(await orphans()).toEqual([]);
  });

  it.runIf(onPostgres)('never removes a substance that a transaction not yet committed links, nor waits for it', async () => {
    const other: DbHandle = openPostgres(fx.database.url!, 2);
    try {
      const [orphan] = rowsOf<{ id: number }>(await db().execute(sql`
        insert into substances (inchikey, smiles, formula, weight, heavy_atoms, mol, morgan, pattern, engine)
        values ('TEST-ORPHAN-KEY', 'CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC', 'C36H74', 507.0, 36, '\\x00', '\\x00', '\\x00', 'test') returning id`));
      const id = Number(orphan!.id);
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`update products set substance_id = ${id} where item_no = 'OS-0001'`);
        // A removal meanwhile leaves the row being linked alone, without waiting for the transaction.
        expect(await pruneSubstances(db(), [id])).toBe(0);
        expect(await pruneSubstances(db())).toBe(0);
      });
      expect(await substanceOf('OS-0001')).toBe(id);
      expect(await orphans()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
