import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { catchUpSubstances, productsWaitingForSubstance } from '@/server/modules/structure-search/catch-up';
import { insertLabCatalogue, releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Migrates a whole database from nothing, twice over: a minute or more on a busy two-core machine.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0025: substances (ADR 0075, ADR 0087)', () => {
  it('leaves its products waiting for their substance, which the start-up\u2019s catch-up links without a rebuild', async () => {
    const older = releaseMigrations(24);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await insertLabCatalogue(shop.db, 100);
      await shop.db.execute(sql`update products set smiles = 'OCC' where id = 1`);
      await shop.db.execute(sql`
        insert into products (id, item_no, name_zh, name_en, brand_id, category_id, smiles)
        values (2, 'A2', '苯酚', 'Phenol', 1, 1, 'Oc1ccccc1'), (3, 'A3', '乙醇', 'Ethanol', 1, 1, 'CCO'), (4, 'A4', '坏', 'Bad', 1, 1, 'C1CC'), (5, 'A5', '无', 'None', 1, 1, null)`);

      await runMigrations(shop);
      expect(await productsWaitingForSubstance(shop.db)).toBe(4);

      const done = await catchUpSubstances(shop.db, { holder: 'upgraded', batch: 2 });
      expect(done?.products).toBe(4);
      expect(done?.refused.map((f) => [f.itemNo, f.message])).toEqual([['A4', 'structureInvalidRing']]);
      const linked = rowsOf<{ item_no: string; inchikey: string | null }>(await shop.db.execute(sql`
        select p.item_no, s.inchikey from products p left join substances s on s.id = p.substance_id order by p.id`));
      expect(linked).toEqual([
        { item_no: 'A1', inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' },
        { item_no: 'A2', inchikey: 'ISWSIDIOOBJBQZ-UHFFFAOYSA-N' },
        { item_no: 'A3', inchikey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' },
        { item_no: 'A4', inchikey: null },
        { item_no: 'A5', inchikey: null },
      ]);
      // What RDKit refuses waits on, counted by the doctor; the rest is searchable.
      expect(await productsWaitingForSubstance(shop.db)).toBe(1);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
