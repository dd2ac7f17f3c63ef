import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase, type TestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';

/**
 * Every release's database, upgraded by this one, ends with the schema of a fresh install: the same
 * columns (type, null, default), indexes, constraints, functions and triggers. A migration that only
 * works on an empty database, or a schema change made outside the migrations, fails here. The
 * data a release kept is checked per migration in upgrade.api.test.ts.
 */
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const last = Math.max(...journal.entries.map((e) => e.idx));
// On PostgreSQL every earlier release; on the embedded database (slower to create) the last three. The
// driver decides, not whether a PostgreSQL address is set: the PGlite project runs beside it with one.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const releases = journal.entries.map((e) => e.idx).filter((idx) => idx < last && (onPostgres || idx >= last - 3));
const folders: string[] = [];

afterAll(() => {
  for (const f of folders) removeRelease(f);
});

async function schemaOf(db: TestDatabase): Promise<Record<string, string[]>> {
  const list = async (query: ReturnType<typeof sql>) => rowsOf<{ d: string }>(await db.db.execute(query)).map((r) => r.d);
  return {
    columns: await list(sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') || ' ' || coalesce(generation_expression, '') as d
      from information_schema.columns where table_schema = 'public' order by 1`),
    indexes: await list(sql`select indexdef as d from pg_indexes where schemaname = 'public' order by 1`),
    constraints: await list(sql`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d
      from pg_constraint where connamespace = 'public'::regnamespace order by 1`),
    functions: await list(sql`select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc) as d
      from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`),
    triggers: await list(sql`select tgrelid::regclass::text || ' ' || tgname as d from pg_trigger where not tgisinternal order by 1`),
  };
}

describe('every earlier release upgrades to the schema of a fresh install', () => {
  it(`holds for the releases before ${journal.entries.find((e) => e.idx === last)?.tag ?? 'the last migration'}`, async () => {
    expect(releases.length).toBeGreaterThan(0);
    const fresh = await createEmptyTestDatabase();
    let expected: Record<string, string[]>;
    try {
      await runMigrations(fresh);
      expected = await schemaOf(fresh);
    } finally {
      await fresh.destroy();
    }
    expect(expected.columns?.length).toBeGreaterThan(100);
    for (const idx of releases) {
      const db = await createEmptyTestDatabase();
      try {
        const folder = releaseMigrations(idx);
        folders.push(folder);
        await runMigrations(db, folder);
        await runMigrations(db);
        const upgraded = await schemaOf(db);
        for (const part of Object.keys(expected)) expect(upgraded[part], `${part} after upgrading from release ${idx}`).toEqual(expected[part]);
      } finally {
        await db.destroy();
      }
    }
  }, 600_000);
});
