import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { permissionsOfScope } from '@/server/auth/permissions';
import { permissionsOfRelease, RELEASED_PERMISSIONS, releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase, type TestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';

/**
 * Every release's database, upgraded by this one, ends with the schema of a fresh install: the same
 * columns (type, null, default), indexes, constraints, functions and triggers. A migration that only
 * works on an empty database, or a schema change made outside the migrations, fails here. The
 * data a release kept is checked per migration in upgrades/release-*.api.test.ts.
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

/**
 * Only holders grant (docs/api.md "Granting roles and permissions"), so a permission added by a release
 * must reach the roles that held every permission before it: the super administrator's role, and each
 * company's administrator role. A release's database gets such roles with every permission it knew.
 */
async function addAdministrators(db: TestDatabase, idx: number): Promise<void> {
  if (idx < 1) return;
  const known = new Set(permissionsOfRelease(idx));
  const staffCodes = permissionsOfScope('staff').filter((p) => known.has(p));
  const companyCodes = permissionsOfScope('company').filter((p) => known.has(p));
  await db.db.execute(sql`insert into staff_roles (id, name) values (900001, '超级管理员')`);
  await db.db.execute(sql`insert into staff_role_permissions (role_id, permission) select 900001, unnest(${`{${staffCodes.join(',')}}`}::text[])`);
  await db.db.execute(sql`insert into companies (id, name) values (900001, '实验室')`);
  await db.db.execute(sql`insert into roles (id, company_id, name) values (900001, 900001, '管理员')`);
  await db.db.execute(sql`insert into role_permissions (role_id, permission) select 900001, unnest(${`{${companyCodes.join(',')}}`}::text[])`);
}

async function administratorPermissions(db: TestDatabase): Promise<{ staff: string[]; company: string[] }> {
  const list = async (query: ReturnType<typeof sql>) => rowsOf<{ p: string }>(await db.db.execute(query)).map((r) => r.p).sort();
  return {
    staff: await list(sql`select permission as p from staff_role_permissions where role_id = 900001`),
    company: await list(sql`select permission as p from role_permissions where role_id = 900001`),
  };
}

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
  it('knows with which release every permission of the registry came', () => {
    expect([...RELEASED_PERMISSIONS].sort()).toEqual([...permissionsOfScope('staff'), ...permissionsOfScope('company')].sort());
  });

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
        await addAdministrators(db, idx);
        await runMigrations(db);
        const upgraded = await schemaOf(db);
        for (const part of Object.keys(expected)) expect(upgraded[part], `${part} after upgrading from release ${idx}`).toEqual(expected[part]);
        if (idx >= 1) {
          expect(await administratorPermissions(db), `administrators' permissions after upgrading from release ${idx}`)
            .toEqual({ staff: permissionsOfScope('staff').sort(), company: permissionsOfScope('company').sort() });
        }
      } finally {
        await db.destroy();
      }
    }
  }, 600_000);
});
