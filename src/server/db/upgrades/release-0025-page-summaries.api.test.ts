import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { insertLabCatalogue, releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Migrates a whole database from nothing, twice over: a minute or more on a busy two-core machine.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release up to 0025: the kept catalogue counts (ADR 0078)', () => {
  it('fills the counts from the products there are, and the triggers keep them afterwards', async () => {
    const older = releaseMigrations(25);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await insertLabCatalogue(shop.db, 100);
      await shop.db.execute(sql`insert into categories (id, level, name_zh, name_en) values (2, 1, '耗材', 'Supplies')`);
      // Products 2–7: in stock or not, hot without a window and with one, withdrawn, in another category.
      await shop.db.execute(sql`
        insert into products (id, item_no, name_zh, name_en, brand_id, category_id, is_hot, is_new, in_stock, active, promo_ends_at)
        values (2, 'A2', '乙', 'B', 1, 1, true, false, true, true, null), (3, 'A3', '丙', 'C', 1, 1, true, false, false, true, null),
               (4, 'A4', '丁', 'D', 1, 1, true, false, true, true, now() + interval '1 day'), (5, 'A5', '戊', 'E', 1, 1, false, true, true, false, null),
               (6, 'A6', '己', 'F', 1, 2, false, true, true, true, null), (7, 'A7', '庚', 'G', 1, 2, false, false, false, true, null)`);

      await runMigrations(shop);
      await runMigrations(shop);

      const counts = async () => (await run<Record<string, number>>(sql`
        select category_id, brand_id, sum(products) as products, sum(in_stock) as in_stock, sum(hot) as hot, sum(hot_in_stock) as hot_in_stock,
          sum(new) as new, sum(new_in_stock) as new_in_stock, sum(special) as special, sum(special_in_stock) as special_in_stock
        from catalogue_count_rows group by category_id, brand_id having sum(products) <> 0 order by category_id, brand_id`)).map((r) => Object.values(r).map(Number));
      // Category 1: products 1–4 active (2 and 4 in stock; 2 and 3 hot without a window, 2 in stock); category 2: 6 and 7.
      expect(await counts()).toEqual([[1, 1, 4, 2, 2, 1, 0, 0, 0, 0], [2, 1, 2, 1, 0, 0, 1, 1, 0, 0]]);
      // The triggers run from now on: a product withdrawn, one moved, one added.
      await shop.db.execute(sql`update products set active = false where id = 3`);
      await shop.db.execute(sql`update products set category_id = 1 where id = 6`);
      await shop.db.execute(sql`insert into products (id, item_no, name_zh, name_en, brand_id, category_id, is_new) values (8, 'A8', '辛', 'H', 1, 2, true)`);
      expect(await counts()).toEqual([[1, 1, 4, 3, 1, 1, 1, 1, 0, 0], [2, 1, 2, 0, 0, 0, 1, 0, 0, 0]]);
      const indexes = await run<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'products'
        and indexname in ('products_category_newest_idx', 'products_brand_newest_idx', 'products_promo_window_idx') order by indexname`);
      expect(indexes.map((i) => i.indexname)).toEqual(['products_brand_newest_idx', 'products_category_newest_idx', 'products_promo_window_idx']);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
