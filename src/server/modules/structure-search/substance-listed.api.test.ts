import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '@/server/db/client';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { hasCartridge } from './cartridge';
import { hasProducts } from './hits';
import { searchByStructure, type StructureEngine, type StructureMode } from './search';

// `substances.listed` (migration 0028) stands for "an active product links it" in the structure screens: kept by
// statement triggers on products, on PGlite and PostgreSQL alike.
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

/** Substances (of `ids`, or all) whose flag says otherwise than their products. */
async function mismatches(tx: Db, ids?: number[]): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`
    select s.id from substances s
    where ${ids ? sql`s.id = any(${`{${ids.join(',')}}`}::int[])` : sql`true`}
      and s.listed is distinct from exists (select 1 from products p where p.substance_id = s.id and p.active)
    order by s.id`));
  return rows.map((r) => Number(r.id));
}

async function listed(tx: Db, id: number): Promise<boolean> {
  const [row] = rowsOf<{ listed: boolean }>(await tx.execute(sql`select listed from substances where id = ${id}`));
  return Boolean(row?.listed);
}

/** A new product like `from`, on `substanceId`, active or not; its id. */
async function addProduct(tx: Db, from: number, substanceId: number | null, active: boolean, tag: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await tx.execute(sql`
    insert into products (item_no, name_zh, name_en, brand_id, category_id, substance_id, active)
    select ${`LISTED-${tag}`}, name_zh, name_en, brand_id, category_id, ${substanceId}, ${active} from products where id = ${from}
    returning id`));
  return Number(row?.id);
}

/** Three substances of the demo with no product at all, for the test's own products. */
async function freeSubstances(tx: Db): Promise<number[]> {
  await tx.execute(sql`
    insert into substances (inchikey, smiles, formula, weight, heavy_atoms, mol, morgan, pattern, engine)
    select 'LISTEDTEST' || n || '-UHFFFAOYSA-N', 'C' || repeat('C', n), 'C' || n, 1, n, ''::bytea, ''::bytea, ''::bytea, 'test'
    from generate_series(1, 3) n`);
  return rowsOf<{ id: number }>(await tx.execute(sql`select id from substances where inchikey like 'LISTEDTEST%' order by id`)).map((r) => Number(r.id));
}

/** Runs `work` in a transaction that is always rolled back, so that each case starts from the seed. */
async function rolledBack(work: (tx: Db) => Promise<void>): Promise<void> {
  const done = new Error('rolled back');
  await expect(db.db.transaction(async (tx) => {
    await work(tx as unknown as Db);
    throw done;
  })).rejects.toBe(done);
}

describe('substances.listed', () => {
  it('matches the products of every substance after the migrations and the seed', async () => {
    expect(await mismatches(db.db)).toEqual([]);
    const [counts] = rowsOf<{ on: number; off: number }>(await db.db.execute(sql`
      select count(*) filter (where listed)::int as on, count(*) filter (where not listed)::int as off from substances`));
    expect(counts?.on).toBeGreaterThan(10);
  });

  it('follows inserts, links, activation and deletes, one product at a time', async () => {
    await rolledBack(async (tx) => {
      const [a, b] = await freeSubstances(tx);
      const from = Number(rowsOf<{ id: number }>(await tx.execute(sql`select min(id) as id from products`))[0]?.id);
      expect([await listed(tx, a!), await listed(tx, b!)]).toEqual([false, false]);
      // An inactive product does not list its substance; an active one does.
      const off = await addProduct(tx, from, a!, false, 'off');
      expect(await listed(tx, a!)).toBe(false);
      await tx.execute(sql`update products set active = true where id = ${off}`);
      expect(await listed(tx, a!)).toBe(true);
      await tx.execute(sql`update products set active = false where id = ${off}`);
      expect(await listed(tx, a!)).toBe(false);
      // Moving an active product moves the flag; a second product keeps it.
      const on = await addProduct(tx, from, a!, true, 'on');
      expect(await listed(tx, a!)).toBe(true);
      await tx.execute(sql`update products set substance_id = ${b!} where id = ${on}`);
      expect([await listed(tx, a!), await listed(tx, b!)]).toEqual([false, true]);
      await addProduct(tx, from, b!, true, 'second');
      await tx.execute(sql`update products set substance_id = null where id = ${on}`);
      expect(await listed(tx, b!)).toBe(true);
      // Deleting the last active product unlists it; an edit that touches neither column changes nothing.
      await tx.execute(sql`delete from products where item_no = 'LISTED-second'`);
      expect(await listed(tx, b!)).toBe(false);
      await tx.execute(sql`update products set name_en = name_en || ' (edited)' where id = ${off}`);
      expect(await mismatches(tx)).toEqual([]);
    });
  });

  it('holds after any sequence of single and multi-row product writes (property)', async () => {
    type Op =
      | { kind: 'insert'; substance: number; active: boolean }
      | { kind: 'active'; product: number; active: boolean }
      | { kind: 'link'; product: number; substance: number | null }
      | { kind: 'flipAll' }
      | { kind: 'moveAll'; substance: number }
      | { kind: 'delete'; product: number };
    const substance = fc.integer({ min: 0, max: 2 });
    const product = fc.integer({ min: 0, max: 7 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), substance, active: fc.boolean() }),
      fc.record({ kind: fc.constant('active' as const), product, active: fc.boolean() }),
      fc.record({ kind: fc.constant('link' as const), product, substance: fc.option(substance, { nil: null }) }),
      fc.record({ kind: fc.constant('flipAll' as const) }),
      fc.record({ kind: fc.constant('moveAll' as const), substance }),
      fc.record({ kind: fc.constant('delete' as const), product }),
    );
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
      run += 1;
      await rolledBack(async (tx) => {
        const subs = await freeSubstances(tx);
        const from = Number(rowsOf<{ id: number }>(await tx.execute(sql`select min(id) as id from products`))[0]?.id);
        const mine: number[] = [];
        for (const [i, o] of ops.entries()) {
          const target = mine.length > 0 && 'product' in o ? mine[o.product % mine.length] : undefined;
          if (o.kind === 'insert') mine.push(await addProduct(tx, from, subs[o.substance]!, o.active, `${run}-${i}`));
          else if (o.kind === 'active' && target !== undefined) await tx.execute(sql`update products set active = ${o.active} where id = ${target}`);
          else if (o.kind === 'link' && target !== undefined) await tx.execute(sql`update products set substance_id = ${o.substance === null ? null : subs[o.substance]!} where id = ${target}`);
          else if (o.kind === 'flipAll') await tx.execute(sql`update products set active = not active where item_no like 'LISTED-%'`);
          else if (o.kind === 'moveAll') await tx.execute(sql`update products set substance_id = ${subs[o.substance]!} where item_no like 'LISTED-%'`);
          else if (o.kind === 'delete' && target !== undefined) {
            await tx.execute(sql`delete from products where id = ${target}`);
            mine.splice(mine.indexOf(target), 1);
          }
        }
        expect(await mismatches(tx, subs)).toEqual([]);
      });
    }), { numRuns: 25 });
  });

  it('keeps a substance whose products are all inactive out of the screens, on each engine', async () => {
    const acetone = 'CC(C)=O';
    const engines: StructureEngine[] = ['embedded', ...((await hasCartridge(db.db)) ? ['cartridge' as const] : [])];
    const found = async (engine: StructureEngine, mode: StructureMode) => {
      const result = await searchByStructure(db.db, { key: acetone, mode, threshold: 1, lang: 'en', page: 1, limit: 100, engine });
      return result.groups.some((g) => g.substance.smiles === acetone);
    };
    const ids = rowsOf<{ id: number }>(await db.db.execute(sql`
      select p.id from products p join substances s on s.id = p.substance_id where s.smiles = ${acetone} and p.active`)).map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThan(0);
    // The screens' two forms of "has an active product" keep the same substances (the flag where no other filter is on).
    const kept = async (activeOnly: boolean) => rowsOf<{ id: number }>(await db.db.execute(sql`
      select s.id from substances s where ${hasProducts({ where: sql`p.active`, activeOnly })} order by s.id`)).map((r) => Number(r.id));
    const acetoneId = Number(rowsOf<{ id: number }>(await db.db.execute(sql`select id from substances where smiles = ${acetone}`))[0]?.id);
    expect(await kept(true)).toEqual(await kept(false));
    expect(await kept(true)).toContain(acetoneId);
    for (const engine of engines) expect([engine, await found(engine, 'sub'), await found(engine, 'sim')]).toEqual([engine, true, true]);
    await db.db.execute(sql`update products set active = false where id = any(${`{${ids.join(',')}}`}::int[])`);
    try {
      expect(await kept(true)).toEqual(await kept(false));
      expect(await kept(true)).not.toContain(acetoneId);
      for (const engine of engines) expect([engine, await found(engine, 'sub'), await found(engine, 'sim')]).toEqual([engine, false, false]);
    } finally {
      await db.db.execute(sql`update products set active = true where id = any(${`{${ids.join(',')}}`}::int[])`);
    }
  });
});
