import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release before 0023: receivables and the order desk\'s figures (ADR 0074)', () => {
  it('adds the receivables page to the order desk\'s menu group once, and installs the triggers that keep the order desk\'s figures', async () => {
    const older = releaseMigrations(22);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      // A back-office menu seeded at that release: the dashboard and the order desk's group with its order list.
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, redirect, always_show, title_zh, title_en, sort) values (null, '/orders', 'Layout', 'OrderDesk', '/orders/list', true, '订单', 'Orders', 40)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, permission, sort)
        select id, 'list', 'orders/list/index', 'OrderList', '订单列表', 'Order list', 'ORDER.VIEW', 10 from menus where path = '/orders'`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; permission: string | null; parent: string | null }>(await shop.db.execute(sql`
        select m.path, m.permission, p.path as parent from menus m left join menus p on p.id = m.parent_id where m.path in ('/orders', 'list', 'receivables') order by m.id`));
      expect(menu).toEqual([
        { path: '/orders', permission: null, parent: null },
        { path: 'list', permission: 'ORDER.VIEW', parent: '/orders' },
        { path: 'receivables', permission: 'INVOICE.ISSUE', parent: '/orders' },
      ]);
      const triggers = rowsOf<{ name: string }>(await shop.db.execute(sql`select tgname as name from pg_trigger where tgname like '%desk_figures%' order by tgname`));
      expect(triggers.map((t) => t.name)).toEqual([
        'order_items_desk_figures_delete', 'order_items_desk_figures_insert', 'order_items_desk_figures_update',
        'orders_desk_figures_delete', 'orders_desk_figures_insert', 'orders_desk_figures_update',
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  }, 120_000);
});
