import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { checkRestore, dumpDatabase, tableFigures } from './backup';

// A backup and its restore, end to end on PostgreSQL (pg_dump and pg_restore of the server's version).
const base = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(base);

describe.runIf(onPostgres)('backup and restore', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'backup-'));
  let source: TestDatabase;
  let url: string;
  beforeAll(async () => {
    // A copy of the run's seeded template (test/test-db.ts): the dump and its restores are this file's work, not migrating.
    source = await createTestDatabase({ products: 60 });
    url = source.url!;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await source?.destroy();
  });

  // Two whole restores by pg_restore and a comparison of every table: about 6 s on a quiet machine, several
  // times that beside the run's other workers, so the test has the budget of its work rather than the default.
  it('restores every table of a seeded shop identical to the source, and notices when they differ', { timeout: 120_000 }, async () => {
    const file = path.join(dir, 'shop.dump');
    expect(await dumpDatabase(url, file)).toBeGreaterThan(10_000);
    const good = await checkRestore(file, url);
    expect(good.differences).toEqual([]);
    expect(good.tables).toBeGreaterThan(40);
    const figures = await tableFigures(url);
    expect(figures.find((t) => t.table === 'public.products')?.rows).toBeGreaterThan(0);
    expect(figures.find((t) => t.table === 'drizzle.__drizzle_migrations')?.rows).toBeGreaterThan(0);

    // A change after the dump: the restore no longer matches, and the check says which table.
    const client = postgres(url, { max: 1, onnotice: () => {} });
    await client`update products set name_en = name_en || ' (changed)' where id = (select min(id) from products)`;
    await client.end();
    const stale = await checkRestore(file, url);
    expect(stale.differences).toHaveLength(1);
    expect(stale.differences[0]).toMatch(/^public\.products: /);
  });

  it('refuses a file that is not a dump, and leaves no scratch database behind', async () => {
    const bogus = path.join(dir, 'bogus.dump');
    writeFileSync(bogus, 'not a dump');
    await expect(checkRestore(bogus, url)).rejects.toThrow(/pg_restore failed/);
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    const left = await admin`select datname from pg_database where datname like 'restore_check_%'`;
    await admin.end();
    expect(left).toEqual([]);
  });
});
