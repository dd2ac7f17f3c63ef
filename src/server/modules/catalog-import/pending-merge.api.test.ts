import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Db } from '@/server/db/client';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { startPendingMerge } from './pending-merge';

// The import's merge of the products' GIN pending lists from a second connection (ADR 0053).
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

let next = 0;
/** Adds products (in the pending lists of the search indexes, which take them with `fastupdate`). */
async function addProducts(db: Db, count: number): Promise<void> {
  const from = next;
  next += count;
  await db.execute(sql`
    insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
    select 'PM-' || lpad(i::text, 6, '0'), '合并试剂' || i, 'Merge reagent ' || i, 'hebingshiji' || i, 'hbsj',
      (select min(id) from brands), (select min(id) from categories where leaf)
    from generate_series(${from}::int, ${from + count - 1}::int) as i`);
}

/** The GIN indexes of products, by name: the search's grams, long grams (ADR 0104) and substrings. */
const GIN_INDEXES = ['products_search_grams_idx', 'products_search_long_idx', 'products_search_substr_idx'];

/** Pages each GIN index of products had in its pending list, merged now (so the list is empty after), by index name. */
async function mergeNow(db: Db): Promise<number[]> {
  const rows = rowsOf<{ name: string; pages: number }>(await db.execute(sql`
    select c.relname as name, gin_clean_pending_list(i.indexrelid::regclass)::int as pages
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid = 'products'::regclass and a.amname = 'gin' order by c.relname`));
  expect(rows.map((r) => r.name)).toEqual(GIN_INDEXES);
  return rows.map((r) => Number(r.pages));
}

describe.runIf(onPostgres)('merging the search indexes\' pending lists on PostgreSQL', () => {
  it('leaves pending entries when nothing merges them (the case the merge is for)', async () => {
    await mergeNow(database.db);
    await addProducts(database.db, 200);
    const pages = await mergeNow(database.db);
    expect(pages.every((n) => n > 0)).toBe(true);
  });

  it('merges what is written while it runs, and stops when told', async () => {
    await mergeNow(database.db);
    const merge = startPendingMerge(database.db, 10);
    await addProducts(database.db, 200);
    // Its next turn comes within the interval; give it a few.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await merge.stop();
    expect(await mergeNow(database.db)).toEqual(GIN_INDEXES.map(() => 0));
    // Stopped: what is written now stays pending.
    await addProducts(database.db, 200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await mergeNow(database.db)).every((n) => n > 0)).toBe(true);
  });

  it('gives up quietly when the database refuses (a role that does not own the indexes)', async () => {
    const role = `pending_merge_${randomBytes(4).toString('hex')}`;
    await database.db.execute(sql.raw(`create role ${role} login`));
    const url = new URL(database.url!);
    url.username = role;
    url.password = '';
    const other = openPostgres(url.toString(), 2);
    try {
      await mergeNow(database.db);
      const merge = startPendingMerge(other.db, 10);
      await addProducts(database.db, 200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await merge.stop();
      // Refused at its first turn, it merged nothing and stopped trying; the inserts went on.
      expect((await mergeNow(database.db)).every((n) => n > 0)).toBe(true);
    } finally {
      await other.close();
      await database.db.execute(sql.raw(`drop role ${role}`));
    }
  });
});

describe.runIf(!onPostgres)('merging the search indexes\' pending lists on PGlite', () => {
  it('does nothing: PGlite has one connection, and merges in its own inserts', async () => {
    const merge = startPendingMerge(database.db, 1);
    await addProducts(database.db, 20);
    await merge.stop();
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products where item_no like 'PM-%'`));
    expect(Number(row?.n)).toBe(20);
  });
});
