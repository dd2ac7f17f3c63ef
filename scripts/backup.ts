import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { checkRestore, dumpDatabase, restoreDatabase } from '@/server/db/backup';
import { redactUrl } from '@/server/db/client';

/**
 * `npm run db:backup [-- --out FILE] [--check]`: a pg_dump (custom format) of DATABASE_URL, by default
 * into .data/backups/<database>-<time>.dump; `--check` then restores it into a scratch database and
 * compares every table with the source.
 * `npm run db:restore -- FILE [--into URL]`: restores a dump into an empty database (DATABASE_URL by
 * default), in one transaction. PGlite (no DATABASE_URL): stop the app and copy the DATA_DIR folder.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, check: { type: 'boolean', default: false }, into: { type: 'string' } },
  });
  const command = positionals[0];
  const url = process.env.DATABASE_URL;
  if (command === 'backup') {
    if (!url) throw new Error('DATABASE_URL is not set: backups are of PostgreSQL (for PGlite, stop the app and copy its DATA_DIR folder)');
    const name = new URL(url).pathname.slice(1) || 'db';
    const file = path.resolve(values.out ?? path.join('.data', 'backups', `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`));
    mkdirSync(path.dirname(file), { recursive: true });
    const started = Date.now();
    const size = await dumpDatabase(url, file);
    process.stdout.write(`Backed up ${redactUrl(url)} to ${file} (${(size / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    if (values.check) {
      const check = await checkRestore(file, url);
      if (check.differences.length > 0) throw new Error(`The restore differs from the source:\n  ${check.differences.join('\n  ')}`);
      process.stdout.write(`Restore checked: ${check.tables} tables and ${check.rows.toLocaleString('en')} rows restored identical to the source\n`);
    }
    return;
  }
  if (command === 'restore') {
    const file = positionals[1];
    const into = values.into ?? url;
    if (!file || !into) throw new Error('usage: npm run db:restore -- FILE [--into postgres://…] (or DATABASE_URL)');
    const client = postgres(into, { max: 1, onnotice: () => {} });
    try {
      const [row] = await client<{ n: number }[]>`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`;
      if (Number(row?.n) > 0) throw new Error(`${redactUrl(into)} is not empty: restore into a new database (createdb …) and point DATABASE_URL at it`);
    } finally {
      await client.end({ timeout: 5 });
    }
    await restoreDatabase(path.resolve(file), into);
    process.stdout.write(`Restored ${file} into ${redactUrl(into)}\n`);
    return;
  }
  throw new Error('usage: backup.ts backup [--out FILE] [--check] | restore FILE [--into URL]');
}

main().then(() => process.exit(0), (error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
