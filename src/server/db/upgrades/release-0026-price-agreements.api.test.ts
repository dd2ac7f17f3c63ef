import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Migrates a whole database from nothing, twice over: a minute or more on a busy two-core machine.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0026: price agreements in the back-office (ADR 0084)', () => {
  it('gives PRICE.EDIT to the roles that keep quotations or manage authorities, adds the page to the menu and the approval rule, once', async () => {
    const older = releaseMigrations(25);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff_roles (name) values ('超级管理员'), ('销售'), ('运营')`);
      await shop.db.execute(sql`insert into staff_role_permissions (role_id, permission)
        select id, 'AUTHORITY.EDIT' from staff_roles where name = '超级管理员'
        union all select id, 'QUOTATION.EDIT' from staff_roles where name = '销售'
        union all select id, 'CATALOG.EDIT' from staff_roles where name = '运营'`);
      await shop.db.execute(sql`insert into staff (login_name, password_hash, name) values ('admin', 'x', '管理员')`);

      await runMigrations(shop);
      await runMigrations(shop);

      const granted = await run<{ name: string }>(sql`
        select r.name from staff_role_permissions p join staff_roles r on r.id = p.role_id where p.permission = 'PRICE.EDIT' order by r.name`);
      expect(granted.map((g) => g.name).sort()).toEqual(['超级管理员', '销售'].sort());
      expect(await run(sql`select path, permission from menus where path = '/price-agreements'`)).toEqual([{ path: '/price-agreements', permission: 'PRICE.EDIT' }]);
      expect(await run(sql`select t.approver_kind as kind, t.permission from staff_approval_rules r join staff_approval_rule_tiers t on t.rule_id = r.id where r.entity_type = 'price_agreement'`))
        .toEqual([{ kind: 'permission', permission: 'QUOTATION.PRICE_OVERRIDE' }]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
