import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STANDARD_CARRIERS } from '@/server/setup/reference-data';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release before 0023: carriers and shipments (ADR 0074)', () => {
  it('adds the carriers page to the order desk\'s menu group and the standard carriers, once', async () => {
    const older = releaseMigrations(22);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/orders', 'Layout', 'OrderDesk', '订单', 'Orders', 40)`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; permission: string | null; parent: string | null }>(await shop.db.execute(sql`
        select m.path, m.permission, p.path as parent from menus m left join menus p on p.id = m.parent_id where m.path = 'carriers'`));
      expect(menu).toEqual([{ path: 'carriers', permission: 'ORDER.VIEW', parent: '/orders' }]);
      const carriers = rowsOf<{ code: string; dangerous_goods: boolean; cold_chain: boolean }>(await shop.db.execute(sql`select code, dangerous_goods, cold_chain from carriers order by sort`));
      expect(carriers.map((c) => [c.code, c.dangerous_goods, c.cold_chain])).toEqual(STANDARD_CARRIERS.map((c) => [c.code, c.dangerousGoods, c.coldChain]));
      const lang = rowsOf<{ column_default: string }>(await shop.db.execute(sql`select column_default from information_schema.columns where table_name = 'orders' and column_name = 'lang'`));
      expect(lang[0]?.column_default).toContain('zh');
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  }, 120_000);

  it('writes no carriers into a new database (the reference data does, on its first start)', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      expect(rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from carriers`))[0]?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  }, 120_000);
});
