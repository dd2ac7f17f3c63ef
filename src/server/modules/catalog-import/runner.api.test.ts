import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type DbHandle } from '@/server/db/client';
import { importJobs, type ImportJob } from '@/server/db/schema';
import { SYSTEM_ACTOR } from '@/server/modules/audit/record';
import { getFileStore } from '@/server/modules/files/store';
import { importRunnerFixture } from '../../../../test/import-runner';
import { drainImportJobs, processImportJob } from './runner';
import { lockImportJob, transitionImportJob } from './transition';

// The import runner's own protocol, without the HTTP API: checkpoints, leases and statistics (ADR 0034),
// and how batches follow each other (ADR 0054).
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

const fx = importRunnerFixture('import-runner-');
const db = fx.db;

const HEADER = 'item_no,name_zh,name_en,brand,category,cas,formula,purity,pack_size,price,lead_time_days,stock';

function csv(lines: string[]): Uint8Array {
  return new TextEncoder().encode(`${[HEADER, ...lines].join('\r\n')}\r\n`);
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db().execute(query))[0]?.n ?? 0);
}

const jobRow = async (id: number) => (await db().select().from(importJobs).where(eq(importJobs.id, id)))[0]!;

async function packsOf(prefix: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ item_no: string; n: number }>(await db().execute(sql`
    select p.item_no, count(k.id)::int as n from products p left join product_packs k on k.product_id = p.id
    where p.item_no like ${`${prefix}%`} group by p.item_no order by p.item_no`));
  return Object.fromEntries(rows.map((r) => [r.item_no, Number(r.n)]));
}

describe('the import runner', () => {
  it('takes up a job whose process died after its checkpoint, and finishes it without duplicates', async () => {
    const lines = Array.from({ length: 9 }, (_, i) => `IM-1${String(i).padStart(3, '0')},试剂${i},Reagent ${i},${fx.brandCode},${fx.leafId},,,,1 g,${i + 1},,`);
    const key = 'imports/test/crash.csv';
    const bytes = csv(lines);
    await getFileStore().write(key, bytes);
    const [job] = await db().insert(importJobs).values({
      staffId: fx.staffId, fileName: 'crash.csv', filePath: key, format: 'csv', fileSize: bytes.byteLength, status: 'running',
      leaseOwner: 'instance-a', leaseUntil: new Date(Date.now() + 60_000), attempts: 1, startedAt: new Date(),
    }).returning();
    // Instance A commits two batches of 2 rows, then dies.
    await expect(processImportJob(db(), job!, 'instance-a', {
      batchSize: 2,
      afterBatch: (n) => {
        if (n === 2) throw new Error('process killed');
      },
    })).rejects.toThrow('process killed');
    const [halfway] = await db().select().from(importJobs).where(sql`id = ${job!.id}`);
    expect(halfway).toMatchObject({ status: 'running', rowsDone: 4, created: 4 });
    // Instance B finds nothing while A's lease holds, and takes the job once it ran out.
    expect(await drainImportJobs(db(), 'instance-b')).toBe(0);
    await db().execute(sql`update import_jobs set lease_until = now() - interval '1 second' where id = ${job!.id}`);
    expect(await drainImportJobs(db(), 'instance-b')).toBe(1);
    const done = await jobRow(job!.id);
    expect(done).toMatchObject({ status: 'succeeded', rowsDone: 9, rowsTotal: 9, created: 9, failed: 0 });
    expect(await count(sql`select count(*)::int as n from products where item_no like 'IM-1%'`)).toBe(9);
    expect(await count(sql`select count(*)::int as n from product_packs k join products p on p.id = k.product_id where p.item_no like 'IM-1%'`)).toBe(9);
    expect(await count(sql`select count(*)::int as n from audit_log a join products p on a.entity = 'product' and a.entity_id = p.id::text where p.item_no like 'IM-1%'`)).toBe(9);
    expect(await count(sql`select count(*)::int as n from audit_log where entity = 'import_job' and entity_id = ${String(job!.id)} and action = 'start' and data->'note'->>'owner' = 'instance-b'`)).toBe(1);
  });

  it('takes the planner\u2019s statistics again while a job grows the catalogue, not for unchanged rows', async () => {
    // Statistics that say the catalogue is empty — what a shop's first import starts from. Only
    // ANALYZE (or VACUUM) writes reltuples again; inserts do not.
    const estimate = async () => Number(rowsOf<{ n: number }>(await db().execute(
      sql`select reltuples::float8 as n from pg_class where oid = 'products'::regclass`,
    ))[0]?.n ?? 0);
    const forget = () => db().execute(sql`update pg_class set reltuples = 0 where oid = 'products'::regclass`);
    const lines = Array.from({ length: 12 }, (_, i) => `IM-S${String(i).padStart(3, '0')},试剂${i},Reagent ${i},${fx.brandCode},${fx.leafId},,,,1 g,${i + 1},,`);
    const key = 'imports/test/stats.csv';
    const bytes = csv(lines);
    const run = async () => {
      await getFileStore().write(key, bytes);
      const [job] = await db().insert(importJobs).values({
        staffId: fx.staffId, fileName: 'stats.csv', filePath: key, format: 'csv', fileSize: bytes.byteLength, status: 'running',
        leaseOwner: 'stats', leaseUntil: new Date(Date.now() + 60_000), attempts: 1, startedAt: new Date(),
      }).returning();
      expect(await processImportJob(db(), job!, 'stats', { batchSize: 2, analyzeAfterCreated: 4 })).toBe('succeeded');
      return job!.id;
    };
    await forget();
    expect(await estimate()).toBe(0);
    expect(await jobRow(await run())).toMatchObject({ created: 12, failed: 0 });
    // Taken once the job had created 4 products (the catalogue's rows then, not the empty table's 0).
    const products = await count(sql`select count(*)::int as n from products`);
    expect(await estimate()).toBeGreaterThanOrEqual(products - 8);
    // The same file again creates nothing, so the statistics are not taken again.
    await forget();
    expect(await jobRow(await run())).toMatchObject({ created: 0, unchanged: 12 });
    expect(await estimate()).toBe(0);
  });
});

const line = (itemNo: string, size: string, price: number) => `${itemNo},试剂${itemNo},Reagent ${itemNo},${fx.brandCode},${fx.leafId},,,,${size},${price},,`;

let files = 0;
/** A job of these rows, running and this test's (`owner`), as a claim leaves it. */
async function runningJob(lines: string[]): Promise<ImportJob> {
  files += 1;
  const key = `imports/test/batches-${files}.csv`;
  const bytes = csv(lines);
  await getFileStore().write(key, bytes);
  const [job] = await db().insert(importJobs).values({
    staffId: fx.staffId, fileName: `batches-${files}.csv`, filePath: key, format: 'csv', fileSize: bytes.byteLength, status: 'running',
    leaseOwner: 'owner', leaseUntil: new Date(Date.now() + 60_000), attempts: 1, startedAt: new Date(),
  }).returning();
  return job!;
}



// How an import's batches follow each other (ADR 0054): on PostgreSQL two are written at once, on PGlite
// one; on both, batches end between products and commit in the file's order.
describe('an import\u2019s batches', () => {
  it('end between products, and a product named again in the next batch is written after the batch before', async () => {
    const job = await runningJob([
      line('BT-A', '1 g', 1), line('BT-A', '5 g', 2), line('BT-A', '10 g', 3),
      line('BT-B', '1 g', 4), line('BT-C', '1 g', 5),
      // BT-B again, in the batch after its first rows.
      line('BT-B', '5 g', 6), line('BT-D', '1 g', 7),
      // One product of more rows than four batches: cut there all the same.
      ...Array.from({ length: 9 }, (_, i) => line('BT-E', `${i + 1} g`, 10 + i)),
    ]);
    const checkpoints: number[] = [];
    const ended = await processImportJob(db(), job, 'owner', {
      batchSize: 2,
      // Each batch's checkpoint as it commits (the next one commits only after this returns).
      afterBatch: async () => {
        checkpoints.push((await jobRow(job.id)).rowsDone);
      },
    });
    expect(ended).toBe('succeeded');
    expect(checkpoints).toEqual([3, 5, 7, 15, 16]);
    expect(await packsOf('BT-')).toEqual({ 'BT-A': 3, 'BT-B': 2, 'BT-C': 1, 'BT-D': 1, 'BT-E': 9 });
    expect(await jobRow(job.id)).toMatchObject({ rowsDone: 16, created: 16, updated: 0, failed: 0 });
    // Names reach the database and the audit as written.
    const [stored] = rowsOf<{ name_zh: string; audited: string }>(await db().execute(sql`
      select p.name_zh, a.data->'changes'->'nameZh'->>'to' as audited
      from products p join audit_log a on a.entity = 'product' and a.entity_id = p.id::text where p.item_no = 'BT-A'`));
    expect(stored).toEqual({ name_zh: '试剂BT-A', audited: '试剂BT-A' });
    // Each audit row names the record its document describes (the ids and the documents travel apart).
    const [matched] = rowsOf<{ products: number; packs: number; audited: number }>(await db().execute(sql`
      select
        (select count(*)::int from products p join audit_log a on a.entity = 'product' and a.action = 'create' and a.entity_id = p.id::text
          where p.item_no like 'BT-%' and a.data->'changes'->'itemNo'->>'to' = p.item_no) as products,
        (select count(*)::int from product_packs k join products p on p.id = k.product_id
          join audit_log a on a.entity = 'product_pack' and a.action = 'create' and a.entity_id = k.id::text
          where p.item_no like 'BT-%' and a.data->'changes'->'size'->>'to' = k.size and (a.data->'changes'->'productId'->>'to')::int = p.id) as packs,
        (select count(*)::int from audit_log a where a.entity in ('product', 'product_pack') and (a.data->'note'->>'importJob')::int = ${job.id}) as audited`));
    expect(matched).toEqual({ products: 5, packs: 16, audited: 21 });
  });

  it('roll back once the job is cancelled, the batch being written with them', async () => {
    const job = await runningJob(Array.from({ length: 8 }, (_, i) => line(`BT-X${i}`, '1 g', i + 1)));
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
    expect(await jobRow(job.id)).toMatchObject({ status: 'cancelled', rowsDone: 2, created: 2 });
    expect(Object.keys(await packsOf('BT-X'))).toEqual(['BT-X0', 'BT-X1']);
  });

  it.runIf(onPostgres)('fail whole: a batch whose write fails moves no checkpoint, even while it waits for the one before', async () => {
    await db().execute(sql.raw(`
      create function refuse_bt_fail() returns trigger language plpgsql as $$
      begin if new.item_no = 'BT-FAIL' then raise exception 'refused by the test'; end if; return new; end $$;
      create trigger refuse_bt_fail before insert on products for each row execute function refuse_bt_fail()`));
    try {
      const job = await runningJob([line('BT-F1', '1 g', 1), line('BT-FAIL', '1 g', 1)]);
      // The first batch is slow to end, so the second's insert fails while its checkpoint waits.
      await expect(processImportJob(db(), job, 'owner', {
        batchSize: 1,
        afterBatch: (n) => new Promise((resolve) => setTimeout(resolve, n === 1 ? 400 : 0)),
      })).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await jobRow(job.id)).toMatchObject({ status: 'running', rowsDone: 1, created: 1 });
      expect(Object.keys(await packsOf('BT-F'))).toEqual(['BT-F1']);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_bt_fail on products; drop function refuse_bt_fail()'));
    }
  });

  it.runIf(onPostgres)('give way when the batch before waits for a transaction that waits for them', async () => {
    const first = await runningJob([line('BT-L1', '1 g', 1), line('BT-L2', '1 g', 1)]);
    expect(await processImportJob(db(), first, 'owner')).toBe('succeeded');
    const again = await runningJob([line('BT-L1', '1 g', 2), line('BT-L2', '1 g', 2)]);
    // A staff member's edit of both products, on connections of its own.
    const other: DbHandle = openPostgres(fx.database.url!, 3);
    try {
      let run: Promise<string> | null = null;
      await other.db.transaction(async (staffTx) => {
        await staffTx.execute(sql`select id from products where item_no = 'BT-L1' for update`);
        // The first batch waits for BT-L1; the second locks BT-L2, writes, and waits for the first.
        run = processImportJob(db(), again, 'owner', { batchSize: 1, waitForPreviousMs: 300 });
        for (let held = false; !held;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          held = await other.db.transaction(async (probe) => {
            await probe.execute(sql`select id from products where item_no = 'BT-L2' for update nowait`);
            return false;
          }).catch((error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '55P03');
        }
        // Waits for the second batch, which waits for the first, which waits for this transaction:
        // the second gives way.
        await staffTx.execute(sql`select id from products where item_no = 'BT-L2' for update`);
      });
      expect(await run).toBe('succeeded');
    } finally {
      await other.close();
    }
    expect(await jobRow(again.id)).toMatchObject({ status: 'succeeded', rowsDone: 2, updated: 2 });
    const prices = rowsOf<{ price: string }>(await db().execute(sql`
      select k.price::text as price from product_packs k join products p on p.id = k.product_id where p.item_no like 'BT-L%'`));
    expect(prices.map((r) => Number(r.price))).toEqual([2, 2]);
  });
});
