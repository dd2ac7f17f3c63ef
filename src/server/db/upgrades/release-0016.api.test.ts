import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Each test migrates a whole database from nothing (some twice or three times over): a minute or more on a
// busy two-core machine, beyond the suite's 30-second budget per test.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0016: content of every kind', () => {
  it('marks the citations written before as examples, keeps other items as they were, and adds the content pages of every kind once', async () => {
    const older = releaseMigrations(15);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      // What the release before wrote: the seed's citations and other items, and the content group with news and banners.
      await shop.db.execute(sql`insert into content_items (kind, title_zh, title_en, source) values ('citation', '文献', 'Citation', 'Nature'), ('news', '新闻', 'News', ''), ('application', '案例', 'Case', '')`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/content', 'Layout', 'Content', '内容管理', 'Content', 150)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, permission, sort)
        select id, 'news', 'content/news/index', 'ContentNews', '新闻管理', 'News', 'CONTENT.EDIT', 10 from menus where path = '/content'
        union all select id, 'banners', 'content/banners/index', 'ContentBanners', '横幅管理', 'Banners', 'CONTENT.EDIT', 20 from menus where path = '/content'`);
      await runMigrations(shop);
      await runMigrations(shop);
      const items = rowsOf<{ kind: string; example: boolean }>(await shop.db.execute(sql`select kind, example from content_items order by id`));
      expect(items).toEqual([{ kind: 'citation', example: true }, { kind: 'news', example: false }, { kind: 'application', example: false }]);
      const menu = rowsOf<{ path: string; permission: string | null; title_en: string }>(await shop.db.execute(sql`
        select m.path, m.permission, m.title_en from menus m join menus p on p.id = m.parent_id where p.path = '/content' order by m.sort, m.id`));
      const kinds = ['news', 'banners', 'applications', 'citations', 'support', 'resources', 'brand-articles'];
      expect(menu.map((m) => m.path).filter((path) => kinds.includes(path))).toEqual(kinds);
      expect(menu.every((m) => m.permission === 'CONTENT.EDIT')).toBe(true);
      // A citation written afterwards (by staff) is not an example.
      await shop.db.execute(sql`insert into content_items (kind, title_zh, title_en) values ('citation', '新文献', 'New citation')`);
      const [fresh] = rowsOf<{ example: boolean }>(await shop.db.execute(sql`select example from content_items where title_en = 'New citation'`));
      expect(fresh?.example).toBe(false);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves a database without the content group to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from menus where path in ('applications', 'citations', 'support', 'resources', 'brand-articles')`));
      expect(row?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  });
});

describe('upgrading a database of the release before 0016: comment moderation', () => {
  it('keeps earlier comments shown, adds the new content pages to the content group once', async () => {
    const older = releaseMigrations(15);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      // What the release before wrote: a content menu group, an article with a comment (shown at once then).
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/content', 'Layout', 'Content', '内容管理', 'Content', 150)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, permission, sort)
        select id, 'news', 'content/news/index', 'ContentNews', '新闻管理', 'News', 'CONTENT.EDIT', 10 from menus where path = '/content'`);
      await shop.db.execute(sql`insert into content_items (kind, title_zh, title_en) values ('news', '新闻', 'News')`);
      await shop.db.execute(sql`insert into content_comments (content_id, visitor_id, author_name, body) select id, 'v1', '读者', '很好' from content_items`);
      await runMigrations(shop);
      await runMigrations(shop);
      const [comment] = rowsOf<{ status: string }>(await shop.db.execute(sql`select status from content_comments`));
      expect(comment?.status).toBe('approved');
      const menu = rowsOf<{ path: string; permission: string | null; title_en: string }>(await shop.db.execute(sql`
        select m.path, m.permission, m.title_en from menus m join menus p on p.id = m.parent_id where p.path = '/content' order by m.sort`));
      expect(menu.filter((m) => ['news', 'comments', 'categories', 'tags', 'about'].includes(m.path))).toEqual([
        { path: 'news', permission: 'CONTENT.EDIT', title_en: 'News' },
        { path: 'comments', permission: 'CONTENT.EDIT', title_en: 'Comments' },
        { path: 'categories', permission: 'CONTENT.EDIT', title_en: 'Channel categories' },
        { path: 'tags', permission: 'CONTENT.EDIT', title_en: 'Tags' },
        { path: 'about', permission: 'CONTENT.EDIT', title_en: 'About page' },
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});

describe('upgrading a database of the release before 0016: catalogue imports', () => {
  it('adds the imports page once to the catalogue group of a back-office menu seeded before it', async () => {
    const older = releaseMigrations(15);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, redirect, always_show, title_zh, title_en, icon, sort)
        values (null, '/catalog', 'Layout', 'Catalogue', '/catalog/brands', true, '商品管理', 'Catalogue', 'AppstoreOutlined', 100)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, icon, permission, sort)
        select id, c.path, c.component, c.name, c.zh, c.en, c.icon, 'CATALOG.EDIT', c.sort from menus
        cross join (values ('products', 'catalog/products/index', 'CatalogProducts', '商品列表', 'Products', 'ExperimentOutlined', 10),
          ('brands', 'catalog/brands/index', 'CatalogBrands', '品牌管理', 'Brands', 'TagsOutlined', 20),
          ('categories', 'catalog/categories/index', 'CatalogCategories', '商品分类', 'Categories', 'ApartmentOutlined', 30)) as c(path, component, name, zh, en, icon, sort)
        where menus.path = '/catalog'`);
      await runMigrations(shop);
      await runMigrations(shop);
      const rows = rowsOf<{ path: string; component: string; permission: string | null; icon: string }>(await shop.db.execute(sql`
        select m.path, m.component, m.permission, m.icon from menus m join menus p on p.id = m.parent_id where p.path = '/catalog' order by m.sort`));
      expect(rows.map((r) => r.path)).toEqual(['products', 'brands', 'categories', 'imports']);
      expect(rows[3]).toEqual({ path: 'imports', component: 'catalog/imports/index', permission: 'CATALOG.EDIT', icon: 'CloudUploadOutlined' });
      const [tables] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name in ('import_jobs', 'import_job_errors')`));
      expect(tables?.n).toBe(2);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves a database without the catalogue group to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from menus where path = 'imports'`));
      expect(row?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  });
});

describe('upgrading a database of the release before 0016: customers and teams', () => {
  it('keeps the companies as registered customers without an owner and adds the customers and teams pages once', async () => {
    const older = releaseMigrations(15);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into companies (name) values ('上海示例生物科技有限公司')`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, always_show, sort) values (null, '/system-setting', 'Layout', 'SystemSetting', '系统设置', 'System settings', true, 900)`);
      await runMigrations(shop);
      await runMigrations(shop);
      const [company] = rowsOf<Record<string, unknown>>(await shop.db.execute(sql`select crm_kind, owner_staff_id, level, credit_days, credit_limit, tags, licence_name from companies`));
      expect(company).toEqual({ crm_kind: 'customer', owner_staff_id: null, level: 'C', credit_days: 0, credit_limit: '0.00', tags: [], licence_name: null });
      const rows = rowsOf<{ path: string; parent: string | null; permission: string | null; title_zh: string }>(await shop.db.execute(sql`
        select m.path, p.path as parent, m.permission, m.title_zh from menus m left join menus p on p.id = m.parent_id
        where m.path in ('/customers', 'teams') order by m.path`));
      expect(rows).toEqual([
        { path: '/customers', parent: null, permission: 'CUSTOMER.VIEW', title_zh: '客户管理' },
        { path: 'teams', parent: '/system-setting', permission: 'STAFF.VIEW', title_zh: '团队' },
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
