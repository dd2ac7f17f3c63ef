import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, rowsOf, type DbHandle } from './client';
import { sqlStateOf } from './retry';

/**
 * Faults on PostgreSQL (docs/requirements/quality.md#r4-retries and #r6-statement-timeout): deadlocks and serialization failures are
 * retried by every transaction, and a statement timeout bounds every query — of the main pool and of
 * the search pool alike. PGlite runs one statement at a time and has neither, so these run on the
 * PostgreSQL project only (TEST_DATABASE_URL).
 */

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const base = process.env.TEST_DATABASE_URL ?? '';
const name = `faults_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const urlOf = () => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};
let handle: DbHandle;

describe.skipIf(!onPostgres)('faults on PostgreSQL', () => {
  beforeAll(async () => {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    handle = openPostgres(urlOf(), 4);
    await handle.db.execute(sql`create table counters (id int primary key, n int not null)`);
    await handle.db.execute(sql`insert into counters values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await handle?.close();
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const valueOf = async (id: number) => rowsOf<{ n: number }>(await handle.db.execute(sql`select n from counters where id = ${id}`))[0]?.n;

  it('retries the victim of a deadlock: both transactions commit', async () => {
    const before = [await valueOf(1), await valueOf(2)];
    let signalA = () => {};
    let signalB = () => {};
    const aHolds = new Promise<void>((r) => (signalA = r));
    const bHolds = new Promise<void>((r) => (signalB = r));
    const attempts = { a: 0, b: 0 };
    // A locks row 1 then wants row 2; B locks row 2 then wants row 1: PostgreSQL aborts one (40P01).
    const a = handle.db.transaction(async (tx) => {
      attempts.a += 1;
      await tx.execute(sql`update counters set n = n + 1 where id = 1`);
      signalA();
      await bHolds;
      await tx.execute(sql`update counters set n = n + 1 where id = 2`);
    });
    const b = handle.db.transaction(async (tx) => {
      attempts.b += 1;
      await tx.execute(sql`update counters set n = n + 1 where id = 2`);
      signalB();
      await aHolds;
      await tx.execute(sql`update counters set n = n + 1 where id = 1`);
    });
    await Promise.all([a, b]);
    expect(attempts.a + attempts.b).toBe(3);
    expect([await valueOf(1), await valueOf(2)]).toEqual([(before[0] ?? 0) + 2, (before[1] ?? 0) + 2]);
  });

  it('retries a serialization failure: no increment is lost', async () => {
    const before = (await valueOf(1)) ?? 0;
    let signalA = () => {};
    let signalB = () => {};
    const aRead = new Promise<void>((r) => (signalA = r));
    const bRead = new Promise<void>((r) => (signalB = r));
    let calls = 0;
    const increment = (signal: () => void, other: Promise<void>) =>
      handle.db.transaction(
        async (tx) => {
          calls += 1;
          const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select n from counters where id = 1`));
          signal();
          await other;
          await tx.execute(sql`update counters set n = ${(row?.n ?? 0) + 1} where id = 1`);
        },
        { isolationLevel: 'serializable' },
      );
    await Promise.all([increment(signalA, bRead), increment(signalB, aRead)]);
    expect(calls).toBe(3);
    expect(await valueOf(1)).toBe(before + 2);
  });

  it('bounds every statement with STATEMENT_TIMEOUT_MS, on the main pool and on the search pool', async () => {
    vi.stubEnv('STATEMENT_TIMEOUT_MS', '2000');
    const bounded = openPostgres(urlOf(), 2);
    try {
      await bounded.db.execute(sql`select 1`);
      expect(sqlStateOf(await bounded.db.execute(sql`select pg_sleep(30)`).catch((e: unknown) => e))).toBe('57014');
      const { presetDb } = await import('./client');
      const search = presetDb(bounded.db, { enable_seqscan: 'off' });
      expect(search).not.toBeNull();
      await search?.execute(sql`select 1`);
      expect(sqlStateOf(await search?.execute(sql`select pg_sleep(30)`).catch((e: unknown) => e))).toBe('57014');
      // The pool is fine afterwards.
      expect(rowsOf<{ one: number }>(await bounded.db.execute(sql`select 1 as one`))[0]?.one).toBe(1);
    } finally {
      vi.unstubAllEnvs();
      await bounded.close();
    }
  });
});
