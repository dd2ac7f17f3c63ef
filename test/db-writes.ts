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
   * The next transaction id of the server: it moves only when a transaction writes (or locks rows),
   * so an unchanged marker proves that nothing was written, without the cost of a snapshot. On
   * PostgreSQL it is the whole server's: another test file writing its own database at the same time
   * moves it too, so a moved marker proves nothing — compare snapshots then (`expectWritesNothing`).
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
  const query = sql.join(
    tables.map((name) => sql`select ${name}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as print from ${sql.identifier(name)} t`),
    sql` union all `,
  );
  return {
    marker: async () => rowsOf<{ x: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]?.x ?? '',
    snapshot: async () => new Map(rowsOf<{ name: string; print: string }>(await db.execute(query)).map((r) => [r.name, r.print])),
    changed: (before, after) => [...after.keys()].filter((name) => before.get(name) !== after.get(name)),
  };
}

/**
 * Runs `run` and asserts that it wrote nothing: the marker first, and when it moved (this database or
 * another one of the server was written meanwhile) the tables' fingerprints, which only this
 * database's writes change.
 */
export async function expectWritesNothing(probe: WriteProbe, run: () => Promise<unknown>, label?: string): Promise<void> {
  const before = await probe.snapshot();
  const marker = await probe.marker();
  await run();
  if ((await probe.marker()) !== marker) expect(probe.changed(before, await probe.snapshot()), label).toEqual([]);
}
