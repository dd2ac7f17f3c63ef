import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@/server/db/client';
import { fileTestDatabase, bulkSetup } from '../../../../../test/test-db';
import { buildFacetQuery } from './facets';
import type { ProductQuery } from './products';
import { buildListQuery } from './products';
import { presetDb } from '@/server/db/client';
import { inTransaction, SEARCH_SESSION, SEARCH_SETTINGS, WALK_SETTINGS, withSearchSettings } from './settings';
import { forgetNameStatistics, presetNameStatistics, statisticsOf } from './statistics';

/**
 * Every query shape of the search engine must use an index: EXPLAIN each one, refuse a
 * sequential scan on products, and check that key searches use the index meant for them. The
 * seeded catalogue gets 20,000 filler products (names that no test key matches) and fresh
 * statistics, so that the planner weighs indexes as on a real catalogue; sequential scans are
 * also switched off (SET LOCAL), so a shape with no usable index shows up as a Seq Scan. The
 * benchmark (`npm run bench:search`) prints the plans chosen at 100k and 1M products. Runs on
 * PostgreSQL (api-postgres, with TEST_DATABASE_URL) and on PGlite.
 */

const t = fileTestDatabase({ products: 200 });
let sample: { item_no: string; cas: string; name_zh: string; name_en: string; pinyin: string; brand_en: string; brand_id: number; category_id: number };

beforeAll(async () => {
  await bulkSetup(t.db, sql`
    insert into products (item_no, cas, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id, created_at)
    select 'F' || lpad(g::text, 7, '0'), null, '填充' || g, 'Filler ' || md5(g::text), 'tianchong' || g, 'tc', b.id, c.id,
      now() - make_interval(mins => g)
    from generate_series(1, 20000) g
    cross join lateral (select id from brands order by id offset (g % 5) limit 1) b
    cross join lateral (select id from categories where leaf order by id offset (g % 7) limit 1) c`);
  // As autovacuum would: statistics, and the GIN pending lists merged into the indexes.
  await t.db.execute(sql`vacuum analyze products`);
  await t.db.execute(sql`analyze`);
  [sample] = rowsOf<typeof sample>(await t.db.execute(sql`
    select p.item_no, p.cas, p.name_zh, p.name_en, p.pinyin, b.name_en as brand_en, p.brand_id::int as brand_id, p.category_id::int as category_id
    from products p join brands b on b.id = p.brand_id
    where p.cas is not null and char_length(p.name_zh) >= 4 and p.pinyin <> '' order by p.id limit 1`)) as [typeof sample];
});

async function plan(query: SQL, settings: readonly string[]): Promise<string> {
  return t.db.transaction(async (tx) => {
    for (const s of ['set local enable_seqscan = off', ...settings]) await tx.execute(sql.raw(s));
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`));
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

function expectIndexed(name: string, text: string, index?: RegExp): void {
  expect(text, `${name}\n${text}`).not.toMatch(/Seq Scan on products/);
  expect(text, `${name}\n${text}`).toMatch(/Index Cond|Bitmap Index Scan|Index Only Scan|Index Scan using/);
  if (index) expect(text, `${name}\n${text}`).toMatch(index);
}

const ITEM = /products_item_no_(prefix_idx|uq|active_idx)/;
const CAS = /products_cas_(prefix_)?idx/;
const SUBSTR = /products_search_substr_idx/;
const GRAMS = /products_search_grams_idx/;

type Shape = [string, Omit<ProductQuery, 'lang' | 'limit'>, RegExp | undefined];
const shapes = (): Shape[] => [
  ['item number exact', { key: sample.item_no, type: 1 }, ITEM],
  ['item number prefix', { key: sample.item_no.slice(0, 3), type: 1 }, ITEM],
  ['CAS exact', { key: sample.cas, type: 2 }, CAS],
  ['CAS without hyphens', { key: sample.cas.replace(/-/g, ''), type: 2 }, CAS],
  ['CAS partial', { key: sample.cas.split('-')[0] ?? '', type: 2 }, CAS],
  ['Chinese name 3+', { key: sample.name_zh.slice(0, 4), type: 3 }, SUBSTR],
  ['English name 3+', { key: sample.name_en.slice(0, 6), type: 3 }, SUBSTR],
  ['pinyin', { key: sample.pinyin.slice(0, 6), type: 3 }, SUBSTR],
  ['one Chinese character', { key: [...sample.name_zh].find((c) => /[\u4e00-\u9fff]/.test(c)) ?? '酸', type: 3 }, SUBSTR],
  ['two Chinese characters', { key: '甲酸', type: 3 }, SUBSTR],
  ['two Latin letters', { key: 'bj', type: 3 }, GRAMS],
  ['brand name', { key: sample.brand_en, type: 3 }, SUBSTR],
  ['untyped key', { key: sample.item_no }, ITEM],
  ['name with filters', { key: sample.name_en.slice(0, 6), type: 3, categoryId: sample.category_id, brandIds: [sample.brand_id], inStock: true }, undefined],
  ['name sorted newest', { key: sample.name_en.slice(0, 6), type: 3, sort: 'newest' }, SUBSTR],
  ['name sorted by item number', { key: sample.name_en.slice(0, 6), type: 3, sort: 'itemNo' }, SUBSTR],
  ['list newest', { sort: 'newest' }, /products_newest_idx/],
  ['list by item number', { sort: 'itemNo' }, ITEM],
  ['name sorted by price', { key: sample.name_en.slice(0, 6), type: 3, sort: 'priceAsc' }, SUBSTR],
  ['list price ascending', { sort: 'priceAsc' }, /products_price_asc_idx/],
  ['list price descending', { sort: 'priceDesc' }, /products_price_desc_idx/],
  ['list price descending, hot', { sort: 'priceDesc', flag: 'hot' }, undefined],
  ['category list', { categoryId: sample.category_id }, undefined],
  ['brand list in stock', { brandIds: [sample.brand_id], inStock: true }, undefined],
  ['new products', { flag: 'new' }, undefined],
  ['special products', { flag: 'special', sort: 'itemNo' }, undefined],
];

describe('every search query shape can use an index', () => {
  it('page, walk, count and facet queries (and the page with its facets) never scan products sequentially', async () => {
    let checked = 0;
    for (const [name, shape, index] of shapes()) {
      const q: ProductQuery = { lang: 'zh', limit: 20, ...shape };
      const built = await buildListQuery(t.db, q);
      expect(built.count, name).not.toBeNull();
      // The ranked pass and the count read the key's own index; the walk reads the sort's index.
      if (built.ranked) {
        expectIndexed(`${name} (ranked)`, await plan(built.ranked, []), index);
        // The search page's statement: the same pass, with the brand facets of its matches.
        const withFacets = await buildListQuery(t.db, { ...q, facets: true });
        expectIndexed(`${name} (ranked, facets)`, await plan(withFacets.ranked!, []), index);
      }
      if (built.walk) {
        const walk = await plan(built.walk, WALK_SETTINGS);
        expectIndexed(`${name} (page)`, walk, built.prepared.key || !index ? undefined : index);
      }
      if (built.collect) expectIndexed(`${name} (collect)`, await plan(built.collect, []), built.prepared.key ? index : undefined);
      expectIndexed(`${name} (count)`, await plan(built.count!, []), built.prepared.key ? index : undefined);
      const facets = await buildFacetQuery(t.db, { lang: 'zh', ...shape });
      if (facets) expectIndexed(`${name} (facets)`, await plan(facets, []), built.prepared.key ? index : undefined);
      checked += 1;
    }
    expect(checked).toBe(shapes().length);
  });

  it('reads Chinese and 3+ character keys through the substring index, and 1–2 Latin characters through the grams', async () => {
    const short = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: '甲酸', type: 3 });
    expectIndexed('two Chinese characters', await plan(short.count!, []), SUBSTR);
    const latin = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: 'bj', type: 3 });
    expectIndexed('two Latin letters', await plan(latin.count!, []), GRAMS);
    const long = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: 'tianchong12', type: 3 });
    expectIndexed('3+ characters', await plan(long.count!, []), SUBSTR);
    // A brand's products are counted from one of the brands' partial indexes led by the brand (its ids, or one of its
    // lanes: ADR 0078, 0088), whichever the planner finds cheapest.
    const brand = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: sample.brand_en, type: 3 });
    expectIndexed('brand name', await plan(brand.count!, []), /products_brand_(active|newest|item_no|price_asc|price_desc)_idx/);
    // Read bucket by bucket: a nested loop over the buckets, the index read once per bucket.
    expect(await plan(long.ranked!, [])).toMatch(/Nested Loop[\s\S]*generate_series[\s\S]*Bitmap Index Scan on products_search_substr_idx/);
    // The ranked pass reads the exact-name indexes for the rows no cap may drop.
    expectIndexed('ranked head', await plan(long.ranked!, []), /products_name_en_exact_idx/);
    const sorted = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: 'tianchong12', type: 3, sort: 'newest' });
    expectIndexed('walk by newest', await plan(sorted.walk!, WALK_SETTINGS), /products_newest_idx/);
    // Price sorts walk the stored lowest price's indexes like any other sort.
    const cheapest = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: 'tianchong12', type: 3, sort: 'priceAsc' });
    expectIndexed('walk by price', await plan(cheapest.walk!, WALK_SETTINGS), /products_price_asc_idx/);
    const dearest = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: 'tianchong12', type: 3, sort: 'priceDesc' });
    expectIndexed('walk by price, descending', await plan(dearest.walk!, WALK_SETTINGS), /products_price_desc_idx/);
  });

  it('applies the planner settings before the work sent with them', async () => {
    for (let i = 0; i < 5; i += 1) {
      const seen = await inTransaction(t.db, SEARCH_SETTINGS, async (tx) =>
        rowsOf<{ s: string }>(await tx.execute(sql`select current_setting('enable_seqscan') as s`))[0]);
      expect(seen?.s).toBe('off');
    }
  });

  it('runs search work under the settings: alone through a preset pool on PostgreSQL, in a transaction on PGlite', async () => {
    const settingsOf = async (db: typeof t.db) => rowsOf<{ seq: string; jit: string; ahead: string }>(await db.execute(sql`
      select current_setting('enable_seqscan') as seq, current_setting('jit') as jit,
        current_setting('effective_io_concurrency') as ahead`))[0];
    const preset = presetDb(t.db, SEARCH_SESSION);
    expect(preset === null).toBe(t.driver === 'pglite');
    // One pool per set of settings, opened once.
    if (preset) expect(presetDb(t.db, { ...SEARCH_SESSION })).toBe(preset);
    // Heap pages of a bitmap read asked for 256 ahead (ADR 0101).
    for (let i = 0; i < 3; i += 1) expect(await withSearchSettings(t.db, settingsOf)).toEqual({ seq: 'off', jit: 'off', ahead: '256' });
    // The application's own sessions keep the server's planner.
    const own = await settingsOf(t.db);
    expect(own?.seq).toBe('on');
    expect(own?.ahead).not.toBe('256');
    // Inside a transaction there is no preset pool: SET LOCAL, gone with the transaction.
    await t.db.transaction(async (tx) => {
      expect(presetDb(tx, SEARCH_SESSION)).toBeNull();
      expect((await withSearchSettings(tx, settingsOf))?.seq).toBe('off');
    });
    expect((await settingsOf(t.db))?.seq).toBe('on');
  });

  it('reads a rare name key of every bucket through the substring index, whatever its estimate (ADR 0100)', async () => {
    // Keys in no product, so the sampled statistics call them rare (ADR 0077): one prefix, and two chunks.
    for (const key of ['zqxjvk', 'zqxjvkwpybhd']) {
      const built = await buildListQuery(t.db, { lang: 'zh', limit: 20, key, type: 3, facets: true });
      const text = await plan(built.ranked!, SEARCH_SETTINGS);
      // The one scan: planned for all its rows (no LIMIT of its own), through the substring index's bitmap.
      const scan = /\n {10}CTE one_all\n[\s\S]*?(?=\n {10}CTE )/.exec(text)?.[0] ?? '';
      expect(scan, text).toMatch(/^\s+CTE one_all\n\s+->  Bitmap Heap Scan on products/);
      expect(scan, text).toMatch(/Bitmap Index Scan on products_search_substr_idx/);
      // Its query is a value the planner cannot estimate from (ADR 0100): not the lexemes of every bucket OR-ed.
      expect(scan, text).toMatch(/InitPlan/);
      expect(scan, text).not.toMatch(/Index Scan using|products_(category|brand)_/);
    }
  });

  it('reads a long key planned from its long grams through their index, in one scan (ADR 0104)', async () => {
    // Planned as if the catalogue were a million products in 131 buckets, where each bucket's entries cost more.
    const texts = rowsOf<{ t: string }>(await t.db.execute(sql`select search_text as t from products where active limit 5000`)).map((r) => r.t);
    presetNameStatistics(t.db, statisticsOf(texts, 1_000_000, 130));
    try {
      const built = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: 'zqxjvkwpybhdmzqxjvk', type: 3, facets: true });
      const text = await plan(built.ranked!, SEARCH_SETTINGS);
      const scan = /\n {10}CTE one_all\n[\s\S]*?(?=\n {10}CTE )/.exec(text)?.[0] ?? '';
      expect(scan, text).toMatch(/^\s+CTE one_all\n\s+->  Bitmap Heap Scan on products/);
      expect(scan, text).toMatch(/Bitmap Index Scan on products_search_long_idx/);
      expect(scan, text).toMatch(/InitPlan/);
      expect(scan, text).not.toMatch(/products_search_substr_idx|Index Scan using|products_(category|brand)_/);
    } finally {
      forgetNameStatistics(t.db);
    }
  });

  it('reads the head only when the matches pass the cap', async () => {
    const built = await buildListQuery(t.db, { lang: 'zh', limit: 20, key: sample.item_no.slice(0, 3), type: 1 });
    const text = await withSearchSettings(t.db, async (s) => rowsOf<Record<string, string>>(
      await s.execute(sql`explain (analyze, costs off, timing off, summary off) ${built.ranked!}`)).map((r) => Object.values(r)[0]).join('\n'));
    // Below the cap every match is in `found` already: the head's index scans never run.
    const head = /\n {2}CTE head\n[\s\S]*?(?=\n {2}\S)/.exec(text)?.[0] ?? '';
    expect(head, text).toMatch(/Bitmap Index Scan on products_item_no/);
    expect(head, text).toMatch(/never executed/);
    expect(head, text).not.toMatch(/Index[^\n]*\(actual rows=[1-9]/);
  });
});
