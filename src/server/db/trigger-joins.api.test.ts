import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../test/api';
import { rowsOf } from './client';

const h = fileApiHarness();

/** The text of a PL/pgSQL body outside its dynamic statements (`EXECUTE $q$…$q$`). */
function staticPart(source: string): string {
  return source.replace(/EXECUTE\s+\$q\$[\s\S]*?\$q\$/g, 'EXECUTE …');
}

/** Whether a statement joins two of a trigger's transition tables (`old_x o JOIN new_x n`, or the same with a comma). */
function joinsTransitionTables(text: string, tables: string[]): boolean {
  const name = tables.join('|');
  return new RegExp(`\\b(${name})\\b\\s+\\w+\\s*(JOIN|,)\\s*(${name})\\b`, 'i').test(text);
}

/**
 * A statement-level trigger's join of its old and new rows is planned each time it runs (migration 0030): static
 * PL/pgSQL is planned once per connection, for the first statement's rows, and a join planned for one row was a
 * nested loop over tens of thousands later. Every such join runs through EXECUTE.
 */
describe('statement triggers that join their old and new rows', () => {
  it('recognise a static join, with JOIN or a comma, and not one inside EXECUTE', () => {
    const tables = ['old_rows', 'new_rows'];
    expect(joinsTransitionTables('SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id', tables)).toBe(true);
    expect(joinsTransitionTables('select 1 from new_rows n, old_rows o where n.id = o.id', tables)).toBe(true);
    expect(joinsTransitionTables('SELECT 1 FROM new_rows n JOIN products p ON p.id = n.id', tables)).toBe(false);
    const dynamic = 'BEGIN EXECUTE $q$SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id$q$; RETURN NULL; END';
    expect(joinsTransitionTables(staticPart(dynamic), tables)).toBe(false);
    expect(joinsTransitionTables(staticPart(`${dynamic} PERFORM 1 FROM old_rows o JOIN new_rows n ON true;`), tables)).toBe(true);
  });

  it('run every join of their transition tables through EXECUTE', async () => {
    const triggers = rowsOf<{ fn: string; source: string; old: string; new: string }>(await h.db.db.execute(sql`
      select distinct p.proname as fn, p.prosrc as source, t.tgoldtable as old, t.tgnewtable as new
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgoldtable is not null and t.tgnewtable is not null
      order by p.proname`));
    const joining = triggers.filter((t) => joinsTransitionTables(t.source, [t.old, t.new])).map((t) => t.fn);
    // The functions this guards: the order figures, the order desk's, the order lines' flags, the catalogue's counts
    // and the substances' listed flag.
    expect(joining).toEqual(expect.arrayContaining([
      'catalogue_counts_on_update', 'order_desk_figures_on_update', 'order_figures_on_update', 'order_item_desk_figures_on_update',
      'order_item_figures_on_update', 'order_item_flags_on_update', 'products_substance_listed',
    ]));
    const planned = triggers.filter((t) => joinsTransitionTables(staticPart(t.source), [t.old, t.new])).map((t) => t.fn);
    expect(planned, 'static joins of transition tables').toEqual([]);
  });
});
