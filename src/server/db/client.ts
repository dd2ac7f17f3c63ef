import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { log } from '@/server/log';
import { retryTransient, sqlStateOf } from './retry';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers, and for transactions (which extend it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of `db.execute(…)`: postgres-js returns an array of rows, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** A human-readable location for messages (never includes a password). */
  where: string;
  close: () => Promise<void>;
}

export function defaultDataDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR ?? '.data', 'pglite');
}

export interface PgliteHandle extends DbHandle {
  /** The whole database as a tarball, which `openPglite(…, { loadDataDir })` opens again. */
  dump: () => Promise<Blob>;
}

/**
 * Embedded PostgreSQL. `dataDir` 'memory://' gives a throwaway in-memory database; `loadDataDir`
 * starts it from a tarball of `dump()` (the tests' migrated and seeded template).
 */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PgliteHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pglite', where: dataDir, close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** What a PostgreSQL handle's database needs to open a sibling pool (`presetDb`). */
interface PostgresPools {
  url: string;
  /** Where the read-only search pools connect: a read replica (DATABASE_READ_URL), else `url`. */
  readUrl: string;
  max: number;
  siblings: Map<string, { db: Db; end: () => Promise<void> }>;
}

const postgresPools = new WeakMap<Db, PostgresPools>();

function connect(url: string, max: number, settings: Readonly<Record<string, string>> = {}): ReturnType<typeof postgres> {
  return postgres(url, {
    max,
    onnotice: () => {},
    connection: { statement_timeout: Number(process.env.STATEMENT_TIMEOUT_MS ?? 15000), ...settings },
  });
}

/**
 * A PostgreSQL pool. `readUrl` (a streaming replica of the same database) takes the catalogue
 * searches' pools (`presetDb`), which only read and may lag the primary by the replica's delay;
 * everything else, and every transaction, stays on `url`.
 */
export function openPostgres(url: string, max = Number(process.env.DATABASE_POOL_SIZE ?? 10), options: { readUrl?: string } = {}): DbHandle {
  const client = connect(url, max);
  const db = withTransactionRetry(drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db);
  const pools: PostgresPools = { url, readUrl: options.readUrl || url, max, siblings: new Map() };
  postgresPools.set(db, pools);
  return {
    db,
    driver: 'postgres',
    where: redactUrl(url),
    close: async () => {
      await Promise.all([...pools.siblings.values()].map((s) => s.end()));
      pools.siblings.clear();
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * Every top-level transaction of a PostgreSQL pool runs again, after a jittered wait, when the
 * server aborts it for a serialization failure or a deadlock (`retry.ts`; docs/requirements/quality.md#r4-retries).
 * A transaction's callback must therefore do nothing outside the database that it would regret
 * doing twice: mails and other effects go after the commit, as they already do.
 */
function withTransactionRetry(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const retrying: typeof db.transaction = (callback, config) =>
    retryTransient(
      () => transaction(callback, config),
      undefined,
      (attempt, error) => log('warn', 'db.transaction_retry', { attempt, code: sqlStateOf(error) }),
    );
  db.transaction = retrying;
  return db;
}

/**
 * Whether `db` (the handle's, not a transaction) is a PostgreSQL pool: postgres-js then sends
 * statements issued together back to back on a transaction's connection (pipelining); PGlite runs
 * one statement at a time.
 */
export function isPostgresPool(db: Db): boolean {
  return postgresPools.has(db);
}

/**
 * A pool beside `db`'s own whose sessions start with the given planner settings, so that a query
 * needing them runs alone instead of in a transaction that sets them (BEGIN, SET LOCAL, COMMIT:
 * two round trips more, and on two shared cores the slowest part of an item-number search).
 * Opened on first use, with half as many connections as the main pool, on the read replica when one
 * is configured (its queries only read); closed with the handle.
 * Null for PGlite (one session for everything) and for a transaction: the caller then uses SET LOCAL.
 */
export function presetDb(db: Db, settings: Readonly<Record<string, string>>): Db | null {
  const pools = postgresPools.get(db);
  if (!pools) return null;
  const name = Object.entries(settings).map(([k, v]) => `${k}=${v}`).sort().join(',');
  let sibling = pools.siblings.get(name);
  if (!sibling) {
    const client = connect(pools.readUrl, Math.max(2, Math.ceil(pools.max / 2)), settings);
    sibling = { db: drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db, end: () => client.end({ timeout: 5 }) };
    pools.siblings.set(name, sibling);
  }
  return sibling.db;
}

export async function openDatabase(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url, undefined, { readUrl: process.env.DATABASE_READ_URL || undefined }) : openPglite(defaultDataDir());
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
