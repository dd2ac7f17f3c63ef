import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { rowsOf, type Db } from '@/server/db/client';
import { createTestDatabase, type TestDatabase } from './test-db';

/** A test file's database and file store for the import runner, and the brand, leaf category and staff member its rows name. */
export interface ImportRunnerFixture {
  database: TestDatabase;
  db: () => Db;
  brandCode: string;
  leafId: number;
  staffId: number;
}

/**
 * Opens a fresh seeded database and a file store in a temporary folder (`FILES_DIR`) before the file's tests, and
 * removes both after them. The fixture's fields are set once `beforeAll` has run.
 */
export function importRunnerFixture(folderPrefix: string): ImportRunnerFixture {
  let dir = '';
  const fx: ImportRunnerFixture = {
    database: undefined as unknown as TestDatabase,
    db: () => fx.database.db,
    brandCode: '',
    leafId: 0,
    staffId: 0,
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), folderPrefix));
    process.env.FILES_DIR = path.join(dir, 'files');
    fx.database = await createTestDatabase();
    const first = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await fx.db().execute(query))[0]!;
    fx.brandCode = (await first<{ code: string }>(sql`select code from brands order by id limit 1`)).code;
    fx.leafId = Number((await first<{ id: number }>(sql`select id from categories where leaf order by id limit 1`)).id);
    fx.staffId = Number((await first<{ id: number }>(sql`select id from staff where login_name = 'admin'`)).id);
  });
  afterAll(async () => {
    await fx.database.destroy();
    delete process.env.FILES_DIR;
    rmSync(dir, { recursive: true, force: true });
  });
  return fx;
}
