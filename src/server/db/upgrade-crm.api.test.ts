import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release before 0016: approvals, expenses, testing cases', () => {
  it('adds the pages to the menu once, grants the sales roles cases and expenses, and writes the default expense rule', async () => {
    const older = releaseMigrations(15);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff_roles (name) values ('运营'), ('销售')`);
      await shop.db.execute(sql`insert into staff_role_permissions (role_id, permission)
        select id, 'CATALOG.EDIT' from staff_roles where name = '运营'
        union all select id, 'QUOTATION.EDIT' from staff_roles where name = '销售'
        union all select id, 'CONTRACT.EDIT' from staff_roles where name = '销售'`);
      await shop.db.execute(sql`insert into staff (login_name, password_hash, name) values ('admin', 'x', '管理员')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; permission: string }>(await shop.db.execute(sql`
        select path, permission from menus where path in ('/approvals', '/cases', '/expenses', '/approval-rules') order by sort`));
      expect(menu).toEqual([
        { path: '/approvals', permission: 'ADMIN.ACCESS' }, { path: '/cases', permission: 'CASE.EDIT' },
        { path: '/expenses', permission: 'ADMIN.ACCESS' }, { path: '/approval-rules', permission: 'APPROVAL.RULES' },
      ]);
      const granted = rowsOf<{ name: string; permission: string }>(await shop.db.execute(sql`
        select r.name, p.permission from staff_role_permissions p join staff_roles r on r.id = p.role_id
        where p.permission in ('CASE.EDIT', 'EXPENSE.EDIT') order by r.name, p.permission`));
      expect(granted).toEqual([{ name: '销售', permission: 'CASE.EDIT' }, { name: '销售', permission: 'EXPENSE.EDIT' }]);
      const tiers = rowsOf<{ up_to: string | null; above: string | null; seq: number; kind: string; permission: string | null; team: string | null }>(await shop.db.execute(sql`
        select r.amount_up_to::text as up_to, r.amount_above::text as above, t.seq, t.approver_kind as kind, t.permission, s.name_zh as team
        from staff_approval_rules r join staff_approval_rule_tiers t on t.rule_id = r.id left join staff_teams s on s.id = t.team_id
        where r.entity_type = 'expense' order by r.priority, t.seq`));
      // Teams arrive with this release: a database from before has no finance team yet, so only the
      // team-manager rule is written; staff add teams and the finance tier in the back-office.
      expect(tiers).toEqual([
        { up_to: '5000.00', above: null, seq: 1, kind: 'team_manager', permission: null, team: null },
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves an empty database to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ menus: number; rules: number }>(await shop.db.execute(sql`
        select (select count(*)::int from menus) as menus, (select count(*)::int from staff_approval_rules) as rules`));
      expect(row).toEqual({ menus: 0, rules: 0 });
    } finally {
      await shop.destroy();
    }
  });
});
