import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type DbHandle } from '@/server/db/client';
import { importJobs, type ImportJob } from '@/server/db/schema';
import { SYSTEM_ACTOR } from '@/server/modules/audit/record';
import { getFileStore } from '@/server/modules/files/store';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { processImportJob } from './runner';
import { lockImportJob, transitionImportJob } from './transition';

// How an import's batches follow each other (ADR 0054): on PostgreSQL two are written at once, on
// PGlite one; on both, batches end between products and commit in the file's order.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

let database: TestDatabase;
let dir: string;
let brandCode = '';
let leafId = 0;
let staffId = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-batches-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  database = await createTestDatabase();
  const one = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query))[0]!;
  brandCode = (await one<{ code: string }>(sql`select code from brands order by id limit 1`)).code;
  leafId = Number((await one<{ id: number }>(sql`select id from categories where leaf order by id limit 1`)).id);
  staffId = Number((await one<{ id: number }>(sql`select id from staff order by id limit 1`)).id);
});
afterAll(async () => {
  await database.destroy();
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'item_no,name_zh,name_en,brand,category,cas,formula,purity,pack_size,price,lead_time_days,stock';
const line = (itemNo: string, size: string, price: number) => `${itemNo},试剂${itemNo},Reagent ${itemNo},${brandCode},${leafId},,,,${size},${price},,`;

let files = 0;
/** A job of these rows, running and this test's (`owner`), as a claim leaves it. */
async function runningJob(lines: string[]): Promise<ImportJob> {
  files += 1;
  const key = `imports/test/batches-${files}.csv`;
  const bytes = new TextEncoder().encode(`${[HEADER, ...lines].join('\r\n')}\r\n`);
  await getFileStore().write(key, bytes);
  const [job] = await database.db.insert(importJobs).values({
    staffId, fileName: `batches-${files}.csv`, filePath: key, format: 'csv', fileSize: bytes.byteLength, status: 'running',
    leaseOwner: 'owner', leaseUntil: new Date(Date.now() + 60_000), attempts: 1, startedAt: new Date(),
  }).returning();
  return job!;
}

const jobRow = async (id: number) => (await database.db.select().from(importJobs).where(eq(importJobs.id, id)))[0]!;

async function packsOf(prefix: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ item_no: string; n: number }>(await database.db.execute(sql`
    select p.item_no, count(k.id)::int as n from products p left join product_packs k on k.product_id = p.id
    where p.item_no like ${`${prefix}%`} group by p.item_no order by p.item_no`));
  return Object.fromEntries(rows.map((r) => [r.item_no, Number(r.n)]));
}

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
    const ended = await processImportJob(database.db, job, 'owner', {
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
    // Names reach the database and the audit as written (the batch's rows travel as ASCII JSON).
    const [stored] = rowsOf<{ name_zh: string; audited: string }>(await database.db.execute(sql`
      select p.name_zh, a.data->'changes'->'nameZh'->>'to' as audited
      from products p join audit_log a on a.entity = 'product' and a.entity_id = p.id::text where p.item_no = 'BT-A'`));
    expect(stored).toEqual({ name_zh: '试剂BT-A', audited: '试剂BT-A' });
  });

  it('roll back once the job is cancelled, the batch being written with them', async () => {
    const job = await runningJob(Array.from({ length: 8 }, (_, i) => line(`BT-X${i}`, '1 g', i + 1)));
    const ended = await processImportJob(database.db, job, 'owner', {
      batchSize: 2,
      afterBatch: async (n) => {
        if (n !== 1) return;
        await database.db.transaction(async (tx) => {
          await transitionImportJob(tx, SYSTEM_ACTOR, await lockImportJob(tx, job.id), 'cancelled');
        });
      },
    });
    expect(ended).toBe('stopped');
    expect(await jobRow(job.id)).toMatchObject({ status: 'cancelled', rowsDone: 2, created: 2 });
    expect(Object.keys(await packsOf('BT-X'))).toEqual(['BT-X0', 'BT-X1']);
  });

  it.runIf(onPostgres)('give way when the batch before waits for a transaction that waits for them', async () => {
    const first = await runningJob([line('BT-L1', '1 g', 1), line('BT-L2', '1 g', 1)]);
    expect(await processImportJob(database.db, first, 'owner')).toBe('succeeded');
    const again = await runningJob([line('BT-L1', '1 g', 2), line('BT-L2', '1 g', 2)]);
    // A staff member's edit of both products, on connections of its own.
    const other: DbHandle = openPostgres(database.url!, 3);
    try {
      let run: Promise<string> | null = null;
      await other.db.transaction(async (staffTx) => {
        await staffTx.execute(sql`select id from products where item_no = 'BT-L1' for update`);
        // The first batch waits for BT-L1; the second locks BT-L2, writes, and waits for the first.
        run = processImportJob(database.db, again, 'owner', { batchSize: 1, waitForPreviousMs: 300 });
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
    const prices = rowsOf<{ price: string }>(await database.db.execute(sql`
      select k.price::text as price from product_packs k join products p on p.id = k.product_id where p.item_no like 'BT-L%'`));
    expect(prices.map((r) => Number(r.price))).toEqual([2, 2]);
  });
});
