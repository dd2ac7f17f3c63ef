import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, presetDb, rowsOf, type DbHandle } from './client';
import { checkMigrationFiles, runMigrations, withMigrationLock } from './migrate';

// Several instances starting on one PostgreSQL database: one migrates, the others wait (PostgreSQL only;
// PGlite is one process's own database).
const base = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(base);

describe.runIf(onPostgres)('migrating from several instances at once', () => {
  const name = `migrate_lock_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const handles: DbHandle[] = [];
  beforeAll(async () => {
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(base!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) handles.push(openPostgres(url.toString(), 3));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('holds one instance at a time inside the lock', async () => {
    const spans: { start: number; end: number }[] = [];
    await Promise.all(handles.map((handle) => withMigrationLock(handle, async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 150));
      spans.push({ start, end: performance.now() });
    })));
    spans.sort((a, b) => a.start - b.start);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
  });

  it('migrates an empty database once when three instances start together', async () => {
    await Promise.all(handles.map((handle) => withMigrationLock(handle, () => runMigrations(handle))));
    const [row] = rowsOf<{ n: number }>(await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(row?.n).toBe(checkMigrationFiles());
  });
});

describe.runIf(onPostgres)('a read replica (DATABASE_READ_URL)', () => {
  it('takes the search pools, and nothing else', async () => {
    const replica = `read_replica_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${replica}`);
    const readUrl = new URL(base!);
    readUrl.pathname = `/${replica}`;
    const handle = openPostgres(base!, 2, { readUrl: readUrl.toString() });
    try {
      const name = async (db: DbHandle['db']) => rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0]?.name;
      expect(await name(handle.db)).toBe(new URL(base!).pathname.slice(1));
      expect(await name(presetDb(handle.db, { enable_seqscan: 'off' })!)).toBe(replica);
      // Transactions stay on the primary.
      expect(await handle.db.transaction(async (tx) => name(tx))).toBe(new URL(base!).pathname.slice(1));
    } finally {
      await handle.close();
      await admin.unsafe(`drop database if exists ${replica} with (force)`);
      await admin.end();
    }
  });
});
