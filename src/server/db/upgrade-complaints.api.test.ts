import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release with 0016: complaints (ADR 0041)', () => {
  it('adds the complaints page to the menu once, grants the sales roles complaints, and writes the refund rule', async () => {
    const older = releaseMigrations(16);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff_roles (name) values ('运营'), ('销售')`);
      await shop.db.execute(sql`insert into staff_role_permissions (role_id, permission)
        select id, 'CATALOG.EDIT' from staff_roles where name = '运营'
        union all select id, 'QUOTATION.EDIT' from staff_roles where name = '销售'
        union all select id, 'CONTRACT.EDIT' from staff_roles where name = '销售'`);
      await shop.db.execute(sql`insert into staff_teams (name_zh, name_en) values ('财务部', 'Finance')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; permission: string }>(await shop.db.execute(sql`select path, permission from menus where path = '/complaints'`));
      expect(menu).toEqual([{ path: '/complaints', permission: 'COMPLAINT.EDIT' }]);
      const granted = rowsOf<{ name: string }>(await shop.db.execute(sql`
        select r.name from staff_role_permissions p join staff_roles r on r.id = p.role_id where p.permission = 'COMPLAINT.EDIT' order by r.name`));
      expect(granted).toEqual([{ name: '销售' }]);
      const tiers = rowsOf<{ kind: string; permission: string; team: string }>(await shop.db.execute(sql`
        select t.approver_kind as kind, t.permission, s.name_zh as team from staff_approval_rules r join staff_approval_rule_tiers t on t.rule_id = r.id
        join staff_teams s on s.id = t.team_id where r.entity_type = 'refund'`));
      expect(tiers).toEqual([{ kind: 'permission', permission: 'COMPLAINT.EDIT', team: '财务部' }]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
