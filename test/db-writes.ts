import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, type Db } from '@/server/db/client';

/**
 * Whether anything was written: a fingerprint of every table of the `public` schema (row count
 * and a hash of the rows' text), so that an insert, an update or a delete shows. Cheap on a test
 * database of a few thousand rows.
 */
export interface WriteProbe {
  /**
   * A counter of this database's writing statements: every table has a statement trigger that moves it
   * on an insert, an update, a delete or a truncate, even one that touched no row or was rolled back. An
   * unchanged marker proves that nothing was written, without the cost of a snapshot; a moved one proves
   * nothing, so compare snapshots then (`expectWritesNothing`). Its own to this database: another test
   * file writing its database on the same PostgreSQL server leaves it alone (the server's next
   * transaction id, used before, moved with every file's writes and made nearly every check a snapshot).
   */
  marker: () => Promise<string>;
  /** The current fingerprint, table by table. */
  snapshot: () => Promise<Map<string, string>>;
  /** The tables whose fingerprint differs between two snapshots. */
  changed: (before: Map<string, string>, after: Map<string, string>) => string[];
}

export async function writeProbe(db: Db, options: { ignore?: string[] } = {}): Promise<WriteProbe> {
  const ignore = new Set(options.ignore ?? []);
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((r) => r.name)
    .filter((name) => !ignore.has(name));
  // The probe's own sequence, function and triggers; a sequence is no table, so the snapshot ignores it.
  await db.execute(sql`create sequence if not exists test_write_marker`);
  await db.execute(sql.raw(`create or replace function test_write_marker_bump() returns trigger language plpgsql as $$
    begin perform nextval('test_write_marker'); return null; end $$`));
  for (const name of tables) {
    await db.execute(sql`create or replace trigger test_write_marker after insert or update or delete or truncate on ${sql.identifier(name)} for each statement execute function test_write_marker_bump()`);
  }
  const query = sql.join(
    tables.map((name) => sql`select ${name}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as print from ${sql.identifier(name)} t`),
    sql` union all `,
  );
  return {
    marker: async () => rowsOf<{ x: string }>(await db.execute(sql`select last_value::text || ':' || is_called::text as x from test_write_marker`))[0]?.x ?? '',
    snapshot: async () => new Map(rowsOf<{ name: string; print: string }>(await db.execute(query)).map((r) => [r.name, r.print])),
    changed: (before, after) => [...after.keys()].filter((name) => before.get(name) !== after.get(name)),
  };
}

/**
 * Runs `run` and asserts that it wrote nothing: the marker first, and when it moved (a statement that may
 * have written) the tables' fingerprints.
 */
export async function expectWritesNothing(probe: WriteProbe, run: () => Promise<unknown>, label?: string): Promise<void> {
  const before = await probe.snapshot();
  const marker = await probe.marker();
  await run();
  if ((await probe.marker()) !== marker) expect(probe.changed(before, await probe.snapshot()), label).toEqual([]);
}
