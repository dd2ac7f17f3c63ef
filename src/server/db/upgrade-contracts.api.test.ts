import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release before 0017: contracts (ADR 0044)', () => {
  it('adds the contracts page to the menu once and writes the contract approval rule once', async () => {
    const older = releaseMigrations(16);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff (login_name, password_hash, name) values ('sales', 'x', '周洁')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const menu = rowsOf<{ path: string; permission: string }>(await shop.db.execute(sql`select path, permission from menus where path = '/contracts'`));
      expect(menu).toEqual([{ path: '/contracts', permission: 'CONTRACT.EDIT' }]);
      const tiers = rowsOf<{ kind: string; seq: number }>(await shop.db.execute(sql`
        select t.approver_kind as kind, t.seq from staff_approval_rules r join staff_approval_rule_tiers t on t.rule_id = r.id where r.entity_type = 'contract'`));
      expect(tiers).toEqual([{ kind: 'team_manager', seq: 1 }]);
      const tables = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name in ('contracts', 'contract_attachments')`));
      expect(tables[0]?.n).toBe(2);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
