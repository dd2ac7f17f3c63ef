import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { openPostgres, rowsOf } from '@/server/db/client';
import { fileTestDatabase, bulkSetup } from '../../../../test/test-db';
import { capture, captured, explain, growthProblems, READ_BUDGET, rowsRead, type PlanNode } from '../../../../test/page-plans';
import { countCartItems } from '@/server/modules/cart/service';
import { listComments } from '@/server/modules/content/comments';
import { getBrandDetail, getBrandSummary, listBrandSlides } from '@/server/modules/catalog/brands';
import { findBrandFacets, findBrands, findProducts } from '@/server/modules/catalog/browse';
import { forgetCategoryTree, getCategory, listCategoryTree } from '@/server/modules/catalog/categories';
import { countCatalogue, listFlaggedProducts, listRecommendedBrands } from '@/server/modules/catalog/queries';
import { listBanners } from '@/server/modules/content/banners';
import { listContentTypes } from '@/server/modules/content/categories';
import { getContentDetail, listContent, listLatestContent } from '@/server/modules/content/items';
import { listNavMenus } from '@/server/modules/content/nav-menus';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { getProductDetailAll } from '@/server/modules/product-detail/service';
import { listAdminProducts } from '@/server/modules/catalog/admin-product-list';
import { getAdminProduct } from '@/server/modules/catalog/admin-products';
import { adminProductListInputSchema } from '@/contracts/catalog-editing-products';
import { getSiteContact } from '@/server/modules/site-settings/queries';
import { toInvoiceListInputSchema } from '@/contracts/invoices';
import { orderDeskListInputSchema } from '@/contracts/orders-admin';
import { listToInvoice } from '@/server/modules/invoices/to-invoice';
import { listOrderDesk } from '@/server/modules/orders/admin-queries';
import { getOrderDesk } from '@/server/modules/orders/admin-record';
import { receivablesListInputSchema } from '@/contracts/receivables';
import { getCustomerReceivables, listReceivables } from '@/server/modules/receivables/ageing';
import { listInvoicePayments } from '@/server/modules/receivables/payments';
import { countVisitors } from '@/server/modules/tracking/service';

/**
 * No storefront page runs a query whose cost grows with the catalogue (ADR 0025), nor the back-office's product
 * list and order desk one that grows with the catalogue or the orders (ADR 0071). Each page's module
 * calls run against a seeded shop plus 30,000 generated products (1–4 packs each, a few flagged) and
 * 30,000 generated orders (two lines each) with fresh statistics and the planner's default settings
 * (sequential scans allowed, as the pages run them); every statement they send is captured and
 * EXPLAINed, and the test fails on:
 *   - a sequential scan of products, packs, lots or order lines, or of orders outside a LIMIT (the desk's capped count);
 *   - a scan of packs, lots or order lines without an index condition (all of them, e.g. under an aggregate);
 *   - a scan of products or orders without an index condition and without a LIMIT above it (a walk of all of them).
 * The search engine's own shapes are checked with sequential scans off by search/plans.api.test.ts.
 */

const t = fileTestDatabase({ products: 200 });
const GENERATED = 30_000;
const ORDERS = 30_000;

let sample: { productId: number; brandId: number; categoryId: number; leafId: number; newsId: number; newsTypeId: number; companyId: number; userId: number };

beforeAll(async () => {
  // A catalogue big enough for the planner to prefer an index wherever one fits: the seeded products
  // copied with new item numbers, each with its packs, 2 % hot, new or special, 0.1 % withdrawn.
  for (let from = 1; from <= GENERATED; from += 5_000) {
    // Short names, so that the search indexes take the rows quickly; in batches.
    await bulkSetup(t.db, sql`
      insert into products (item_no, cas, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id,
        is_hot, is_new, is_special, created_at, active)
      select 'P' || lpad(g::text, 8, '0'), null, '填充' || g, 'Pf' || g, 'tianchong', 'tc', b.id, c.id,
        g % 50 = 1, g % 50 = 2, g % 50 = 3, now() - make_interval(mins => g), g % 1000 <> 7
      from generate_series(${from}::int, ${from + 4_999}::int) g
      cross join lateral (select id from brands order by id offset (g % 5) limit 1) b
      cross join lateral (select id from categories where leaf order by id offset (g % 7) limit 1) c`);
    await bulkSetup(t.db, sql`
      insert into product_packs (product_id, size, price, stock, lead_time_days, sort)
      select p.id, k || 'g', (10 + (p.id % 97) * k)::numeric(12,2), (p.id + k) % 3, 0, k
      from products p cross join lateral generate_series(1, 1 + p.id % 4) k
      where p.item_no between ${`P${String(from).padStart(8, '0')}`} and ${`P${String(from + 4_999).padStart(8, '0')}`}`);
    // Lots (ADR 0032) for the packs of every other product, two each: the product page reads a pack's lots by index.
    await bulkSetup(t.db, sql`
      insert into product_lots (pack_id, lot_no, quantity, expires_on, warehouse)
      select k.id, 'L' || k.id || '-' || n, 1 + (k.id + n) % 5, current_date + (30 * n + k.id % 700), 'sh'
      from product_packs k join products p on p.id = k.product_id cross join generate_series(1, 2) n
      where p.id % 2 = 0 and p.item_no between ${`P${String(from).padStart(8, '0')}`} and ${`P${String(from + 4_999).padStart(8, '0')}`}`);
  }
  // Orders of every company (ADR 0071's order desk): copies of the seeded buyers' orders over the last weeks, two lines each,
  // every seventh with a hazardous line, every eleventh with a line waiting for stock.
  await bulkSetup(t.db, sql`
    insert into orders (order_no, company_id, user_id, status, fulfilment, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count, created_at)
    select 'SOP' || lpad(g::text, 8, '0'), u.company_id, u.id, (array['reviewing', 'passed', 'placed', 'rejected', 'cancelled'])[1 + g % 5],
      case when g % 5 = 2 then (array['held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered'])[1 + g / 5 % 6] else 'none' end, 'plan-' || g,
      '收货人', '13800000000', '上海市', '浦东新区', (10 + g % 997)::numeric(12, 2), (10 + g % 997)::numeric(12, 2), 2, now() - make_interval(mins => g)
    from generate_series(1, ${ORDERS}::int) g
    cross join lateral (select id, company_id from users where company_id is not null order by id offset (g % 3) limit 1) u`);
  await bulkSetup(t.db, sql`
    with packs as (select array_agg(k.id order by k.id) as ids from (select id from product_packs order by id limit 1000) k)
    insert into order_items (order_id, company_id, product_id, pack_id, item_no, cas, name_zh, name_en, size, unit_price, num, line_total, hazardous, lot_no)
    select o.id, o.company_id, p.id, k.id, p.item_no, p.cas, p.name_zh, p.name_en, k.size, k.price, 1, k.price,
      n = 0 and o.id % 7 = 0, case when n = 1 and o.id % 11 = 0 then null else 'L' || o.id || '-' || n end
    from orders o cross join generate_series(0, 1) n cross join packs
    join product_packs k on k.id = packs.ids[1 + (o.id * 2 + n) % array_length(packs.ids, 1)] join products p on p.id = k.product_id
    where o.order_no like 'SOP%'`);
  // Receivables (ADR 0074): a blue invoice for each generated order, nineteen in twenty paid in full, with its payment.
  await bulkSetup(t.db, sql`
    insert into invoices (invoice_no, order_id, company_id, invoice_type, issued_on, due_on, amount, tax_amount, paid_amount, storage_key, file_name, mime, size, sha256)
    select 'INV' || o.id, o.id, o.company_id, 'ordinary', current_date - (o.id % 200), current_date - (o.id % 200) + 30, o.total, 0,
      case when o.id % 20 = 0 then 0 else o.total end, 'invoices/x.pdf', 'x.pdf', 'application/pdf', 1, 'x'
    from orders o where o.order_no like 'SOP%' and o.total > 0`);
  await bulkSetup(t.db, sql`
    insert into invoice_payments (invoice_id, company_id, amount, received_on)
    select id, company_id, paid_amount, issued_on + 10 from invoices where paid_amount > 0`);
  await t.db.execute(sql`vacuum analyze`);
  [sample] = rowsOf<typeof sample>(await t.db.execute(sql`
    select (select id from products where active and item_no like 'P%' order by id limit 1)::int as "productId",
      (select id from brands order by id limit 1)::int as "brandId",
      (select id from categories where parent_id is null order by id limit 1)::int as "categoryId",
      (select id from categories where leaf order by id limit 1)::int as "leafId",
      (select id from content_items where kind = 'news' order by id limit 1)::int as "newsId",
      (select category_id from content_items where kind = 'news' and category_id is not null order by id limit 1)::int as "newsTypeId",
      (select company_id from users where company_id is not null order by id limit 1)::int as "companyId",
      (select id from users where company_id is not null order by id limit 1)::int as "userId"`)) as [typeof sample];
});

type PageCalls = (db: Db) => Promise<unknown>;
const lang = 'zh' as const;

const pages: [string, PageCalls][] = [
  ['shell (menus, settings, footer, visitor figure, category tree, cart count)', async (db) => {
    forgetCategoryTree(db);
    await Promise.all([
      getSiteContact(db), getSiteBlock(db, { key: 'footer', lang }), countVisitors(db), listNavMenus(db, { lang }),
      listCategoryTree(db, { lang }), countCartItems(db, { companyId: sample.companyId, userId: sample.userId }),
    ]);
  }],
  ['home', async (db) => Promise.all([
    listBanners(db, { position: 'home-slideshow', lang }), getSiteBlock(db, { key: 'home-intro', lang }),
    listFlaggedProducts(db, { flag: 'hot', limit: 8, lang }), listFlaggedProducts(db, { flag: 'new', limit: 8, lang }),
    listFlaggedProducts(db, { flag: 'special', limit: 8, lang }), listRecommendedBrands(db, { limit: 12, lang }),
    listLatestContent(db, { kind: 'news', limit: 6, lang }), countCatalogue(db),
  ])],
  ['product detail', async (db) => getProductDetailAll(db, { id: sample.productId, lang })],
  ['hot, new and special lists, first and second pages', async (db) => {
    for (const flag of ['hot', 'new', 'special'] as const) {
      const [first] = await Promise.all([findProducts(db, { flag, limit: 20 }, lang), findBrandFacets(db, { flag }, lang)]);
      await findProducts(db, { flag, limit: 20, cursor: first.nextCursor }, lang);
      await findProducts(db, { flag, limit: 20, page: 3 }, lang);
    }
  }],
  ['category lists, in stock or not, a top category and a leaf, first and second pages', async (db) => {
    await getCategory(db, { id: sample.leafId, lang });
    for (const categoryId of [sample.categoryId, sample.leafId]) {
      for (const inStock of [false, true]) {
        const [first] = await Promise.all([
          findProducts(db, { categoryId, inStock, limit: 20 }, lang), findBrandFacets(db, { categoryId, inStock }, lang),
        ]);
        await findProducts(db, { categoryId, inStock, limit: 20, cursor: first.nextCursor }, lang);
        await findProducts(db, { categoryId, inStock, limit: 20, cursor: first.nextCursor, brandIds: [sample.brandId] }, lang);
        await findProducts(db, { categoryId, inStock, limit: 20, page: 3 }, lang);
      }
    }
  }],
  // The other sorts of category and brand lists, and a category's or a brand's flagged lists, read lane by lane too (ADR 0088, 0092).
  ['category and brand lists by item number and price, and a category\u2019s flagged lists', async (db) => {
    for (const sort of ['itemNo', 'priceAsc', 'priceDesc'] as const) {
      const top = await findProducts(db, { categoryId: sample.categoryId, sort, limit: 20 }, lang);
      await findProducts(db, { categoryId: sample.categoryId, sort, limit: 20, cursor: top.nextCursor, brandIds: [sample.brandId] }, lang);
      await findProducts(db, { categoryId: sample.leafId, sort, inStock: true, limit: 20, page: 3 }, lang);
      const brand = await findProducts(db, { brandIds: [sample.brandId], sort, limit: 20 }, lang);
      await findProducts(db, { brandIds: [sample.brandId], sort, inStock: true, limit: 20, cursor: brand.nextCursor }, lang);
    }
    for (const flag of ['hot', 'new', 'special'] as const) {
      const first = await findProducts(db, { flag, categoryId: sample.categoryId, limit: 20 }, lang);
      await findProducts(db, { flag, categoryId: sample.leafId, inStock: true, limit: 20, cursor: first.nextCursor }, lang);
      const brand = await findProducts(db, { flag, brandIds: [sample.brandId], limit: 20 }, lang);
      await findProducts(db, { flag, brandIds: [sample.brandId], inStock: true, limit: 20, cursor: brand.nextCursor }, lang);
    }
  }],
  ['brand pages', async (db) => Promise.all([
    getBrandDetail(db, { id: sample.brandId, lang }), getBrandSummary(db, { id: sample.brandId, lang }),
    findProducts(db, { brandIds: [sample.brandId], limit: 12 }, lang), listBrandSlides(db, { lang, limit: 6 }),
    findBrands(db, { type: 0, lang, limit: 24, offset: 1 }), listContent(db, { brandId: sample.brandId, lang, limit: 5, offset: 1 }),
  ])],
  // The back-office's product list (ADR 0030): every state, withdrawn ones, filters, a key, one product.
  ['back-office product list and product', async (db) => {
    const list = (q: Record<string, unknown>) => listAdminProducts(db, adminProductListInputSchema.parse(q));
    await list({});
    await list({ sort: 'itemNo' });
    await list({ active: 'false' });
    await list({ active: 'false', sort: 'itemNo' });
    await list({ active: 'false', key: 'P0000' });
    await list({ key: 'P0000123' });
    await list({ key: '填充' });
    await list({ brandId: sample.brandId });
    await list({ categoryId: sample.categoryId, sort: 'itemNo' });
    await list({ flag: 'hot' });
    await list({ active: 'true', flag: 'special', inStock: true, sort: 'priceAsc' });
    const first = await list({ limit: 5 });
    await list({ limit: 5, cursor: first.nextCursor ?? undefined });
    await getAdminProduct(db, { id: sample.productId });
  }],
  // The back-office's order desk (ADR 0071): every order, one team's customers', filters, sorts, searches, a next page, one record.
  ['back-office order desk', async (db) => {
    const [owner] = rowsOf<{ id: number }>(await db.execute(sql`select owner_staff_id as id from companies where owner_staff_id is not null order by id limit 1`));
    const everyOrder = { staffId: 1, permissions: ['ORDER.VIEW', 'ORDER.VIEW_ALL'] };
    const ownCustomers = { staffId: Number(owner?.id), permissions: ['ORDER.VIEW'] };
    const list = (actor: typeof everyOrder, q: Record<string, unknown>) => listOrderDesk(db, actor, orderDeskListInputSchema.parse(q));
    for (const actor of [everyOrder, ownCustomers]) {
      await list(actor, {});
      await list(actor, { sort: '-amount' });
      await list(actor, { status: 'placed' });
      await list(actor, { fulfilment: 'backordered' });
      await list(actor, { fulfilment: 'held', sort: '-amount' });
      await list(actor, { status: 'placed', fulfilment: 'allocated', hazardous: '0' });
      await list(actor, { invoiceStatus: 'requested' });
      await list(actor, { invoiceStatus: 'issued', sort: '-amount' });
      await list(actor, { hazardous: '1' });
      await list(actor, { backorder: '1', sort: 'createdAt' });
      await list(actor, { key: 'SOP0001' });
      await list(actor, { key: 'P00000123' });
      await list(actor, { key: '50-00-0' });
      await list(actor, { key: '示例' });
      await list(actor, { companyId: sample.companyId, from: '2026-01-01', to: '2026-12-31' });
      const first = await list(actor, { limit: 5 });
      await list(actor, { limit: 5, cursor: first.nextCursor ?? undefined });
      // Finance's orders to invoice (ADR 0074): through the invoice state's index.
      const toInvoice = (q: Record<string, unknown>) => listToInvoice(db, actor, toInvoiceListInputSchema.parse(q));
      await toInvoice({});
      await toInvoice({ fulfilment: 'delivered', sort: '-amount' });
      await toInvoice({ key: 'SOP0001', invoiceType: 'special' });
      await toInvoice({ key: '示例' });
    }
    const [order] = rowsOf<{ id: number }>(await db.execute(sql`select id from orders order by id limit 1`));
    await getOrderDesk(db, everyOrder, Number(order?.id), lang);
  }],
  // Receivables (ADR 0074): the ageing for every customer and for one team's, searches, sorts, a later page; a customer's
  // receivables; an invoice's payments. Only open invoices are read (the partial index), never every invoice.
  ['back-office receivables', async (db) => {
    const [owner] = rowsOf<{ id: number }>(await db.execute(sql`select owner_staff_id as id from companies where owner_staff_id is not null order by id limit 1`));
    const everyCustomer = { staffId: 1, permissions: ['INVOICE.ISSUE', 'ORDER.VIEW', 'ORDER.VIEW_ALL'] };
    const ownCustomers = { staffId: Number(owner?.id), permissions: ['INVOICE.ISSUE', 'ORDER.VIEW'] };
    for (const actor of [everyCustomer, ownCustomers]) {
      for (const q of [{}, { sort: '-overdue' }, { sort: 'name', page: 2, pageSize: 1 }, { key: '示例' }]) {
        await listReceivables(db, actor, receivablesListInputSchema.parse(q));
      }
    }
    await getCustomerReceivables(db, everyCustomer, sample.companyId);
    const [invoice] = rowsOf<{ id: number }>(await db.execute(sql`select id from invoices where company_id = ${sample.companyId} and kind = 'blue' and paid_amount < amount order by due_on limit 1`));
    await listInvoicePayments(db, everyCustomer, Number(invoice?.id));
  }],
  ['news list and detail', async (db) => Promise.all([
    listContentTypes(db, { kind: 'news', lang }), listContent(db, { kind: 'news', categoryId: sample.newsTypeId, lang, limit: 10, offset: 1 }),
    getContentDetail(db, { id: sample.newsId, kind: 'news', lang }), listComments(db, { contentId: sample.newsId, limit: 10, offset: 1 }),
  ])],
];

describe('storefront page queries at catalogue scale', () => {
  it('finds a catalogue-wide aggregate in a plan (the check itself can fail)', () => {
    const aggregate: PlanNode = {
      'Node Type': 'Hash Join', Plans: [
        { 'Node Type': 'Index Scan', 'Relation Name': 'products', 'Index Name': 'products_hot_newest_idx' },
        { 'Node Type': 'HashAggregate', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'product_packs' }] },
      ],
    };
    expect(growthProblems(aggregate)).toEqual([
      'Index Scan of every product without a LIMIT (products_hot_newest_idx)',
      'Seq Scan on product_packs',
    ]);
    expect(growthProblems({ 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'products', 'Index Name': 'products_hot_newest_idx' }] })).toEqual([]);
    expect(growthProblems({ 'Node Type': 'Aggregate', Plans: [{ 'Node Type': 'Index Only Scan', 'Relation Name': 'orders', 'Index Name': 'orders_created_idx' }] }))
      .toEqual(['Index Only Scan of every order without a LIMIT (orders_created_idx)']);
    expect(growthProblems({ 'Node Type': 'Aggregate', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'orders' }] })).toEqual(['Seq Scan on orders']);
    expect(growthProblems({ 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'orders' }] })).toEqual([]);
    // A capped count under its LIMIT passes the plan check but reads 10,001 rows: the ANALYZE check finds it.
    expect(rowsRead({ 'Node Type': 'Aggregate', Plans: [{ 'Node Type': 'Limit', Plans: [{
      'Node Type': 'Index Only Scan', 'Relation Name': 'products', 'Index Name': 'products_category_active_idx', 'Actual Rows': 10_001, 'Actual Loops': 1,
    }] }] }).filter((r) => r.rows > READ_BUDGET)).toEqual([{ scan: 'Index Only Scan on products (products_category_active_idx)', rows: 10_001 }]);
  });

  /** The reading statements one page's calls send. */
  async function readsOf(calls: PageCalls) {
    capture(t.db);
    captured.length = 0;
    await calls(t.db);
    const statements = captured.splice(0).filter((s) => /^\s*(select|with)\b/i.test(s.query));
    expect(statements.length).toBeGreaterThan(0);
    return statements;
  }

  it('checks the lists\u2019 statements sent through the search settings\u2019 own pool on PostgreSQL, not only the main one\u2019s', async () => {
    const [, lists] = pages.find(([name]) => name.startsWith('hot, new and special lists'))!;
    const statements = await readsOf(lists);
    const throughPreset = statements.filter((s) => s.via !== t.db).length;
    if (t.driver === 'postgres') expect(throughPreset).toBeGreaterThan(0);
    else expect(throughPreset).toBe(0);
  });

  it.each(pages)('%s: every statement reads through an index, never all products or all packs', async (_name, calls) => {
    for (const statement of await readsOf(calls)) {
      const problems = growthProblems(await explain(t.driver, statement));
      expect(problems, `${statement.query}\n${JSON.stringify(statement.params)}`).toEqual([]);
    }
  });

  // The pages that must not grow with the catalogue (ADR 0078): run with ANALYZE, each statement reads at most
  // READ_BUDGET rows of products and packs, at 30,000 products (a capped count or facets over 10,001 rows would show).
  const storefront = new Set(['shell (menus, settings, footer, visitor figure, category tree, cart count)', 'home', 'product detail',
    'hot, new and special lists, first and second pages', 'category lists, in stock or not, a top category and a leaf, first and second pages', 'brand pages',
    'category and brand lists by item number and price, and a category\u2019s flagged lists']);
  it.each(pages.filter(([name]) => storefront.has(name)))('%s: no statement reads more than a page of products or packs', async (_name, calls) => {
    for (const statement of await readsOf(calls)) {
      const over = rowsRead(await explain(t.driver, statement, true)).filter((r) => r.rows > READ_BUDGET);
      expect(over, `${statement.query}\n${JSON.stringify(statement.params)}`).toEqual([]);
    }
  });

  // The storefront's prepared reads (ADR 0109) run on one generic plan per connection after their fifth run, planned
  // without their values: PostgreSQL must choose it (not as dear as the values' own plans), and it reads through an index.
  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')('the prepared storefront reads take a generic plan, which reads through an index', async () => {
    const one = openPostgres(t.url!, 1);
    try {
      for (let run = 0; run < 6; run++) {
        for (const flag of ['hot', 'new', 'special'] as const) await listFlaggedProducts(one.db, { flag, limit: 8, lang });
        await Promise.all([
          listRecommendedBrands(one.db, { limit: 12, lang }), getProductDetailAll(one.db, { id: sample.productId, lang }),
          listBanners(one.db, { position: 'home-slideshow', lang }), getSiteBlock(one.db, { key: 'footer', lang }),
        ]);
      }
      const kept = rowsOf<{ name: string; statement: string; generic: number; custom: number; params: number }>(await one.db.execute(sql`
        select name, statement, generic_plans::int as generic, custom_plans::int as custom, cardinality(parameter_types)::int as params
        from pg_prepared_statements`));
      const ours = ['"is_hot"', '"is_new"', '"is_special"', '"brands"."recommended"', '"parent_category"', 'product_lots',
        '"product_documents"."state"', 'row_number()', '"banners"."position"', '"site_blocks"."key"'];
      for (const mark of ours) {
        const statement = kept.find((k) => k.statement.includes(mark));
        expect(statement, mark).toBeDefined();
        expect(statement!.generic, statement!.statement).toBeGreaterThan(0);
      }
      await one.db.execute(sql`set plan_cache_mode = force_generic_plan`);
      for (const { name, statement, params } of kept) {
        const args = params === 0 ? '' : `(${Array.from({ length: params }, () => 'null').join(', ')})`;
        const [row] = rowsOf<Record<string, unknown>>(await one.db.execute(sql.raw(`explain (format json) execute "${name}"${args}`)));
        const value = Object.values(row ?? {})[0];
        const plan = ((typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[])[0]!.Plan;
        expect(growthProblems(plan), statement).toEqual([]);
      }
    } finally {
      await one.close();
    }
  });
});
