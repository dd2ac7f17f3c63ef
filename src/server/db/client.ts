import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers, and for transactions (which extend it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** A human-readable location for messages (never includes a password). */
  where: string;
  close: () => Promise<void>;
}

export function defaultDataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? '.data', 'pglite');
}

/** Embedded PostgreSQL. `dataDir` 'memory://' gives a throwaway in-memory database. */
export async function openPglite(dataDir: string): Promise<DbHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pglite', where: dataDir, close: () => client.close() };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export function openPostgres(url: string, max = Number(process.env.DATABASE_POOL_SIZE ?? 10)): DbHandle {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connection: { statement_timeout: Number(process.env.STATEMENT_TIMEOUT_MS ?? 15000) },
  });
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'postgres', where: redactUrl(url), close: () => client.end({ timeout: 5 }) };
}

export async function openDatabase(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url) : openPglite(defaultDataDir());
}

const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

/** The process-wide database of the running application (one PGlite instance or one pool). */
export function getDbHandle(): Promise<DbHandle> {
  globalForDb.__dbHandle ??= openDatabase();
  return globalForDb.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}
