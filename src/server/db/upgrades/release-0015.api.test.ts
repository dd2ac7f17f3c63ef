import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Each test migrates a whole database from nothing (some twice or three times over): a minute or more on a
// busy two-core machine, beyond the suite's 30-second budget per test.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0015', () => {
  it('adds the products page once to the catalogue group of a back-office menu seeded before it', async () => {
    const older = releaseMigrations(14);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      // The menu as the seed of the release before wrote it: the catalogue group with brands and categories.
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, redirect, always_show, title_zh, title_en, icon, sort)
        values (null, '/catalog', 'Layout', 'Catalogue', '/catalog/brands', true, '商品管理', 'Catalogue', 'AppstoreOutlined', 100)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, icon, permission, sort)
        select id, 'brands', 'catalog/brands/index', 'CatalogBrands', '品牌管理', 'Brands', 'TagsOutlined', 'CATALOG.EDIT', 10 from menus where path = '/catalog'`);
      await runMigrations(shop);
      await runMigrations(shop);
      const rows = rowsOf<{ path: string; parent: string | null; permission: string | null; title_zh: string; title_en: string }>(await shop.db.execute(sql`
        select m.path, p.path as parent, m.permission, m.title_zh, m.title_en from menus m left join menus p on p.id = m.parent_id
        where p.path = '/catalog' order by m.sort`));
      expect(rows).toEqual([
        { path: 'products', parent: '/catalog', permission: 'CATALOG.EDIT', title_zh: '商品列表', title_en: 'Products' },
        { path: 'brands', parent: '/catalog', permission: 'CATALOG.EDIT', title_zh: '品牌管理', title_en: 'Brands' },
        // Migration 0017 adds the imports page too.
        { path: 'imports', parent: '/catalog', permission: 'CATALOG.EDIT', title_zh: '批量导入', title_en: 'Bulk imports' },
      ]);
      const [columns] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from information_schema.columns where table_name = 'products' and column_name in ('promo_starts_at', 'promo_ends_at')`));
      expect(columns?.n).toBe(2);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('renames open search feedback to new and adds the site-settings and requests menu entries once', async () => {
    const older = releaseMigrations(14);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, always_show, sort) values (null, '/system-setting', 'Layout', 'SystemSetting', '系统设置', 'System settings', true, 900)`);
      await shop.db.execute(sql`insert into catalog_feedback (search_key, search_type, lang, status, created_at)
        values ('a', 1, 'zh', 'open', '2026-10-01T00:00:00Z'), ('b', 2, 'en', 'closed', '2026-10-02T00:00:00Z')`);
      await runMigrations(shop);
      await runMigrations(shop);
      const rows = rowsOf<{ path: string; parent: string | null; permission: string | null; title_en: string }>(await shop.db.execute(sql`
        select m.path, p.path as parent, m.permission, m.title_en from menus m left join menus p on p.id = m.parent_id
        where m.path in ('web-settings', '/requests') order by m.path`));
      expect(rows).toEqual([
        { path: '/requests', parent: null, permission: 'CUSTOMER.EDIT', title_en: 'Requests and enquiries' },
        { path: 'web-settings', parent: '/system-setting', permission: 'SETTINGS.EDIT', title_en: 'Site settings' },
      ]);
      const feedback = rowsOf<{ search_key: string; status: string; same: boolean }>(await shop.db.execute(sql`
        select search_key, status, updated_at = created_at as same from catalog_feedback order by search_key`));
      expect(feedback).toEqual([{ search_key: 'a', status: 'new', same: true }, { search_key: 'b', status: 'closed', same: true }]);
      await shop.db.execute(sql`insert into catalog_feedback (search_key, search_type, lang) values ('c', 1, 'zh')`);
      const [fresh] = rowsOf<{ status: string }>(await shop.db.execute(sql`select status from catalog_feedback where search_key = 'c'`));
      expect(fresh?.status).toBe('new');
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves a database without the catalogue group to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from menus where path = 'products'`));
      expect(row?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  });
});

describe('upgrading a database of the release before 0015: content', () => {
  it('keeps every content item published, adds the content menu group once and gives the operations role the content permission', async () => {
    const older = releaseMigrations(14);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      // What the release before wrote: articles of several kinds (all shown), a menu, and the demo roles.
      await shop.db.execute(sql`insert into content_items (kind, title_zh, title_en) values ('news', '新闻', 'News'), ('citation', '文献', 'Citation'), ('support', '问答', 'Q&A')`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into staff_roles (name) values ('运营'), ('销售')`);
      await shop.db.execute(sql`insert into staff_role_permissions (role_id, permission)
        select id, 'CATALOG.EDIT' from staff_roles where name = '运营' union all select id, 'CUSTOMER.EDIT' from staff_roles where name = '销售'`);
      await runMigrations(shop);
      await runMigrations(shop);
      const items = rowsOf<{ kind: string; status: string }>(await shop.db.execute(sql`select kind, status from content_items order by id`));
      expect(items).toEqual([{ kind: 'news', status: 'published' }, { kind: 'citation', status: 'published' }, { kind: 'support', status: 'published' }]);
      const menu = rowsOf<{ path: string; parent: string | null; permission: string | null; title_zh: string; title_en: string }>(await shop.db.execute(sql`
        select m.path, p.path as parent, m.permission, m.title_zh, m.title_en from menus m left join menus p on p.id = m.parent_id
        where m.path = '/content' or (p.path = '/content' and m.path in ('news', 'banners')) order by p.path nulls first, m.sort`));
      expect(menu).toEqual([
        { path: '/content', parent: null, permission: null, title_zh: '内容管理', title_en: 'Content' },
        { path: 'news', parent: '/content', permission: 'CONTENT.EDIT', title_zh: '新闻管理', title_en: 'News' },
        { path: 'banners', parent: '/content', permission: 'CONTENT.EDIT', title_zh: '横幅管理', title_en: 'Banners' },
      ]);
      const granted = rowsOf<{ name: string }>(await shop.db.execute(sql`
        select r.name from staff_role_permissions p join staff_roles r on r.id = p.role_id where p.permission = 'CONTENT.EDIT' order by r.name`));
      expect(granted).toEqual([{ name: '运营' }]);
      // New rows take the column's default: an item written by an older script stays visible.
      await shop.db.execute(sql`insert into content_items (kind, title_zh, title_en) values ('news', '脚本', 'Script')`);
      const [fresh] = rowsOf<{ status: string }>(await shop.db.execute(sql`select status from content_items where title_en = 'Script'`));
      expect(fresh?.status).toBe('published');
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves an empty database to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from menus where path in ('/content', 'news', 'banners')`));
      expect(row?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  });
});
