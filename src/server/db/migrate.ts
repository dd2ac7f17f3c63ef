import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { rowsOf, type DbHandle, type Schema } from './client';
import { StartupError } from './startup-error';

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle');

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** Checks that every migration the journal names is present, and returns their count. */
export function checkMigrationFiles(folder = MIGRATIONS_FOLDER): number {
  const journalPath = path.join(folder, 'meta', '_journal.json');
  if (!existsSync(journalPath)) {
    throw new StartupError(`Migrations are missing: ${journalPath} not found. Restore the drizzle/ folder from the repository.`);
  }
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  for (const entry of journal.entries) {
    const file = path.join(folder, `${entry.tag}.sql`);
    if (!existsSync(file)) {
      throw new StartupError(`Migration ${entry.tag}.sql is missing from drizzle/. Restore it from the repository (never delete applied migrations).`);
    }
  }
  return journal.entries.length;
}

/** Applies pending migrations; refuses a database that has more migrations than this code knows. */
export async function runMigrations(handle: DbHandle, folder = MIGRATIONS_FOLDER): Promise<void> {
  const known = checkMigrationFiles(folder);
  const applied = await countAppliedMigrations(handle);
  if (applied > known) {
    throw new StartupError(
      `The database at ${handle.where} has ${applied} migrations applied but this code has only ${known}: update the code or point DATABASE_URL/DATA_DIR at another database.`,
    );
  }
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db as unknown as PostgresJsDatabase<Schema>, { migrationsFolder: folder });
  }
}

/** The advisory lock key that serialises migrating and seeding across the instances of one database. */
export const MIGRATION_LOCK_KEY = 7_240_531_001;

/**
 * Runs `fn` (migrate, seed) while holding a PostgreSQL advisory lock, so that when several instances
 * start at once one migrates and the others wait, then find nothing left to do. PGlite is one process's
 * own database (its folder is locked), so there is nothing to serialise.
 */
export async function withMigrationLock<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.driver !== 'postgres') return fn();
  return handle.db.transaction(async (tx) => {
    // Waiting for another instance's migration and seed may take longer than a statement may.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    return fn();
  });
}

async function countAppliedMigrations(handle: DbHandle): Promise<number> {
  const exists = await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rowsOf<{ present: boolean }>(exists)[0]?.present) return 0;
  const res = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
