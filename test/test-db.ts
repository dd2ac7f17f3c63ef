import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, openPostgres, type Db, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { rowsOf } from '@/server/db/client';
import { seedDatabase } from '@/server/seed/seed-database';

export interface TestDatabase extends DbHandle {
  /** Closes the connection and drops a PostgreSQL throwaway database. */
  destroy: () => Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or — for the
 * PostgreSQL project — a throwaway database created next to TEST_DATABASE_URL.
 */
export async function createTestDatabase(options: { products?: number } = {}): Promise<TestDatabase> {
  const handle = await createEmptyTestDatabase();
  await runMigrations(handle);
  await seedDatabase(handle.db, { products: options.products ?? 120 });
  return handle;
}

/** A fresh database with nothing in it (not even migrations), on the driver of the test project. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return process.env.TEST_DB_DRIVER === 'postgres' ? createPostgresDatabase() : pgliteDatabase();
}

async function pgliteDatabase(): Promise<TestDatabase> {
  const handle = await openPglite('memory://');
  return { ...handle, destroy: handle.close };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  // Named after the base database (`i5_verify` → `i5_verify_t_…`), so that runs sharing a server stay apart.
  const prefix = new URL(base).pathname.slice(1).replace(/[^a-z0-9_]/gi, '').toLowerCase().slice(0, 30) || 't';
  const name = `${prefix}_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A test file's database, made before its tests and dropped after them (`fileTestDatabase`). */
export interface TestDatabaseFixture {
  /** The database's Drizzle instance; there once the file's first `beforeAll` has run. */
  readonly db: TestDatabase['db'];
  readonly driver: TestDatabase['driver'];
  /** The rows of one SQL statement. */
  query: <T>(text: SQL) => Promise<T[]>;
}

/**
 * Registers the `beforeAll` that makes a test file's fixture and the `afterAll` that disposes of it,
 * and answers the accessor of the fixture: call it at the top of the file, before the file's own hooks
 * that use the fixture; the accessor throws outside hooks and tests.
 */
export function fileFixture<T>(name: string, make: () => Promise<T>, dispose: (fixture: T) => Promise<void>): () => T {
  let fixture: T | null = null;
  beforeAll(async () => {
    fixture = await make();
  });
  afterAll(async () => {
    if (fixture !== null) await dispose(fixture);
  });
  return () => {
    if (fixture === null) throw new Error(`the ${name} is made in beforeAll: use it inside hooks and tests`);
    return fixture;
  };
}

/** A file's database (`createTestDatabase`), made before its tests and dropped after them. */
export function fileTestDatabase(options: { products?: number } = {}): TestDatabaseFixture {
  const current = fileFixture('test database', () => createTestDatabase(options), (handle) => handle.destroy());
  return {
    get db() {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
    query: async <T>(text: SQL): Promise<T[]> => rowsOf<T>(await current().db.execute(text)),
  };
}

/**
 * Runs a test's bulk setup (thousands of generated rows) without the app's statement timeout, which is
 * there to bound the app's own queries: on a busy machine a large insert through the search indexes
 * may take longer.
 */
export async function bulkSetup(db: Db, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(statement);
  });
}
