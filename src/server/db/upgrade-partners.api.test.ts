import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

describe('upgrading a database of the release before the partners table (ADR 0042)', () => {
  it('makes the authorised brands published partners in their order and adds the menu item, once', async () => {
    const older = releaseMigrations(16);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/content', 'Layout', 'Content', '内容管理', 'Content', 10)`);
      await shop.db.execute(sql`insert into brands (code, name_zh, name_en, authorised, sort, country) values
        ('BZ', '乙品牌', 'Brand B', true, 20, 'DE'), ('AZ', '甲品牌', 'Brand A', true, 10, 'US'), ('CZ', '丙品牌', 'Brand C', false, 5, 'CN')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const partners = rowsOf<{ name_en: string; status: string; sort: number; country: string }>(await shop.db.execute(sql`
        select name_en, status, sort, country from partners order by sort`));
      expect(partners).toEqual([
        { name_en: 'Brand A', status: 'published', sort: 10, country: 'US' },
        { name_en: 'Brand B', status: 'published', sort: 20, country: 'DE' },
      ]);
      const menu = rowsOf<{ path: string; permission: string }>(await shop.db.execute(sql`
        select m.path, m.permission from menus m join menus g on g.id = m.parent_id where g.path = '/content'`));
      expect(menu).toEqual([{ path: 'partners', permission: 'CONTENT.EDIT' }]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('adds no partner and no menu item to an empty database (the seed writes them)', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ partners: number; menus: number }>(await shop.db.execute(sql`
        select (select count(*)::int from partners) as partners, (select count(*)::int from menus) as menus`));
      expect(row).toEqual({ partners: 0, menus: 0 });
    } finally {
      await shop.destroy();
    }
  });
});
