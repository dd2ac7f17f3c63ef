import 'server-only';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import postgres from 'postgres';

/*
 * Backups of a PostgreSQL database with pg_dump's custom format (compressed, restorable table by table),
 * and a check that a backup restores: into a scratch database beside the source, compared table by table
 * (row counts and a digest of every row), then dropped. `npm run db:backup` and `npm run db:restore`
 * call these; the client tools must match the server's major version or be newer.
 */

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${command} could not start (${error.message}); install PostgreSQL's client tools`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim().slice(0, 2000)}`))));
  });
}

/** Writes a custom-format dump of the database at `url` to `file`; answers its size in bytes. */
export async function dumpDatabase(url: string, file: string): Promise<number> {
  await run('pg_dump', ['--format=custom', '--compress=6', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
  return statSync(file).size;
}

/** Restores a dump into the (empty) database at `url`, in one transaction: all of it or nothing. */
export async function restoreDatabase(file: string, url: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]);
}

export interface TableFigure {
  table: string;
  rows: number;
  digest: string;
}

/** Every table of the public and drizzle schemas with its row count and an order-independent digest of its rows. */
export async function tableFigures(url: string): Promise<TableFigure[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await client<{ name: string }[]>`
      select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'drizzle') order by schemaname, tablename`;
    const figures: TableFigure[] = [];
    for (const { name } of tables) {
      // A digest of the sorted row digests: equal tables give equal digests whatever their physical order.
      const [row] = await client.unsafe<{ rows: number; digest: string | null }[]>(
        `select count(*)::int as rows, md5(string_agg(h, '' order by h)) as digest from (select md5(t::text) as h from ${name} t) s`,
      );
      figures.push({ table: name, rows: Number(row?.rows ?? 0), digest: row?.digest ?? '' });
    }
    return figures;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** The URL of a sibling database on the same server. */
export function siblingUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function onServer(url: string, statement: string): Promise<void> {
  const admin = postgres(siblingUrl(url, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export interface RestoreCheck {
  tables: number;
  rows: number;
  /** Tables whose restored rows differ from the source's (empty when the backup is good). */
  differences: string[];
}

/**
 * Restores `file` into a scratch database beside `sourceUrl` and compares every table with the source
 * (which must not change meanwhile: check right after the dump, or against a quiet database).
 */
export async function checkRestore(file: string, sourceUrl: string): Promise<RestoreCheck> {
  const scratch = `restore_check_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(sourceUrl, `create database ${scratch}`);
  try {
    const scratchUrl = siblingUrl(sourceUrl, scratch);
    await restoreDatabase(file, scratchUrl);
    const [source, restored] = await Promise.all([tableFigures(sourceUrl), tableFigures(scratchUrl)]);
    const byName = new Map(restored.map((t) => [t.table, t]));
    const differences = source
      .filter((t) => byName.get(t.table)?.rows !== t.rows || byName.get(t.table)?.digest !== t.digest)
      .map((t) => `${t.table}: ${t.rows} rows in the source, ${byName.get(t.table)?.rows ?? 'no table'} restored`);
    for (const t of restored) if (!source.some((s) => s.table === t.table)) differences.push(`${t.table}: only in the restore`);
    return { tables: source.length, rows: source.reduce((sum, t) => sum + t.rows, 0), differences };
  } finally {
    await onServer(sourceUrl, `drop database if exists ${scratch} with (force)`);
  }
}
