import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import { isPostgresPool, rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../../test/api';
import { adminProductsHarness } from '../../../../../test/admin-products';
import { findBrandFacets, findProducts } from '../browse';
import { getBrandDetail } from '../brands';
import { foldCatalogueCounts } from '../kept-counts';
import { countCatalogue } from '../queries';

/**
 * The kept catalogue counts (ADR 0078): after every kind of change of products — back-office saves of products
 * and packs (stock, prices, category, brand, flags, promotion windows, withdrawal), bulk flag changes, deletions,
 * set-based writes of many rows as the import and the generator make them — the kept counts (`catalogue_count_rows`:
 * the folded counts and the changes not folded yet, ADR 0079) equal a count of
 * the products made afresh, and the lists without a key answer the totals and brand facets a fresh count gives.
 * PGlite and PostgreSQL.
 */
const h = fileApiHarness();
const { ids, product, create } = adminProductsHarness(h);
// Products without a structure: the counts do not depend on one, and the structure worker is not what this file tests.

interface CountRow { category_id: number; brand_id: number; products: number; in_stock: number; hot: number; hot_in_stock: number; new: number; new_in_stock: number; special: number; special_in_stock: number }

const COLUMNS = 'category_id::int as category_id, brand_id::int as brand_id';

const FIGURES = ['products', 'in_stock', 'hot', 'hot_in_stock', 'new', 'new_in_stock', 'special', 'special_in_stock'];

/** The kept counts per category and brand, as readers read them: `from` is the view (folded and not) or one of its tables. */
async function kept(from = 'catalogue_count_rows'): Promise<CountRow[]> {
  return rowsOf<CountRow>(await h.db.db.execute(sql.raw(`
    select ${COLUMNS}, ${FIGURES.map((f) => `sum(${f})::int as ${f}`).join(', ')} from ${from}
    group by category_id, brand_id
    having ${FIGURES.map((f) => `sum(${f}) <> 0`).join(' or ')}
    order by category_id, brand_id`)));
}

async function changesLeft(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from catalogue_count_changes`));
  return Number(row!.n);
}

/** Pages of the changes' table on disk: what a count reads of it, dead rows included. */
async function changesPages(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select (pg_relation_size('catalogue_count_changes') / current_setting('block_size')::int)::int as n`));
  return Number(row!.n);
}

/** The same figures counted from the products now. */
async function fresh(): Promise<CountRow[]> {
  const open = 'promo_starts_at is null and promo_ends_at is null';
  return rowsOf<CountRow>(await h.db.db.execute(sql.raw(`
    select ${COLUMNS}, count(*)::int as products, count(*) filter (where in_stock)::int as in_stock,
      count(*) filter (where is_hot and ${open})::int as hot, count(*) filter (where is_hot and ${open} and in_stock)::int as hot_in_stock,
      count(*) filter (where is_new and ${open})::int as new, count(*) filter (where is_new and ${open} and in_stock)::int as new_in_stock,
      count(*) filter (where is_special and ${open})::int as special, count(*) filter (where is_special and ${open} and in_stock)::int as special_in_stock
    from products where active group by category_id, brand_id order by category_id, brand_id`)));
}

async function expectKeptRight(): Promise<void> {
  expect(await kept()).toEqual(await fresh());
}

async function save(p: AdminProductDto, over: Record<string, unknown>): Promise<AdminProductDto> {
  const res = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: ids.admin, json: product({ itemNo: p.itemNo, smiles: null, ...over }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AdminProductDto;
}

const WINDOW = '(p.promo_starts_at is null or p.promo_starts_at <= now()) and (p.promo_ends_at is null or p.promo_ends_at > now())';

/** A list's total and brand facets counted afresh from the products (a flag only inside its promotion window). */
async function freshList(where: string, flagged: boolean): Promise<{ total: number; facets: { id: number; count: number }[] }> {
  const rows = rowsOf<{ id: number; n: number }>(await h.db.db.execute(sql.raw(`
    select p.brand_id::int as id, count(*)::int as n from products p
    where p.active and ${where} and ${flagged ? WINDOW : 'true'}
    group by p.brand_id order by n desc, p.brand_id`)));
  return { total: rows.reduce((s, r) => s + Number(r.n), 0), facets: rows.map((r) => ({ id: Number(r.id), count: Number(r.n) })) };
}

describe('kept catalogue counts', () => {
  it('hold the seeded catalogue as the first fill or the triggers left it', async () => {
    expect((await kept()).length).toBeGreaterThan(0);
    await expectKeptRight();
  });

  it('follow back-office saves: new products, stock, prices, category, brand, flags, windows, withdrawal and deletion', async () => {
    const [other] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id::int as id from categories where leaf and id <> ${ids.leafId} order by id limit 1`));
    const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id::int as id from brands where id <> ${ids.brandId} order by id limit 1`));
    let p = await create({ smiles: null, itemNo: 'T-SUM-1', isHot: true });
    const q = await create({ smiles: null, itemNo: 'T-SUM-2', isSpecial: true, packs: [{ size: '1 g', price: '5', leadTimeDays: 0, stock: 0 }] });
    await expectKeptRight();
    // Stock to nothing, then back; a price alone.
    p = await save(p, { isHot: true, packs: p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: 0, stock: 0 })) });
    await expectKeptRight();
    p = await save(p, { isHot: true, packs: p.packs.map((k) => ({ id: k.id, size: k.size, price: '77', leadTimeDays: 0, stock: 3 })) });
    await expectKeptRight();
    // Another category and brand, a promotion window (then counted live), withdrawn, back again.
    p = await save(p, { isHot: true, categoryId: other!.id, brandId: brand!.id });
    await expectKeptRight();
    p = await save(p, { isHot: true, categoryId: other!.id, brandId: brand!.id, promoStartsAt: '2020-01-01T00:00:00.000Z', promoEndsAt: '2099-01-01T00:00:00.000Z' });
    await expectKeptRight();
    p = await save(p, { isHot: false, active: false, categoryId: other!.id, brandId: brand!.id });
    await expectKeptRight();
    p = await save(p, { isNew: true, active: true });
    await expectKeptRight();
    // Bulk flags, then deletion.
    const bulk = await h.call('POST', '/api/admin/catalog/products/bulk', { token: ids.admin, json: { ids: [p.id, q.id], set: { isHot: true, isSpecial: false } } });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    await expectKeptRight();
    const removed = await h.call('DELETE', `/api/admin/catalog/products/${q.id}`, { token: ids.admin });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    await expectKeptRight();
  });

  it('follow set-based writes of many rows, as the import and the generator make them, and pack stock changed alone', async () => {
    await h.db.db.execute(sql`
      insert into products (item_no, name_zh, name_en, brand_id, category_id, is_hot, is_new, is_special, in_stock, active)
      select 'T-SUMB-' || g, '批量' || g, 'Bulk ' || g, b.id, c.id, g % 3 = 0, g % 4 = 0, g % 5 = 0, g % 2 = 0, g % 7 <> 0
      from generate_series(1, 60) g
      cross join lateral (select id from brands order by id offset (g % 3) limit 1) b
      cross join lateral (select id from categories where leaf order by id offset (g % 4) limit 1) c`);
    await expectKeptRight();
    await h.db.db.execute(sql`
      update products set is_hot = not is_hot, category_id = (select id from categories where leaf order by id limit 1), active = true
      where item_no like 'T-SUMB-%' and id % 2 = 0`);
    await expectKeptRight();
    // Packs added to products without any, and stock taken away from others: the packs' triggers set in_stock.
    await h.db.db.execute(sql`
      insert into product_packs (product_id, size, price, stock) select id, '1 g', 9, 4 from products where item_no like 'T-SUMB-%' and not in_stock`);
    await h.db.db.execute(sql`
      update product_packs set stock = 0 where product_id in (select id from products where item_no like 'T-SUMB-1%')`);
    await expectKeptRight();
    await h.db.db.execute(sql`delete from products where item_no like 'T-SUMB-2%'`);
    await expectKeptRight();
  });

  it('fold the changes into the kept counts without changing what readers count, and fold nothing twice', async () => {
    await h.db.db.execute(sql`
      insert into products (item_no, name_zh, name_en, brand_id, category_id, is_hot, in_stock, active)
      select 'T-SUMF-' || g, '折叠' || g, 'Fold ' || g, ${ids.brandId}, ${ids.leafId}, g % 2 = 0, g % 3 = 0, true from generate_series(1, 9) g`);
    await h.db.db.execute(sql`update products set in_stock = not in_stock where item_no like 'T-SUMF-%'`);
    expect(await changesLeft()).toBeGreaterThan(0);
    expect(await changesPages()).toBeGreaterThan(0);
    const before = await kept();
    expect(await foldCatalogueCounts(h.db.db)).toBeGreaterThan(0);
    expect(await changesLeft()).toBe(0);
    // The removed changes are vacuumed away with the fold, not left for a vacuum that may never come (PGlite has none).
    expect(await changesPages()).toBe(0);
    expect(await kept()).toEqual(before);
    expect(await kept('catalogue_counts')).toEqual(before);
    await expectKeptRight();
    expect(await foldCatalogueCounts(h.db.db)).toBe(0);
    expect(await kept('catalogue_counts')).toEqual(before);
  });

  it('never make two writers of products of one category and brand wait for each other (PostgreSQL)', async (ctx) => {
    const db = h.db.db;
    if (!isPostgresPool(db)) ctx.skip();
    // The first writer holds its transaction open, its products written; the second writes products of the same
    // category and brand and must not wait for it (a count updated in place would hold it until the first commits).
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => { written = resolve; });
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`insert into products (item_no, name_zh, name_en, brand_id, category_id, in_stock) values ('T-SUMC-1', '甲', 'A', ${ids.brandId}, ${ids.leafId}, true)`);
      written();
      await held;
    });
    await wrote;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '3s'`);
        await tx.execute(sql`insert into products (item_no, name_zh, name_en, brand_id, category_id, in_stock) values ('T-SUMC-2', '乙', 'B', ${ids.brandId}, ${ids.leafId}, true)`);
        await tx.execute(sql`update products set is_hot = true where item_no = 'T-SUMC-2'`);
      });
    } finally {
      release();
      await first;
    }
    await expectKeptRight();
    await foldCatalogueCounts(db);
    await expectKeptRight();
  });

  it('answer the lists without a key as a fresh count does: totals and facets, in stock or not, flags inside their window', async () => {
    const db = h.db.db;
    // A hot product whose window has ended and one whose window holds: only the second counts.
    await create({ smiles: null, itemNo: 'T-SUM-W1', isHot: true, promoStartsAt: '2020-01-01T00:00:00.000Z', promoEndsAt: '2021-01-01T00:00:00.000Z' });
    await create({ smiles: null, itemNo: 'T-SUM-W2', isHot: true, promoStartsAt: '2020-01-01T00:00:00.000Z', promoEndsAt: null });
    const [parent] = rowsOf<{ id: number }>(await db.execute(sql`select parent_id::int as id from categories where id = ${ids.leafId}`));
    const [top] = rowsOf<{ id: number }>(await db.execute(sql`select id::int as id from categories where parent_id is null order by id limit 1`));
    const tree = (id: number) => `with recursive t as (select id from categories where id = ${id} union all select c.id from categories c join t on c.parent_id = t.id) select id from t`;
    const cases: [Parameters<typeof findProducts>[1], string][] = [
      [{ flag: 'hot', limit: 20 }, 'p.is_hot'],
      [{ flag: 'hot', inStock: true, limit: 20 }, 'p.is_hot and p.in_stock'],
      [{ flag: 'special', limit: 20 }, 'p.is_special'],
      [{ categoryId: ids.leafId, limit: 20 }, `p.category_id = ${ids.leafId}`],
      [{ categoryId: ids.leafId, inStock: true, limit: 20 }, `p.category_id = ${ids.leafId} and p.in_stock`],
      [{ categoryId: parent!.id, limit: 20 }, `p.category_id in (${tree(parent!.id)})`],
      [{ categoryId: top!.id, inStock: true, limit: 20 }, `p.in_stock and p.category_id in (${tree(top!.id)})`],
      [{ brandIds: [ids.brandId], limit: 12 }, `p.brand_id = ${ids.brandId}`],
    ];
    for (const [filter, where] of cases) {
      const expected = await freshList(where, Boolean(filter.flag));
      const page = await findProducts(db, filter, 'zh');
      expect(page.total, JSON.stringify(filter)).toBe(Math.min(expected.total, 10_000));
      const { limit: _l, brandIds, ...facetFilter } = filter;
      if (!brandIds) {
        const facets = await findBrandFacets(db, facetFilter, 'zh');
        expect(facets.map((f) => ({ id: f.id, count: f.count })), JSON.stringify(filter)).toEqual(expected.facets.slice(0, 50));
      }
      // The page is the newest of the matches, as a fresh read orders them.
      const newest = rowsOf<{ id: number }>(await db.execute(sql.raw(`
        select p.id::int as id from products p where p.active and ${where} and ${filter.flag ? WINDOW : 'true'}
        order by p.created_at desc, p.id desc limit ${filter.limit}`)));
      expect(page.items.map((i) => i.id), JSON.stringify(filter)).toEqual(newest.map((r) => Number(r.id)));
    }
    const brand = await getBrandDetail(db, { id: ids.brandId, lang: 'zh' });
    expect(brand?.productCount).toBe((await freshList(`p.brand_id = ${ids.brandId}`, false)).total);
    const [active] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where active`));
    expect((await countCatalogue(db)).products).toBe(Number(active!.n));
  });
});
