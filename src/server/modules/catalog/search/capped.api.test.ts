import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/client';
import { fileTestDatabase, bulkSetup } from '../../../../../test/test-db';
import { encodeCursor } from './cursor';
import { brandFacets } from './facets';
import { listProducts, type ProductPage, type ProductQuery } from './products';
import { buildListQuery } from './products';

/**
 * The capped count and the bucket-by-bucket reads (ADR 0014 §12, ADR 0015, ADR 0107): a search with a key counts
 * its first 1,000 matches, its other sorts count to 10,000 to choose a walk; each test inserts its own products,
 * apart from the engine's small fixture.
 */
const t = fileTestDatabase({ products: 50 });

const { query } = t;


const base: ProductQuery = { lang: 'zh', limit: 20 };

// Each search over 10,000 matches takes about a second on PGlite: the 10,000 rows are inserted once, before the
// tests, and the checks are split so that no test holds most of the searches.
describe('capped counts and the index walk past the cap', () => {
  let ref: { brand_id: number; category_id: number };
  const pages: ProductPage[] = [];

  beforeAll(async () => {
    [ref] = await query<{ brand_id: number; category_id: number }>(sql`select brand_id, category_id from products order by id limit 1`) as [typeof ref];
    await bulkSetup(t.db, sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      select 'CAP' || lpad(g::text, 6, '0'), '计数测试品' || repeat('甲', g % 7), 'Countcheck item' || case when g <= 1000 then ' thousand' else '' end,
        '', '', ${ref.brand_id}, ${ref.category_id}
      from generate_series(1, 10000) g`);
  });

  it('counts a key exactly up to 1,000 and reports 1,000+ beyond, the facets and the one-pass count alike', async () => {
    const thousand: ProductQuery = { ...base, key: 'countcheck item thousand', type: 3, limit: 5 };
    expect(await listProducts(t.db, thousand)).toMatchObject({ total: 1_000, totalCapped: false });
    // The other sorts show the same count, however far they count to choose their read.
    expect(await listProducts(t.db, { ...thousand, sort: 'newest' })).toMatchObject({ total: 1_000, totalCapped: false });
    await t.db.execute(sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      values ('COUNTCHECK', '编号测试', 'Item number test', '', '', ${ref.brand_id}, ${ref.category_id}),
             ('CAP999999', '计数测试品', 'Countcheck item thousand', '', '', ${ref.brand_id}, ${ref.category_id})`);
    for (const sort of ['relevance', 'newest', 'priceAsc'] as const) {
      expect(await listProducts(t.db, { ...thousand, sort }), sort).toMatchObject({ total: 1_000, totalCapped: true });
    }
    const capped = await listProducts(t.db, { ...base, key: 'countcheck', type: 3, limit: 5 });
    expect(capped).toMatchObject({ total: 1_000, totalCapped: true });
    expect(capped.items).toHaveLength(5);
    // A list without a key still counts to 10,000.
    expect(await listProducts(t.db, { ...base, brandIds: [ref.brand_id], limit: 5 })).toMatchObject({ total: 10_000, totalCapped: true });
    const facets = await brandFacets(t.db, { lang: 'zh', key: 'countcheck', type: 3 });
    expect(facets[0]!.count).toBe(1_001);
    // The search's own pass counts the same first 10,001 matches.
    const onePass = await listProducts(t.db, { ...base, key: 'countcheck', type: 3, limit: 5, facets: true });
    expect(onePass.facets?.map((f) => ({ id: f.id, count: f.count }))).toEqual(facets.map((f) => ({ id: f.id, count: f.count })));
  });

  it('pages the untyped walk without gaps, back again by cursor and by number', async () => {
    // Untyped: the exact item number first (it is in no cap's way), then the first 1,001 name
    // matches by closeness and id; every page of the same query ranks the same rows.
    let cursor: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const page: ProductPage = await listProducts(t.db, { ...base, key: 'countcheck', limit: 40, cursor });
      pages.push(page);
      cursor = page.nextCursor;
    }
    expect(pages[0]!.totalCapped).toBe(true);
    expect(pages[0]!.items[0]!.itemNo).toBe('COUNTCHECK');
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(160);
    // Of the first 1,001 matches the shortest texts come first: the 1,001st is the only one not named "… thousand".
    expect(pages[0]!.items[1]!.itemNo).toBe('CAP001001');
    // Then the shorter Chinese names (CAP g is named with g % 7 characters more), then by id.
    const rest = pages.flatMap((p) => p.items.map((i) => Number(i.itemNo.slice(3)))).slice(2);
    expect(rest).toEqual([...rest].sort((a, b) => a % 7 - b % 7 || a - b));
    for (let i = 3; i > 0; i -= 1) {
      const back = await listProducts(t.db, { ...base, key: 'countcheck', limit: 40, cursor: pages[i]!.prevCursor });
      expect(back.items.map((x) => x.id)).toEqual(pages[i - 1]!.items.map((x) => x.id));
    }
    // Numbered pages past the cap read the same rows by offset, head included, and number their cursors.
    for (const n of [1, 3, 4]) {
      const numbered = await listProducts(t.db, { ...base, key: 'countcheck', limit: 40, page: n });
      expect(numbered.page).toBe(n);
      expect(numbered.items.map((x) => x.id)).toEqual(pages[n - 1]!.items.map((x) => x.id));
    }
    expect(pages[2]!.page).toBe(3);
  });

  it('reads the last counted page past the cap, keeps an exact name first, and walks the item-number index', async () => {
    // A page number past the counted matches reads the last counted page, not the whole walk.
    const deepest = await listProducts(t.db, { ...base, key: 'countcheck', type: 3, sort: 'itemNo', limit: 40, page: 9_999 });
    expect(deepest.page).toBe(25);
    expect(deepest.items).toHaveLength(40);
    // An exact name is never cut by the cap either, wherever it lies in the table.
    await t.db.execute(sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      values ('ZZ-EXACT', '计数', 'countcheck', '', '', ${ref.brand_id}, ${ref.category_id})`);
    const exactName = await listProducts(t.db, { ...base, key: 'countcheck', type: 3, limit: 3 });
    expect(exactName.items[0]!.itemNo).toBe('ZZ-EXACT');
    // A list sorted by item number past 10,000 matches walks the item-number index.
    const byItem = await walkSome({ ...base, key: 'countcheck', type: 3, sort: 'itemNo', limit: 50 }, 3);
    const items = byItem.map((i) => i.itemNo);
    expect(items).toEqual([...items].sort());
    expect(new Set(items).size).toBe(150);
  });
});

async function walkSome(q: ProductQuery, pages: number): Promise<ProductPage['items']> {
  const out: ProductPage['items'] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i += 1) {
    const page: ProductPage = await listProducts(t.db, { ...q, cursor });
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}

describe('the name path, bucket by bucket', () => {
  let ref: { brand_id: number; category_id: number };
  const q: ProductQuery = { ...base, key: 'bucketkey', type: 3, limit: 30 };

  beforeAll(async () => {
    [ref] = await query<{ brand_id: number; category_id: number }>(sql`select brand_id, category_id from products order by id limit 1`) as [typeof ref];
    // 600 products in bucket 3, 600 in bucket 5, and an exact name alone in bucket 7.
    for (const bucket of [3, 5]) {
      await bulkSetup(t.db, sql`
        insert into products (id, item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
        select ${bucket * 100_000} + g, 'BK' || ${bucket} || '-' || g, '分桶' || g, 'Bucketkey no. ' || g, '', '', ${ref.brand_id}, ${ref.category_id}
        from generate_series(1, 600) g`);
    }
    await t.db.execute(sql`
      insert into products (id, item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      values (700001, 'BK-EXACT', '分桶键', 'Bucketkey', '', '', ${ref.brand_id}, ${ref.category_id}),
             (700002, 'BK-LAST', '末桶', 'Lastbucket only', '', '', ${ref.brand_id}, ${ref.category_id})`);
    await t.db.execute(sql`vacuum analyze products`);
  });

  it('reads buckets in order, stops at the cap, and ranks exact names and short names first', async () => {
    // Bucket 3 whole, then bucket 5 up to the 1,001st match: exactly the capped count.
    const built = await buildListQuery(t.db, q);
    expect(rowsOf<{ n: number }>(await t.db.execute(built.count!))[0]!.n).toBe(1_001);
    const first = await listProducts(t.db, q);
    expect(first).toMatchObject({ total: 1_000, totalCapped: true });
    // The exact name is in the head, so no cap drops it; then the shortest names, then by id.
    expect(first.items[0]!.itemNo).toBe('BK-EXACT');
    expect(first.items.slice(1, 10).map((i) => i.itemNo)).toEqual(['BK3-1', 'BK3-2', 'BK3-3', 'BK3-4', 'BK3-5', 'BK3-6', 'BK3-7', 'BK3-8', 'BK3-9']);
    const pages = await walkSome(q, 4);
    expect(new Set(pages.map((i) => i.id)).size).toBe(120);
    const second = await listProducts(t.db, { ...q, cursor: first.nextCursor });
    const back = await listProducts(t.db, { ...q, cursor: second.prevCursor });
    expect(back.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    // Facets count the same first 1,001 matches.
    expect((await brandFacets(t.db, { lang: 'zh', key: 'bucketkey', type: 3 }))[0]!.count).toBe(1_001);
  });

  it('keeps one position for a product found past the name path\'s cap as a brand match and through the head', async () => {
    // A brand named after the key brings its products in as brand matches (tier 4). Here the
    // exact-name product lies past the cap of the name path (physically last in its bucket), so it
    // is found as a brand match and through the head: it keeps one position, the head's.
    const [lab] = await query<{ id: number }>(sql`
      insert into brands (code, name_zh, name_en) values ('DUPLAB', '重复实验室', 'Dupcheck Labs') returning id::int as id`);
    await bulkSetup(t.db, sql`
      insert into products (id, item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      select 800000 + g, 'DUP-' || g, '重复' || g, 'Dupcheck item ' || g, '', '', ${ref.brand_id}, ${ref.category_id}
      from generate_series(1, 1050) g`);
    await t.db.execute(sql`
      insert into products (id, item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      values (800000, 'DUP-EXACT', '重复键', 'Dupcheck', '', '', ${lab!.id}, ${ref.category_id})`);
    const dup: ProductQuery = { ...base, key: 'dupcheck', type: 3, limit: 30 };
    expect((await listProducts(t.db, dup)).items[0]!.itemNo).toBe('DUP-EXACT');
    const pastNames = await listProducts(t.db, { ...dup, cursor: encodeCursor({ sort: 'relevance', dir: 'n', key: [3, 100_000, 1] }) });
    expect(pastNames.items).toEqual([]);
  });

  it('finds a key of the last bucket alone and a Chinese key over buckets, walks past the cap, and counts below it exactly', async () => {
    // A key of the last bucket alone is found, and so is a Chinese key spread over buckets.
    expect((await listProducts(t.db, { ...base, key: 'lastbucket', type: 3 })).items.map((i) => i.itemNo)).toEqual(['BK-LAST']);
    expect((await listProducts(t.db, { ...base, key: '末桶', type: 3 })).items.map((i) => i.itemNo)).toEqual(['BK-LAST']);
    const chinese = await listProducts(t.db, { ...base, key: '分桶', type: 3, limit: 3 });
    expect(chinese).toMatchObject({ total: 1_000, totalCapped: true });
    // Past the key's cap and below 10,000, a list sorted by item number collects every match bucket by bucket and sorts them.
    const byItem = await walkSome({ ...base, key: 'bucketkey', type: 3, sort: 'itemNo', limit: 50 }, 2);
    expect(byItem.map((i) => i.itemNo)).toEqual(byItem.map((i) => i.itemNo).sort());
    expect(byItem[0]!.itemNo).toBe('BK-EXACT');
    // Below the cap every bucket is read: an exact count across buckets 3, 5 and 7.
    const few = await listProducts(t.db, { ...base, key: 'bucketkey no. 59', type: 3 });
    expect(few).toMatchObject({ total: 22, totalCapped: false });
  });

  it('counts a product matched by name and by brand once, and ranks name matches before brand matches', async () => {
    const [ref] = await query<{ brand_id: number; category_id: number }>(sql`select brand_id, category_id from products order by id limit 1`);
    const [lab] = await query<{ id: number }>(sql`
      insert into brands (code, name_zh, name_en) values ('OVERLAB', '交叠实验室', 'Overlapcheck Labs') returning id::int as id`);
    // 40 products of the brand, two of them also named after it, and one of another brand named after it.
    await bulkSetup(t.db, sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      select 'OVL-' || g, '交叠' || g, case when g <= 2 then 'Overlapcheck reagent ' || g else 'Plain reagent ' || g end, '', '',
        ${lab!.id}, ${ref!.category_id}
      from generate_series(1, 40) g`);
    await t.db.execute(sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      values ('OVL-OTHER', '交叠他牌', 'Overlapcheck standard', '', '', ${ref!.brand_id}, ${ref!.category_id})`);
    const q: ProductQuery = { ...base, key: 'Overlapcheck', type: 3, limit: 7 };
    const pages = await walkSome(q, 10);
    expect(pages.map((i) => i.itemNo).slice(0, 3).sort()).toEqual(['OVL-1', 'OVL-2', 'OVL-OTHER']);
    expect(pages).toHaveLength(41);
    expect(new Set(pages.map((i) => i.id)).size).toBe(41);
    // Brand matches by id after the name matches.
    const rest = pages.slice(3).map((i) => i.id);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(await listProducts(t.db, q)).toMatchObject({ total: 41, totalCapped: false });
    const built = await buildListQuery(t.db, q);
    expect(rowsOf<{ n: number }>(await t.db.execute(built.count!))[0]!.n).toBe(41);
    const facets = await brandFacets(t.db, { lang: 'zh', key: 'Overlapcheck', type: 3 });
    expect(facets.find((f) => f.id === lab!.id)?.count).toBe(40);
    expect(facets.find((f) => f.id === ref!.brand_id)?.count).toBe(1);
  });
});
