import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { insertLabCatalogue, releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Migrates a whole database from nothing, twice over: a minute or more on a busy two-core machine.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release up to 0023: the order desk\'s line flags (ADR 0074)', () => {
  it('fills the orders\' hazardous and backorder flags from their lines, and the triggers keep them afterwards', async () => {
    const older = releaseMigrations(23);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await insertLabCatalogue(shop.db, 100);
      // Orders 1–5: a hazardous line; a backordered line; both on one line; a cancelled hazardous line; plain lines.
      await shop.db.execute(sql`
        insert into orders (id, order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count)
        select g, 'S' || g, 1, 1, 'placed', 'k' || g, 'r', 'p', 'x', 'y', 200, 200, 2 from generate_series(1, 5) g`);
      await shop.db.execute(sql`
        insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, hazardous, backorder_qty, cancelled)
        values (1, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 1, 100, false, 0, false), (1, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 1, 100, true, 0, false),
               (2, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 2, 200, false, 1, false),
               (3, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 2, 200, true, 2, false),
               (4, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 2, 200, true, 0, true),
               (5, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 1, 100, false, 0, false), (5, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 1, 100, false, 0, false)`);

      await runMigrations(shop);
      await runMigrations(shop);

      const flags = async () => (await run<{ id: number; hazardous: boolean; backorder: boolean }>(sql`select id, hazardous, backorder from orders order by id`))
        .map((o) => [Number(o.id), o.hazardous, o.backorder]);
      expect(await flags()).toEqual([[1, true, false], [2, false, true], [3, true, true], [4, true, false], [5, false, false]]);
      // The triggers run from now on: a line changed, added and removed moves the flags.
      await shop.db.execute(sql`update order_items set backorder_qty = 0 where order_id = 2`);
      await shop.db.execute(sql`
        insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, hazardous)
        values (5, 1, 1, 1, 'A1', '甲', 'A', '1g', 100, 1, 100, true)`);
      await shop.db.execute(sql`delete from order_items where order_id = 1 and hazardous`);
      expect(await flags()).toEqual([[1, false, false], [2, false, false], [3, true, true], [4, true, false], [5, true, false]]);
      // The filters' partial indexes exist.
      const indexes = await run<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'orders' and indexname in ('orders_hazardous_created_idx', 'orders_backorder_created_idx') order by indexname`);
      expect(indexes.map((i) => i.indexname)).toEqual(['orders_backorder_created_idx', 'orders_hazardous_created_idx']);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
