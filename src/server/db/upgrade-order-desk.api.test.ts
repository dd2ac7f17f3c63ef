import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release before 0022: the order desk (ADR 0071)', () => {
  it('adds the order desk to the menu once and grants the order permissions to the roles the seed now gives them', async () => {
    const older = releaseMigrations(21);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff_roles (id, name) values (1, '超级管理员'), (2, '销售'), (3, '运营'), (4, '财务'), (5, '内容编辑')`);
      await shop.db.execute(sql`insert into staff_role_permissions (role_id, permission) values
        (1, 'ADMIN.ACCESS'), (1, 'AUTHORITY.EDIT'), (1, 'CRM.VIEW_ALL'), (2, 'ADMIN.ACCESS'), (2, 'CUSTOMER.VIEW'), (3, 'ADMIN.ACCESS'), (3, 'CATALOG.EDIT'),
        (4, 'ADMIN.ACCESS'), (4, 'EXPENSE.APPROVE'), (5, 'ADMIN.ACCESS'), (5, 'CONTENT.EDIT')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; redirect: string | null; permission: string | null; parent: string | null }>(await shop.db.execute(sql`
        select m.path, m.redirect, m.permission, p.path as parent from menus m left join menus p on p.id = m.parent_id where m.path in ('/orders', 'list') order by m.id`));
      expect(menu).toEqual([
        { path: '/orders', redirect: '/orders/list', permission: null, parent: null },
        { path: 'list', redirect: null, permission: 'ORDER.VIEW', parent: '/orders' },
      ]);
      const grants = rowsOf<{ role_id: number; permission: string }>(await shop.db.execute(sql`
        select role_id, permission from staff_role_permissions where permission in ('ORDER.VIEW', 'ORDER.VIEW_ALL') order by role_id, permission`));
      expect(grants.map((g) => `${g.role_id} ${g.permission}`)).toEqual([
        '1 ORDER.VIEW', '1 ORDER.VIEW_ALL', '2 ORDER.VIEW', '3 ORDER.VIEW', '3 ORDER.VIEW_ALL', '4 ORDER.VIEW', '4 ORDER.VIEW_ALL',
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  }, 120_000);
});
