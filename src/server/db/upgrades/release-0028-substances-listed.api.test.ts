import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { insertLabCatalogue, releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Migrates a whole database from nothing, twice over: a minute or more on a busy two-core machine.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0028: the substances an active product links', () => {
  it('lists the substances with an active product and no other, and keeps them so after', async () => {
    const older = releaseMigrations(27);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await insertLabCatalogue(shop.db, 10);
      await shop.db.execute(sql`
        insert into substances (id, inchikey, smiles, formula, weight, heavy_atoms, mol, morgan, pattern, engine)
        select n, 'RELEASE0028' || n || '-UHFFFAOYSA-N', repeat('C', n), 'C' || n, 12, n, ''::bytea, ''::bytea, ''::bytea, 'test'
        from generate_series(1, 3) n`);
      // Substance 1: an active product; 2: only an inactive one; 3: none.
      await shop.db.execute(sql`update products set substance_id = 1 where id = 1`);
      await shop.db.execute(sql`insert into products (id, item_no, name_zh, name_en, brand_id, category_id, substance_id, active) values (2, 'A2', '乙', 'B', 1, 1, 2, false)`);

      await runMigrations(shop);
      await runMigrations(shop);
      const flags = async () => rowsOf<{ id: number; listed: boolean }>(await shop.db.execute(sql`select id, listed from substances order by id`))
        .map((r) => [Number(r.id), Boolean(r.listed)]);
      expect(await flags()).toEqual([[1, true], [2, false], [3, false]]);

      // The triggers keep them from here on; a new substance starts unlisted.
      await shop.db.execute(sql`update products set active = true where id = 2`);
      await shop.db.execute(sql`update products set active = false where id = 1`);
      await shop.db.execute(sql`
        insert into substances (id, inchikey, smiles, formula, weight, heavy_atoms, mol, morgan, pattern, engine)
        values (4, 'RELEASE00284-UHFFFAOYSA-N', 'CCCC', 'C4', 12, 4, ''::bytea, ''::bytea, ''::bytea, 'test')`);
      expect(await flags()).toEqual([[1, false], [2, true], [3, false], [4, false]]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
