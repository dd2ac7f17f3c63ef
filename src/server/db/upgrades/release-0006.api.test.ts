import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Each test migrates a whole database from nothing (some twice or three times over): a minute or more on a
// busy two-core machine, beyond the suite's 30-second budget per test.
vi.setConfig({ testTimeout: 180_000 });

/**
 * A database made by an earlier release, upgraded by this one: the migrations up to 0006 (as they
 * shipped) run first, rows are added as that release would have written them, then the rest run.
 */
let db: TestDatabase;
let folder: string;

beforeAll(async () => {
  folder = releaseMigrations(6);
  db = await createEmptyTestDatabase();
  await runMigrations(db, folder);
});

afterAll(async () => {
  await db?.destroy();
  removeRelease(folder);
});

describe('upgrading a database of the release before 0007', () => {
  it('keeps sessions to their sign-in, earlier subscriptions confirmed, and lets settings managers see visitor statistics', async () => {
    const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db.db.execute(text));
    await db.db.execute(sql`insert into staff_roles (id, name) values (1, 'web'), (2, 'sales')`);
    await db.db.execute(sql`insert into staff_role_permissions (role_id, permission) values (1, 'SETTINGS.EDIT'), (2, 'CUSTOMER.VIEW')`);
    await db.db.execute(sql`insert into sessions (token_hash, subject_type, subject_id, created_at, expires_at)
      values ('h1', 'user', 1, '2026-11-01T08:00:00Z', '2026-11-15T08:00:00Z')`);
    await db.db.execute(sql`insert into subscriptions (email, lang, created_at) values ('early@example.org', 'zh', '2026-10-01T00:00:00Z')`);

    await runMigrations(db);

    const [session] = await run<{ signed: string; created: string }>(sql`select signed_in_at::text as signed, created_at::text as created from sessions`);
    expect(session?.signed).toBe(session?.created);
    const [subscription] = await run<{ confirmed: string | null; created: string }>(sql`select confirmed_at::text as confirmed, created_at::text as created from subscriptions`);
    expect(subscription?.confirmed).toBe(subscription?.created);
    // The grants this release is about (a later release grants more, e.g. ORDER.VIEW to CUSTOMER.VIEW holders).
    const grants = await run<{ role_id: number; permission: string }>(sql`select role_id::int as role_id, permission from staff_role_permissions
      where permission in ('SETTINGS.EDIT', 'TRACKING.VIEW', 'CUSTOMER.VIEW') order by role_id, permission`);
    expect(grants).toEqual([
      { role_id: 1, permission: 'SETTINGS.EDIT' },
      { role_id: 1, permission: 'TRACKING.VIEW' },
      { role_id: 2, permission: 'CUSTOMER.VIEW' },
    ]);
  });
});
