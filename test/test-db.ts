import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, openPostgres, type Db, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { ensureCartridge } from '@/server/modules/structure-search/cartridge';
import { rowsOf } from '@/server/db/client';
import { seedDatabase } from '@/server/seed/seed-database';
import { databasePrefix, postgresTemplateName } from './templates';

export interface TestDatabase extends DbHandle {
  /** Closes the connection and drops a PostgreSQL throwaway database. */
  destroy: () => Promise<void>;
  /** The connection string of a PostgreSQL throwaway database (for tools that open their own connection). */
  url?: string;
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or — for the
 * PostgreSQL project — a throwaway database created next to TEST_DATABASE_URL.
 *
 * Migrating and seeding cost several seconds a file, so a run migrates once, seeds a copy of that once per
 * catalogue size and copies the result: PGlite opens a tarball of the template (kept in TEST_TEMPLATE_DIR, a folder of this
 * run that vitest.config.ts makes and removes), PostgreSQL creates the file's database from a template
 * database of this run (`CREATE DATABASE … TEMPLATE`, dropped by test/templates-teardown.ts). Without
 * TEST_TEMPLATE_DIR every file migrates and seeds its own database.
 */
export async function createTestDatabase(options: { products?: number } = {}): Promise<TestDatabase> {
  const products = options.products ?? 120;
  const run = process.env.TEST_TEMPLATE_DIR;
  if (run) return process.env.TEST_DB_DRIVER === 'postgres' ? postgresFromTemplate(run, products) : pgliteFromTemplate(run, products);
  const handle = await createEmptyTestDatabase();
  await runMigrations(handle);
  await ensureCartridge(handle);
  await seedDatabase(handle.db, { products });
  return handle;
}

/** A fresh database with nothing in it (not even migrations), on the driver of the test project. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return process.env.TEST_DB_DRIVER === 'postgres' ? createPostgresDatabase() : pgliteDatabase();
}

/**
 * A tarball for `openPglite(…, { loadDataDir })`, handed to PGlite as the bytes it reads from it. PGlite only
 * asks a tarball for `arrayBuffer()`; Node's Blob answers that by copying its contents back in small chunks,
 * about a second of processor time for the 49 MB template, on every file's database.
 */
function tarballOf(bytes: Uint8Array<ArrayBuffer>): Blob {
  const blob = new Blob([], { type: 'application/x-tar' });
  // A copy of its own for each database: nothing PGlite does with it reaches the kept bytes.
  blob.arrayBuffer = () => Promise.resolve(bytes.slice().buffer);
  return blob;
}

/** The run's template tarballs this process has read, by file. */
const readTemplates = new Map<string, Uint8Array<ArrayBuffer>>();

/**
 * The data directory of a PGlite that has just been created, made once per process. Opening a database
 * from it skips PGlite's initdb: about 1 s instead of 2.7 s for each upgrade test's empty database.
 */
let freshDataDir: Promise<Uint8Array<ArrayBuffer>> | null = null;

async function pgliteDatabase(): Promise<TestDatabase> {
  freshDataDir ??= (async () => {
    const maker = await openPglite('memory://');
    try {
      return new Uint8Array(await (await maker.dump()).arrayBuffer());
    } finally {
      await maker.close();
    }
  })().catch((error: unknown) => {
    freshDataDir = null;
    throw error;
  });
  const handle = await openPglite('memory://', { loadDataDir: tarballOf(await freshDataDir) });
  return { ...handle, destroy: handle.close };
}

/**
 * Runs `make` in one worker at a time for this lock (a folder made atomically beside the run's templates);
 * the others wait for it to finish, then see what it made, instead of making the same template beside it.
 */
async function oneWorkerAtATime(lock: string, make: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await delay(250);
    }
  }
  try {
    await make();
  } finally {
    rmdirSync(lock);
  }
}

/** Writes a PGlite's data directory to `file` (whole, then renamed, so no reader sees it half written). */
async function dumpTo(maker: Awaited<ReturnType<typeof openPglite>>, file: string): Promise<void> {
  const tarball = Buffer.from(await (await maker.dump()).arrayBuffer());
  const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
  writeFileSync(partial, tarball);
  renameSync(partial, file);
}

/**
 * The run's migrated PGlite database without seed data, which every template of a size starts from: a
 * template is seeded on a copy of it instead of making a database (PGlite's initdb) and migrating it again for
 * each size, about 3 s of processor time a size.
 */
async function pgliteMigrated(run: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = path.join(run, 'pglite-migrated.tar');
  if (!existsSync(file)) await oneWorkerAtATime(`${file}.making`, async () => {
    if (existsSync(file)) return;
    const maker = await openPglite('memory://');
    try {
      await runMigrations(maker);
      await dumpTo(maker, file);
    } finally {
      await maker.close();
    }
  });
  return readFileSync(file);
}

/** The run's PGlite template of this size, made by the first file that asks, from the run's migrated database. */
async function pgliteFromTemplate(run: string, products: number): Promise<TestDatabase> {
  const file = path.join(run, `pglite-${products}.tar`);
  mkdirSync(run, { recursive: true });
  if (!existsSync(file)) {
    const migrated = await pgliteMigrated(run);
    await oneWorkerAtATime(`${file}.making`, async () => {
      if (existsSync(file)) return;
      const maker = await openPglite('memory://', { loadDataDir: tarballOf(migrated) });
      try {
        await seedDatabase(maker.db, { products });
        await dumpTo(maker, file);
      } finally {
        await maker.close();
      }
    });
  }
  let bytes = readTemplates.get(file);
  if (!bytes) readTemplates.set(file, (bytes = readFileSync(file)));
  const handle = await openPglite('memory://', { loadDataDir: tarballOf(bytes) });
  return { ...handle, destroy: handle.close };
}

function baseOf(): { base: string; prefix: string } {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return { base, prefix: databasePrefix(base) };
}

/**
 * Sessions of a throwaway database commit without waiting for the server to flush its log to disk
 * (`synchronous_commit = off`): a crash of the server would lose the last commits of a database the run
 * drops anyway, and nothing a test observes changes; each commit of the suite's tens of thousands would
 * wait for a disk flush otherwise (several milliseconds on a busy machine). A database's own setting: a
 * copy made from it (`template`) does not inherit it, so each database is given it.
 */
const noFlushWait = (name: string) => `alter database ${name} set synchronous_commit = off`;

async function createPostgresDatabase(template?: string): Promise<TestDatabase> {
  const { base, prefix } = baseOf();
  const name = `${prefix}_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.unsafe(noFlushWait(name));
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The run's migrated PostgreSQL database without seed data, which every template of a size is copied from
 * (instead of migrating each size's template again); made by the first worker that asks, under an advisory
 * lock of its own, and closed before anything is copied from it. Answers its name.
 */
async function postgresMigrated(locker: postgres.Sql, base: string, run: string): Promise<string> {
  const migrated = postgresTemplateName(base, run, 'migrated');
  await locker`select pg_advisory_lock(hashtext(${migrated}))`;
  try {
    const [found] = await locker`select 1 as one from pg_database where datname = ${migrated}`;
    if (!found) {
      await locker.unsafe(`create database ${migrated}`);
      await locker.unsafe(noFlushWait(migrated));
      const url = new URL(base);
      url.pathname = `/${migrated}`;
      const maker = openPostgres(url.toString(), 2);
      try {
        await runMigrations(maker);
        // Structure search on the RDKit cartridge where the server has it (ADR 0075), as a start would.
        await ensureCartridge(maker);
      } catch (error) {
        await maker.close();
        await locker.unsafe(`drop database if exists ${migrated} with (force)`);
        throw error;
      }
      await maker.close();
    }
  } finally {
    await locker`select pg_advisory_unlock(hashtext(${migrated}))`;
  }
  return migrated;
}

/**
 * A copy of the run's template database of this size. An advisory lock on the server keeps two workers
 * from making the same template at once; the template is closed before anything is copied from it.
 */
async function postgresFromTemplate(run: string, products: number): Promise<TestDatabase> {
  const { base } = baseOf();
  const template = postgresTemplateName(base, run, products);
  const locker = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await locker`select pg_advisory_lock(hashtext(${template}))`;
    const [found] = await locker`select 1 as one from pg_database where datname = ${template}`;
    if (!found) {
      await locker.unsafe(`create database ${template} template ${await postgresMigrated(locker, base, run)}`);
      await locker.unsafe(noFlushWait(template));
      const url = new URL(base);
      url.pathname = `/${template}`;
      const maker = openPostgres(url.toString(), 2);
      try {
        await seedDatabase(maker.db, { products });
      } catch (error) {
        await maker.close();
        await locker.unsafe(`drop database if exists ${template} with (force)`);
        throw error;
      }
      await maker.close();
    }
    return await createPostgresDatabase(template);
  } finally {
    await locker`select pg_advisory_unlock(hashtext(${template}))`.catch(() => undefined);
    await locker.end();
  }
}

/** A test file's database, made before its tests and dropped after them (`fileTestDatabase`). */
export interface TestDatabaseFixture {
  /** The database's Drizzle instance; there once the file's first `beforeAll` has run. */
  readonly db: TestDatabase['db'];
  readonly driver: TestDatabase['driver'];
  /** A PostgreSQL database's connection string (for a handle of its own); undefined on PGlite. */
  readonly url: string | undefined;
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
    get url() {
      return current().url;
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
