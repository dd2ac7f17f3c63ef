import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseMigrations, removeRelease } from '../../../test/releases';
import { createEmptyTestDatabase, type TestDatabase } from '../../../test/test-db';
import { rowsOf } from './client';
import { runMigrations } from './migrate';

/**
 * A database made by an earlier release, upgraded by this one: the migrations up to 0006 (as they
 * shipped) run first, rows are added as that release would have written them, then the rest run.
 */
let db: TestDatabase;
let folder: string;

beforeAll(async () => {
  folder = releaseMigrations(6);
  db = await createEmptyTestDatabase();
  await runMigrations(db, folder);
});

afterAll(async () => {
  await db?.destroy();
  removeRelease(folder);
});

describe('upgrading a database of the release before 0007', () => {
  it('keeps sessions to their sign-in, earlier subscriptions confirmed, and lets settings managers see visitor statistics', async () => {
    const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db.db.execute(text));
    await db.db.execute(sql`insert into staff_roles (id, name) values (1, 'web'), (2, 'sales')`);
    await db.db.execute(sql`insert into staff_role_permissions (role_id, permission) values (1, 'SETTINGS.EDIT'), (2, 'CUSTOMER.VIEW')`);
    await db.db.execute(sql`insert into sessions (token_hash, subject_type, subject_id, created_at, expires_at)
      values ('h1', 'user', 1, '2026-11-01T08:00:00Z', '2026-11-15T08:00:00Z')`);
    await db.db.execute(sql`insert into subscriptions (email, lang, created_at) values ('early@example.org', 'zh', '2026-10-01T00:00:00Z')`);

    await runMigrations(db);

    const [session] = await run<{ signed: string; created: string }>(sql`select signed_in_at::text as signed, created_at::text as created from sessions`);
    expect(session?.signed).toBe(session?.created);
    const [subscription] = await run<{ confirmed: string | null; created: string }>(sql`select confirmed_at::text as confirmed, created_at::text as created from subscriptions`);
    expect(subscription?.confirmed).toBe(subscription?.created);
    const grants = await run<{ role_id: number; permission: string }>(sql`select role_id::int as role_id, permission from staff_role_permissions order by role_id, permission`);
    expect(grants).toEqual([
      { role_id: 1, permission: 'SETTINGS.EDIT' },
      { role_id: 1, permission: 'TRACKING.VIEW' },
      { role_id: 2, permission: 'CUSTOMER.VIEW' },
    ]);
  });
});

describe('upgrading a database of the release before 0013', () => {
  it('fills the monthly product figures from the orders already there, and keeps them from then on', async () => {
    const older = releaseMigrations(12);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await shop.db.execute(sql`insert into companies (id, name) values (1, 'Lab')`);
      await shop.db.execute(sql`insert into users (id, company_id, login_name, password_hash, name) values (1, 1, 'b@example.org', 'x', 'B')`);
      await shop.db.execute(sql`insert into brands (id, code, name_zh, name_en) values (1, 'BR', '品牌', 'Brand')`);
      await shop.db.execute(sql`insert into categories (id, level, name_zh, name_en) values (1, 1, '试剂', 'Reagents')`);
      await shop.db.execute(sql`insert into products (id, item_no, name_zh, name_en, brand_id, category_id)
        values (1, 'A1', '甲', 'A', 1, 1), (2, 'B2', '乙', 'B', 1, 1)`);
      await shop.db.execute(sql`insert into product_packs (id, product_id, size, price) values (1, 1, '1g', 10), (2, 2, '5g', 20)`);
      await shop.db.execute(sql`
        insert into orders (id, order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count, created_at)
        values (1, 'S1', 1, 1, 'placed', 'k1', 'r', 'p', 'x', 'y', 1, 1, 2, '2026-09-30T20:00:00Z'),
               (2, 'S2', 1, 1, 'passed', 'k2', 'r', 'p', 'x', 'y', 1, 1, 1, '2026-10-15T02:00:00Z'),
               (3, 'S3', 1, 1, 'cancelled', 'k3', 'r', 'p', 'x', 'y', 1, 1, 1, '2026-10-16T02:00:00Z')`);
      await shop.db.execute(sql`
        insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
        values (1, 1, 1, 1, 'A1', '甲', 'A', '1g', 10, 3, 30), (1, 1, 2, 2, 'B2', '乙', 'B', '5g', 20, 1, 20),
               (2, 1, 1, 1, 'A1', '甲', 'A', '1g', 10, 4, 40), (3, 1, 2, 2, 'B2', '乙', 'B', '5g', 20, 9, 180)`);

      await runMigrations(shop);
      const months = () => run<{ month: string; product_id: number; quantity: number; orders: number }>(
        sql`select month::text, product_id, quantity, orders from order_monthly_products order by month, product_id`);
      // 2026-09-30 20:00 UTC is 1 October in the shop's time (UTC+8); the cancelled order counts nowhere.
      expect(await months()).toEqual([
        { month: '2026-10-01', product_id: 1, quantity: 7, orders: 2 },
        { month: '2026-10-01', product_id: 2, quantity: 1, orders: 1 },
      ]);
      // From now on the triggers keep them: the second order is cancelled.
      await shop.db.execute(sql`update orders set status = 'cancelled' where id = 2`);
      expect(await months()).toEqual([
        { month: '2026-10-01', product_id: 1, quantity: 3, orders: 1 },
        { month: '2026-10-01', product_id: 2, quantity: 1, orders: 1 },
      ]);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});

describe('upgrading a database of the release before 0014', () => {
  it('adds the catalogue menu group once to a back-office menu seeded before it', async () => {
    const older = releaseMigrations(13);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      await shop.db.execute(sql`insert into menus (parent_id, path, component, name, title_zh, title_en, sort) values (null, '/dashboard', 'dashboard/index', 'Dashboard', '首页', 'Dashboard', 10)`);
      await runMigrations(shop);
      await runMigrations(shop);
      const rows = rowsOf<{ path: string; parent: string | null; permission: string | null; title_en: string }>(await shop.db.execute(sql`
        select m.path, p.path as parent, m.permission, m.title_en from menus m left join menus p on p.id = m.parent_id
        where m.path in ('/catalog', 'brands', 'categories') and (p.path is null or p.path = '/catalog') order by m.parent_id nulls first, m.sort`));
      expect(rows).toEqual([
        { path: '/catalog', parent: null, permission: null, title_en: 'Catalogue' },
        { path: 'brands', parent: '/catalog', permission: 'CATALOG.EDIT', title_en: 'Brands' },
        { path: 'categories', parent: '/catalog', permission: 'CATALOG.EDIT', title_en: 'Categories' },
      ]);
      const [brands] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from information_schema.columns where table_name = 'brands' and column_name = 'logo_path'`));
      expect(brands?.n).toBe(1);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });

  it('leaves an empty database to the seed', async () => {
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop);
      const [row] = rowsOf<{ n: number }>(await shop.db.execute(sql`select count(*)::int as n from menus`));
      expect(row?.n).toBe(0);
    } finally {
      await shop.destroy();
    }
  });
});

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

describe('upgrading a database of the release before 0019', () => {
  it('splits the refunds of earlier complaints over their lines, replaces the seeded report links with random ones, and then keeps the cap', async () => {
    const older = releaseMigrations(18);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await shop.db.execute(sql`insert into companies (id, name) values (1, 'Lab')`);
      await shop.db.execute(sql`insert into users (id, company_id, login_name, password_hash, name) values (1, 1, 'b@example.org', 'x', 'B')`);
      await shop.db.execute(sql`insert into staff (id, login_name, password_hash, name) values (1, 'sales', 'x', 'S')`);
      await shop.db.execute(sql`insert into brands (id, code, name_zh, name_en) values (1, 'BR', '品牌', 'Brand')`);
      await shop.db.execute(sql`insert into categories (id, level, name_zh, name_en) values (1, 1, '试剂', 'Reagents')`);
      await shop.db.execute(sql`insert into products (id, item_no, name_zh, name_en, brand_id, category_id) values (1, 'A1', '甲', 'A', 1, 1)`);
      await shop.db.execute(sql`insert into product_packs (id, product_id, size, price) values (1, 1, '1g', 108)`);
      await shop.db.execute(sql`
        insert into orders (id, order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count)
        values (1, 'S1', 1, 1, 'placed', 'k1', 'r', 'p', 'x', 'y', 424, 424, 2)`);
      await shop.db.execute(sql`
        insert into order_items (id, order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
        values (1, 1, 1, 1, 1, 'A1', '甲', 'A', '1g', 108, 3, 324), (2, 1, 1, 1, 1, 'A1', '甲', 'A', '5g', 50, 2, 100)`);
      // Complaints as that release wrote them: one over both lines, and the probe's line carried beyond its amount.
      await shop.db.execute(sql`
        insert into complaints (id, complaint_no, company_id, order_id, description, applied_refund_cents, status)
        values (1, 'CP1', 1, 1, '两行', 35000, 'reviewing'), (2, 'CP2', 1, 1, '一行', 32400, 'reviewing'), (3, 'CP3', 1, 1, '一行', 32400, 'reviewing')`);
      await shop.db.execute(sql`insert into complaint_lines (complaint_id, order_item_id, quantity) values (1, 1, 3), (1, 2, 1), (2, 1, 3), (3, 1, 3)`);
      await shop.db.execute(sql`
        insert into testing_cases (id, case_no, owner_id, customer_name, samples, test_fee, service_fee, invoice_type, status, report_key, report_token)
        values (1, 'TS2026110100004', 1, 'C', 's', 1, 1.15, 'ordinary', 'test_finished', 'cases/seed/TS2026110100004.pdf', 'seedTS2026110100004reportxxxxxxx'),
               (2, 'TS2026110100005', 1, 'C', 's', 1, 1.15, 'ordinary', 'resolved', 'cases/seed/TS2026110100005.pdf', 'seedTS2026110100005reportxxxxxxx'),
               (3, 'TS2026110100006', 1, 'C', 's', 1, 1.15, 'ordinary', 'resolved', 'cases/3/report.pdf', 'Qm9vdHN0cmFwcGVkIHJhbmRvbSB0b2tl')`);

      await runMigrations(shop);
      await runMigrations(shop);

      // Parts in order of the order line, each up to the value complained about, adding up to the applied refund.
      const parts = await run<{ complaint_id: number; order_item_id: number; refund_cents: number }>(sql`
        select complaint_id, order_item_id, refund_cents from complaint_lines order by complaint_id, order_item_id`);
      expect(parts.map((p) => [Number(p.complaint_id), Number(p.order_item_id), Number(p.refund_cents)])).toEqual([[1, 1, 32400], [1, 2, 2600], [2, 1, 32400], [3, 1, 32400]]);
      // Seeded report links are random now (32 base64url characters, each different); a real one is kept.
      const tokens = await run<{ id: number; report_token: string }>(sql`select id, report_token from testing_cases order by id`);
      expect(tokens[2]?.report_token).toBe('Qm9vdHN0cmFwcGVkIHJhbmRvbSB0b2tl');
      for (const t of tokens.slice(0, 2)) {
        expect(t.report_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(t.report_token).not.toMatch(/seed|report/);
      }
      expect(tokens[0]?.report_token).not.toBe(tokens[1]?.report_token);
      // Money in cents holds what the API accepts.
      await shop.db.transaction(async (tx) => {
        await tx.execute(sql`update complaints set status = 'rejected', review_failure_reason = '重复', applied_refund_cents = 9999999999 where id = 3`);
        await tx.execute(sql`update complaint_lines set refund_cents = 9999999999 where complaint_id = 3`);
      });
      await shop.db.execute(sql`update contracts set amount_cents = 9999999999`);
      expect(await run<{ cents: string }>(sql`select applied_refund_cents::text as cents from complaints where id = 3`)).toEqual([{ cents: '9999999999' }]);
      // The line carried beyond its amount before the upgrade: closing its complaints works, a new claim on it does not.
      await shop.db.execute(sql`update complaints set status = 'resolved' where id = 2`);
      await expect(shop.db.execute(sql`update complaints set status = 'reviewing' where id = 3`)).rejects.toThrow();
      await expect(shop.db.transaction(async (tx) => {
        await tx.execute(sql`insert into complaints (id, complaint_no, company_id, order_id, description, applied_refund_cents) values (4, 'CP4', 1, 1, '再来', 100)`);
        await tx.execute(sql`insert into complaint_lines (complaint_id, order_item_id, quantity, refund_cents) values (4, 1, 1, 100)`);
      })).rejects.toThrow();
      const [n] = await run<{ n: number }>(sql`select count(*)::int as n from complaints`);
      expect(Number(n?.n)).toBe(3);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
