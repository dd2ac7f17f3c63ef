import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release with 0016: quotations', () => {
  it('adds the quotations page to the menu once, lets managers quote below the floor, and writes the quotation approval rule once', async () => {
    const older = releaseMigrations(16);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff_roles (name) values ('销售'), ('部门经理')`);
      await shop.db.execute(sql`insert into staff_role_permissions (role_id, permission)
        select id, 'QUOTATION.EDIT' from staff_roles
        union all select id, 'EXPENSE.APPROVE' from staff_roles where name = '部门经理'`);
      await shop.db.execute(sql`insert into staff (login_name, password_hash, name) values ('admin', 'x', '管理员')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; permission: string }>(await shop.db.execute(sql`select path, permission from menus where path = '/quotations'`));
      expect(menu).toEqual([{ path: '/quotations', permission: 'QUOTATION.EDIT' }]);
      const granted = rowsOf<{ name: string }>(await shop.db.execute(sql`
        select r.name from staff_role_permissions p join staff_roles r on r.id = p.role_id where p.permission = 'QUOTATION.PRICE_OVERRIDE' order by r.name`));
      expect(granted).toEqual([{ name: '部门经理' }]);
      const tiers = rowsOf<{ kind: string; permission: string }>(await shop.db.execute(sql`
        select t.approver_kind as kind, t.permission from staff_approval_rules r join staff_approval_rule_tiers t on t.rule_id = r.id where r.entity_type = 'quotation'`));
      expect(tiers).toEqual([{ kind: 'permission', permission: 'QUOTATION.PRICE_OVERRIDE' }]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
