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
   * nothing, so compare snapshots of the tables that moved then (`marks`, `expectWritesNothing`). Its own
   * to this database: another test file writing its database on the same PostgreSQL server leaves it alone
   * (the server's next transaction id, used before, moved with every file's writes and made nearly every
   * check a snapshot).
   */
  marker: () => Promise<string>;
  /** The same count per table, read when the marker moved: `moved` compares two readings. */
  marks: () => Promise<string>;
  /** The tables written between two readings of `marks`, the only ones whose fingerprint can have changed. */
  moved: (before: string, after: string) => string[];
  /** The current fingerprint, table by table: of every table, or of those named. */
  snapshot: (only?: string[]) => Promise<Map<string, string>>;
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
  // The probe's own sequences (one for the whole database and one per table, by its place in `tables`),
  // function and triggers; a sequence is no table, so the snapshot ignores them. Sequences, not a table of
  // counters: they take no lock, so the probe adds no waiting between transactions that write the same tables.
  const sequence = (index: number) => `test_write_marker_${index}`;
  await db.execute(sql`create sequence if not exists test_write_marker`);
  await db.execute(sql.raw(`create or replace function test_write_marker_bump() returns trigger language plpgsql as $$
    begin perform nextval('test_write_marker'); perform nextval(tg_argv[0]::regclass); return null; end $$`));
  for (const [index, name] of tables.entries()) {
    await db.execute(sql.raw(`create sequence if not exists ${sequence(index)}`));
    await db.execute(sql`create or replace trigger test_write_marker after insert or update or delete or truncate on ${sql.identifier(name)} for each statement execute function test_write_marker_bump(${sql.raw(`'${sequence(index)}'`)})`);
  }
  const marksQuery = sql.raw(`select string_agg(mark, ',' order by place) as x from (${tables
    .map((_, index) => `select ${index} as place, last_value::text || ':' || is_called::text as mark from ${sequence(index)}`)
    .join(' union all ')}) marks`);
  const fingerprint = (name: string) => sql`select ${name}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as print from ${sql.identifier(name)} t`;
  return {
    marker: async () => rowsOf<{ x: string }>(await db.execute(sql`select last_value::text || ':' || is_called::text as x from test_write_marker`))[0]?.x ?? '',
    marks: async () => rowsOf<{ x: string }>(await db.execute(marksQuery))[0]?.x ?? '',
    moved: (before, after) => {
      const was = before.split(',');
      return after.split(',').flatMap((mark, index) => (mark === was[index] ? [] : [tables[index]!]));
    },
    snapshot: async (only) => {
      const names = only ?? tables;
      if (names.length === 0) return new Map();
      // In one process: PostgreSQL plans the union of many small scans in parallel, and starting its workers
      // took ten times the scans themselves (about 110 ms against 11 ms for the 82 tables of a test database).
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        return rowsOf<{ name: string; print: string }>(await tx.execute(sql.join(names.map(fingerprint), sql` union all `)));
      });
      return new Map(rows.map((r) => [r.name, r.print]));
    },
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
  const marks = await probe.marks();
  await run();
  if ((await probe.marker()) !== marker) expect(probe.changed(before, await probe.snapshot(probe.moved(marks, await probe.marks()))), label).toEqual([]);
}
