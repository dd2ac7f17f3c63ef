import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Each test migrates a whole database from nothing (some twice or three times over): a minute or more on a
// busy two-core machine, beyond the suite's 30-second budget per test.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0013', () => {
  it('fills the monthly product figures from the orders already there, and keeps them from then on', async () => {
    const older = releaseMigrations(12);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await shop.db.execute(sql`insert into companies (id, name) values (1, 'Lab')`);
      await shop.db.execute(sql`insert into users (id, company_id, login_name, password_hash, name) values (1, 1, 'b@example.org', 'x', 'B')`);
      await shop.db.execute(sql`insert into brands (id, code, name_zh, name_en) values (1, 'BR', '品牌', 'Brand')`);
      await shop.db.execute(sql`insert into categories (id, level, name_zh, name_en) values (1, 1, '试剂', 'Reagents')`);
      await shop.db.execute(sql`insert into products (id, item_no, name_zh, name_en, brand_id, category_id)
        values (1, 'A1', '甲', 'A', 1, 1), (2, 'B2', '乙', 'B', 1, 1)`);
      await shop.db.execute(sql`insert into product_packs (id, product_id, size, price) values (1, 1, '1g', 10), (2, 2, '5g', 20)`);
      await shop.db.execute(sql`
        insert into orders (id, order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count, created_at)
        values (1, 'S1', 1, 1, 'placed', 'k1', 'r', 'p', 'x', 'y', 1, 1, 2, '2026-09-30T20:00:00Z'),
               (2, 'S2', 1, 1, 'passed', 'k2', 'r', 'p', 'x', 'y', 1, 1, 1, '2026-10-15T02:00:00Z'),
               (3, 'S3', 1, 1, 'cancelled', 'k3', 'r', 'p', 'x', 'y', 1, 1, 1, '2026-10-16T02:00:00Z')`);
      await shop.db.execute(sql`
        insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
        values (1, 1, 1, 1, 'A1', '甲', 'A', '1g', 10, 3, 30), (1, 1, 2, 2, 'B2', '乙', 'B', '5g', 20, 1, 20),
               (2, 1, 1, 1, 'A1', '甲', 'A', '1g', 10, 4, 40), (3, 1, 2, 2, 'B2', '乙', 'B', '5g', 20, 9, 180)`);

      await runMigrations(shop);
      const months = () => run<{ month: string; product_id: number; quantity: number; orders: number }>(
        sql`select month::text, product_id, quantity, orders from order_monthly_products order by month, product_id`);
      // 2026-09-30 20:00 UTC is 1 October in the shop's time (UTC+8); the cancelled order counts nowhere.
      expect(await months()).toEqual([
        { month: '2026-10-01', product_id: 1, quantity: 7, orders: 2 },
        { month: '2026-10-01', product_id: 2, quantity: 1, orders: 1 },
      ]);
      // From now on the triggers keep them: the second order is cancelled.
      await shop.db.execute(sql`update orders set status = 'cancelled' where id = 2`);
      expect(await months()).toEqual([
        { month: '2026-10-01', product_id: 1, quantity: 3, orders: 1 },
        { month: '2026-10-01', product_id: 2, quantity: 1, orders: 1 },
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});

describe('upgrading a database of the release before 0014', () => {
  it('adds the catalogue menu group once to a back-office menu seeded before it', async () => {
    const older = releaseMigrations(13);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await runMigrations(shop);
      await runMigrations(shop);
      const rows = rowsOf<{ path: string; parent: string | null; permission: string | null; title_en: string }>(await shop.db.execute(sql`
        select m.path, p.path as parent, m.permission, m.title_en from menus m left join menus p on p.id = m.parent_id
        where m.path in ('/catalog', 'brands', 'categories') and (p.path is null or p.path = '/catalog') order by m.parent_id nulls first, m.sort`));
      expect(rows).toEqual([
        { path: '/catalog', parent: null, permission: null, title_en: 'Catalogue' },
        { path: 'brands', parent: '/catalog', permission: 'CATALOG.EDIT', title_en: 'Brands' },
        { path: 'categories', parent: '/catalog', permission: 'CATALOG.EDIT', title_en: 'Categories' },
      ]);
      const [brands] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from information_schema.columns where table_name = 'brands' and column_name = 'logo_path'`));
      expect(brands?.n).toBe(1);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves an empty database to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from menus`));
      expect(row?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  });
});
