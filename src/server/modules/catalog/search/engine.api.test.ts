import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileTestDatabase } from '../../../../../test/test-db';
import { listFlaggedProducts } from '../queries';
import { searchBrands } from './brands';
import { InvalidCursorError, type ProductSort } from './cursor';
import { brandFacets } from './facets';
import { listProducts, type ProductPage, type ProductQuery } from './products';
import { suggestProducts } from './suggest';

const t = fileTestDatabase({ products: 400 });

interface Row {
  id: number;
  item_no: string;
  cas: string | null;
  name_zh: string;
  name_en: string;
  pinyin: string;
  pinyin_initials: string;
  synonyms: string;
  brand_id: number;
  category_id: number;
}

const { query } = t;

let all: Row[] = [];

/** A few products of our own with awkward names, and one inactive one. */
async function insertSpecial(): Promise<void> {
  const [ref] = await query<{ brand_id: number; category_id: number }>(sql`select brand_id, category_id from products order by id limit 1`);
  const values = [
    ['ZZ-100', '百分之百%纯_试剂\\测试', '100% pure_reagent\\test', true],
    ['ZZ-101', '百分之百纯度试剂', '100 pure reagent', true],
    ['ZZ-102', '引号\'"测试;=,', 'Quote\'s "test";=,', true],
    ['ZZ-103', '下架测试试剂', 'Retired test reagent', false],
  ] as const;
  for (const [itemNo, zh, en, active] of values) {
    await t.db.execute(sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id, active)
      values (${itemNo}, ${zh}, ${en}, '', '', ${ref?.brand_id}, ${ref?.category_id}, ${active})`);
  }
}

beforeAll(async () => {
  await insertSpecial();
  all = await query<Row>(sql`
    select id::int as id, item_no, cas, name_zh, name_en, pinyin, pinyin_initials, synonyms, brand_id::int as brand_id, category_id::int as category_id
    from products where active order by id`);
});

const base: ProductQuery = { lang: 'zh', limit: 20 };

/** Every page of a query, following nextCursor. */
async function walk(q: ProductQuery): Promise<{ pages: ProductPage[]; ids: number[] }> {
  const pages: ProductPage[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 500; i += 1) {
    const page: ProductPage = await listProducts(t.db, { ...q, cursor });
    pages.push(page);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { pages, ids: pages.flatMap((p) => p.items.map((x) => x.id)) };
}

describe('item number search', () => {
  it('ranks the exact item number first and matches case-insensitively', async () => {
    const target = all.find((r) => /^[A-Z]+\d+$/.test(r.item_no));
    expect(target).toBeDefined();
    const page = await listProducts(t.db, { ...base, key: target!.item_no.toLowerCase(), type: 1 });
    expect(page.items[0]?.id).toBe(target!.id);
    expect(page.notice).toBeNull();
  });

  it('matches by prefix, with every hit starting with the prefix', async () => {
    const prefix = all[0]!.item_no.slice(0, 2);
    const expected = all.filter((r) => r.item_no.startsWith(prefix)).length;
    const { ids, pages } = await walk({ ...base, key: prefix, type: 1, limit: 50 });
    expect(ids).toHaveLength(expected);
    expect(pages[0]?.total).toBe(expected);
    for (const p of pages) for (const item of p.items) expect(item.itemNo.startsWith(prefix)).toBe(true);
  });
});

describe('CAS search', () => {
  const withCas = (): Row => all.find((r) => r.cas && all.filter((x) => x.cas === r.cas).length >= 1)!;

  it('accepts a CAS number with or without hyphens', async () => {
    const target = withCas();
    const expected = all.filter((r) => r.cas === target.cas).map((r) => r.id).sort((a, b) => a - b);
    for (const key of [target.cas!, target.cas!.replace(/-/g, '')]) {
      const page = await listProducts(t.db, { ...base, key, type: 2, limit: 100 });
      expect(page.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(expected);
      expect(page.items.every((i) => i.cas === target.cas)).toBe(true);
    }
  });

  it('reports a wrong check digit instead of searching', async () => {
    const target = withCas();
    const wrong = target.cas!.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    for (const q of [{ key: wrong, type: 2 as const }, { key: wrong }, { key: wrong.replace(/-/g, ''), type: 2 as const }]) {
      const page = await listProducts(t.db, { ...base, ...q });
      expect(page).toMatchObject({ items: [], total: 0, totalCapped: false, notice: 'casCheckDigit', nextCursor: null });
    }
  });

  it('prefix-matches a partial CAS number', async () => {
    const target = withCas();
    const partial = target.cas!.split('-')[0]!;
    const expected = all.filter((r) => r.cas?.startsWith(partial)).length;
    const page = await listProducts(t.db, { ...base, key: `${partial}-`, type: 2, limit: 100 });
    expect(page.total).toBe(expected);
    expect(page.items.some((i) => i.id === target.id)).toBe(true);
  });
});

describe('name search', () => {
  const idsOf = (p: ProductPage): number[] => p.items.map((i) => i.id);

  it('finds Chinese and English names (3+ characters), case-insensitively', async () => {
    const target = all.find((r) => [...r.name_zh].length >= 4 && /^[\u4e00-\u9fff]+$/.test(r.name_zh))!;
    const zh = await listProducts(t.db, { ...base, key: target.name_zh, type: 3, limit: 100 });
    expect(idsOf(zh)).toContain(target.id);
    const en = await listProducts(t.db, { ...base, key: target.name_en.toUpperCase(), type: 3, limit: 100, lang: 'en' });
    expect(idsOf(en)).toContain(target.id);
    expect(en.items.find((i) => i.id === target.id)?.name).toBe(target.name_en);
  });

  it('finds pinyin, pinyin initials and synonyms', async () => {
    const target = all.find((r) => r.pinyin.length >= 6 && r.pinyin_initials.length >= 3)!;
    expect(idsOf(await listProducts(t.db, { ...base, key: target.pinyin, type: 3, limit: 100 }))).toContain(target.id);
    expect(idsOf(await listProducts(t.db, { ...base, key: target.pinyin_initials, type: 3, limit: 100 }))).toContain(target.id);
    const withSynonym = all.find((r) => r.synonyms.length >= 4)!;
    const synonym = withSynonym.synonyms.split('; ')[0]!;
    expect(idsOf(await listProducts(t.db, { ...base, key: synonym, type: 3, limit: 100 }))).toContain(withSynonym.id);
  });

  it('finds one and two Chinese characters through the grams', async () => {
    const target = all.find((r) => /[\u4e00-\u9fff]{2}/.test(r.name_zh))!;
    const two = /[\u4e00-\u9fff]{2}/.exec(target.name_zh)![0];
    const one = two.charAt(0);
    for (const key of [one, two]) {
      const expected = all.filter((r) => r.name_zh.toLowerCase().includes(key) || r.synonyms.toLowerCase().includes(key)
        || r.pinyin_initials.includes(key)).map((r) => r.id);
      const { ids, pages } = await walk({ ...base, key, type: 3, limit: 100 });
      // Brand names may add products; every name match must be there.
      for (const id of expected) expect(ids).toContain(id);
      expect(pages[0]!.total).toBeGreaterThanOrEqual(expected.length);
    }
  });

  it('returns the products of a brand whose name matches', async () => {
    const [brand] = await query<{ id: number; name_en: string; name_zh: string }>(sql`
      select b.id::int as id, b.name_en, b.name_zh from brands b where exists (select 1 from products p where p.brand_id = b.id and p.active) order by b.id limit 1`);
    const expected = all.filter((r) => r.brand_id === brand!.id).map((r) => r.id);
    for (const key of [brand!.name_en, brand!.name_zh]) {
      const { ids } = await walk({ ...base, key, type: 3, limit: 100 });
      for (const id of expected) expect(ids).toContain(id);
    }
  });

  it('ranks exact item number, exact CAS and prefixes before name matches', async () => {
    const target = all.find((r) => r.cas)!;
    const page = await listProducts(t.db, { ...base, key: target.item_no });
    expect(page.items[0]?.id).toBe(target.id);
    const byCas = await listProducts(t.db, { ...base, key: target.cas!, limit: 100 });
    const casIds = all.filter((r) => r.cas === target.cas).map((r) => r.id).sort((a, b) => a - b);
    expect(byCas.items.slice(0, casIds.length).map((i) => i.id)).toEqual(casIds);
  });
});

describe('bad and hostile keys', () => {
  const hostile = [
    '%', '_', '\\', '%%%', '__', "'", '"', "'; drop table products; --", 'a\u0000b', '\u0000', '.*', '(a|b)+', '[^x]', '$1', '\\%_',
    'x'.repeat(60), '苯'.repeat(60), '😀😀', 'null', 'undefined', '{"a":1}', 'ARRAY[1]', '@>',
  ];

  it('never errors and never treats LIKE wildcards as wildcards', async () => {
    for (const key of hostile) {
      for (const type of [undefined, 1, 2, 3] as const) {
        const page = await listProducts(t.db, { ...base, key, type });
        // A key of control characters only is empty after cleaning: the plain list.
        if (key.replace(/\u0000/g, '').trim()) expect(page.total, `${key} ${type}`).toBeLessThan(all.length);
      }
      await brandFacets(t.db, { lang: 'zh', key });
      await suggestProducts(t.db, { lang: 'zh', key, limit: 5 });
      await searchBrands(t.db, { lang: 'zh', key, offset: 0, limit: 10 });
    }
    const [{ n }] = await query<{ n: number }>(sql`select count(*)::int as n from products`) as [{ n: number }];
    expect(n).toBe(all.length + 1);
  });

  it('matches %, _ and backslash literally', async () => {
    const page = await listProducts(t.db, { ...base, key: '100% pure_', type: 3 });
    expect(page.items.map((i) => i.itemNo)).toEqual(['ZZ-100']);
    const slash = await listProducts(t.db, { ...base, key: 'reagent\\test', type: 3 });
    expect(slash.items.map((i) => i.itemNo)).toEqual(['ZZ-100']);
    const quote = await listProducts(t.db, { ...base, key: 'quote\'s "test";=,', type: 3 });
    expect(quote.items.map((i) => i.itemNo)).toEqual(['ZZ-102']);
  });

  it('never returns inactive products', async () => {
    const page = await listProducts(t.db, { ...base, key: '下架测试', type: 3 });
    expect(page.total).toBe(0);
    const item = await listProducts(t.db, { ...base, key: 'ZZ-103', type: 1 });
    expect(item.items).toEqual([]);
  });

  it('matches nothing for ids PostgreSQL cannot hold, and tames odd limits', async () => {
    for (const categoryId of [0, -1, 1.5, 2 ** 31, Number.NaN]) {
      expect((await listProducts(t.db, { ...base, categoryId })).total).toBe(0);
    }
    expect((await listProducts(t.db, { ...base, brandIds: [2 ** 40, -3] })).total).toBe(0);
    expect((await listProducts(t.db, { ...base, limit: Number.NaN })).items).toHaveLength(20);
    expect((await listProducts(t.db, { ...base, limit: 10_000 })).items).toHaveLength(100);
    expect((await listProducts(t.db, { ...base, limit: 0 })).items).toHaveLength(1);
    expect((await searchBrands(t.db, { lang: 'en', key: 'a', offset: Number.NaN, limit: Number.NaN })).items.length).toBeGreaterThan(0);
  });

  it('answers an empty key as a plain list', async () => {
    const page = await listProducts(t.db, { ...base, key: '   ' });
    expect(page.total).toBe(all.length);
  });
});

describe('keyset pages', () => {
  const sorts: ProductSort[] = ['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc'];

  it.each(sorts)('walks every page of sort %s forwards and back without gaps or repeats', async (sort) => {
    const q: ProductQuery = { ...base, sort, limit: 37, ...(sort === 'relevance' ? { key: 'acid' } : {}) };
    const { pages, ids } = await walk(q);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(pages[0]!.total);
    if (sort !== 'relevance') expect(ids).toHaveLength(all.length);
    expect(pages[0]!.prevCursor).toBeNull();
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // Back from the last page reproduces every earlier page.
    for (let i = pages.length - 1; i > 0; i -= 1) {
      const back = await listProducts(t.db, { ...q, cursor: pages[i]!.prevCursor });
      expect(back.items.map((x) => x.id)).toEqual(pages[i - 1]!.items.map((x) => x.id));
      expect(back.nextCursor).not.toBeNull();
      if (i === 1) expect(back.prevCursor).toBeNull();
    }
  });

  it('orders by each sort key', async () => {
    const { ids: byItem } = await walk({ ...base, sort: 'itemNo', limit: 100 });
    const items = byItem.map((id) => all.find((r) => r.id === id)!.item_no);
    expect(items).toEqual([...items].sort());
    const asc = (await walk({ ...base, sort: 'priceAsc', limit: 100 })).pages.flatMap((p) => p.items);
    const prices = asc.filter((i) => i.minPrice !== null).map((i) => Number(i.minPrice));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(asc.findIndex((i) => i.minPrice === null)).toBeGreaterThanOrEqual(prices.length);
    const desc = (await walk({ ...base, sort: 'priceDesc', limit: 100 })).pages.flatMap((p) => p.items);
    const dprices = desc.filter((i) => i.minPrice !== null).map((i) => Number(i.minPrice));
    expect(dprices).toEqual([...dprices].sort((a, b) => b - a));
    const newest = await query<{ id: number }>(sql`select id::int as id from products where active order by created_at desc, id desc`);
    expect((await walk({ ...base, sort: 'newest', limit: 100 })).ids).toEqual(newest.map((r) => r.id));
  });

  it('rejects a cursor that does not decode, is tampered with or belongs to another sort', async () => {
    const first = await listProducts(t.db, { ...base, sort: 'newest', limit: 5 });
    const good = first.nextCursor!;
    const decoded = JSON.parse(Buffer.from(good, 'base64url').toString()) as { k: unknown[] };
    const tampered = Buffer.from(JSON.stringify({ ...decoded, k: ["x' or 1=1", 1] })).toString('base64url');
    for (const cursor of ['!!!', 'abc', tampered, Buffer.from('{"v":1}').toString('base64url'), 'x'.repeat(2000)]) {
      await expect(listProducts(t.db, { ...base, sort: 'newest', cursor })).rejects.toBeInstanceOf(InvalidCursorError);
    }
    await expect(listProducts(t.db, { ...base, sort: 'itemNo', cursor: good })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(listProducts(t.db, { ...base, sort: 'newest', cursor: good })).resolves.toMatchObject({ notice: null });
  });
});

describe('filters', () => {
  it('filters by flag, brand, stock and a category including its descendants', async () => {
    const hot = await walk({ ...base, flag: 'hot', limit: 100 });
    const hotIds = await query<{ id: number }>(sql`select id::int as id from products where active and is_hot`);
    expect(hot.ids.sort((a, b) => a - b)).toEqual(hotIds.map((r) => r.id).sort((a, b) => a - b));

    const brandId = all[0]!.brand_id;
    const byBrand = await walk({ ...base, brandIds: [brandId], limit: 100 });
    expect(byBrand.ids.sort((a, b) => a - b)).toEqual(all.filter((r) => r.brand_id === brandId).map((r) => r.id));

    const stocked = await walk({ ...base, inStock: true, limit: 100 });
    expect(stocked.pages.flatMap((p) => p.items).every((i) => i.inStock)).toBe(true);
    const stockedIds = await query<{ id: number }>(sql`
      select id::int as id from products p where active and exists (select 1 from product_packs k where k.product_id = p.id and k.stock > 0)`);
    expect(stocked.ids).toHaveLength(stockedIds.length);

    const [top] = await query<{ id: number }>(sql`
      select c1.id::int as id from categories c1 join categories c2 on c2.parent_id = c1.id join categories c3 on c3.parent_id = c2.id
      join products p on p.category_id = c3.id where c1.level = 1 group by c1.id order by count(*) desc limit 1`);
    const under = await query<{ id: number }>(sql`
      select p.id::int as id from products p join categories c3 on c3.id = p.category_id join categories c2 on c2.id = c3.parent_id
      where p.active and (c2.parent_id = ${top!.id} or c3.parent_id = ${top!.id} or c3.id = ${top!.id})`);
    const byCategory = await walk({ ...base, categoryId: top!.id, limit: 100 });
    expect(byCategory.ids.sort((a, b) => a - b)).toEqual(under.map((r) => r.id).sort((a, b) => a - b));
    expect(under.length).toBeGreaterThan(0);

    expect((await listProducts(t.db, { ...base, categoryId: 99_999_999 })).total).toBe(0);
  });
});

describe('brand facets', () => {
  it('counts the brands of the matching products, most first', async () => {
    const page = await listProducts(t.db, { ...base, key: 'acid', limit: 1 });
    const facets = await brandFacets(t.db, { lang: 'en', key: 'acid' });
    expect(facets.reduce((s, f) => s + f.count, 0)).toBe(page.total);
    expect(facets.map((f) => f.count)).toEqual([...facets.map((f) => f.count)].sort((a, b) => b - a));
    const top = facets[0]!;
    const byBrand = await listProducts(t.db, { ...base, key: 'acid', brandIds: [top.id], limit: 1 });
    expect(byBrand.total).toBe(top.count);
    expect(await brandFacets(t.db, { lang: 'zh', key: '0-00-0', type: 2 })).toEqual([]);
  });

  it('counts the same facets in the pass of the search itself, on every page and either way', async () => {
    const [brand] = await query<{ name_zh: string; name_en: string }>(sql`select b.name_zh, b.name_en from brands b join products p on p.brand_id = b.id group by b.id order by count(*) desc limit 1`);
    const sample = all[7]!;
    const keys: { key: string; type?: 1 | 2 | 3 }[] = [
      { key: 'acid' }, { key: 'acid', type: 3 }, { key: sample.name_zh.slice(0, 2), type: 3 }, { key: sample.item_no.slice(0, 3), type: 1 },
      { key: sample.item_no }, { key: brand!.name_en }, { key: brand!.name_zh, type: 3 }, { key: brand!.name_en.slice(0, 3).toLowerCase() },
      ...(sample.cas ? [{ key: sample.cas, type: 2 as const }] : []),
    ];
    let seen = 0;
    for (const { key, type } of keys) {
      const separate = (await brandFacets(t.db, { lang: 'zh', key, type })).map((f) => ({ id: f.id, count: f.count }));
      const first = await listProducts(t.db, { ...base, key, type, limit: 3, facets: true });
      // A page without rows has no first row to carry them.
      if (first.items.length === 0) { expect(first.facets, key).toBeUndefined(); continue; }
      seen += 1;
      expect(first.facets?.map((f) => ({ id: f.id, count: f.count })), key).toEqual(separate);
      expect(first.facets?.reduce((n, f) => n + f.count, 0), key).toBe(first.total);
      if (first.nextCursor) {
        const second = await listProducts(t.db, { ...base, key, type, limit: 3, facets: true, cursor: first.nextCursor });
        expect(second.facets, key).toEqual(first.facets);
        const back = await listProducts(t.db, { ...base, key, type, limit: 3, facets: true, cursor: second.prevCursor });
        expect(back.items.map((i) => i.id), key).toEqual(first.items.map((i) => i.id));
        expect(back.facets, key).toEqual(first.facets);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(6);
    // Only a search by relevance without a brand filter has the facets' matches.
    const brandIds = [(await brandFacets(t.db, { lang: 'en', key: 'acid' }))[0]!.id];
    for (const q of [{ key: 'acid', brandIds, facets: true }, { key: 'acid', sort: 'newest' as const, facets: true }, { key: 'acid' }, { facets: true }]) {
      expect((await listProducts(t.db, { ...base, ...q })).facets, JSON.stringify(q)).toBeUndefined();
    }
  });
});

describe('suggestions', () => {
  it('puts item-number prefixes first and respects the limit', async () => {
    const target = all[5]!;
    const s = await suggestProducts(t.db, { lang: 'en', key: target.item_no, limit: 5 });
    expect(s[0]).toMatchObject({ id: target.id, itemNo: target.item_no, name: target.name_en });
    expect((await suggestProducts(t.db, { lang: 'zh', key: 'a', limit: 3 })).length).toBeLessThanOrEqual(3);
    expect(await suggestProducts(t.db, { lang: 'zh', key: '', limit: 3 })).toEqual([]);
  });
});

describe('brand search', () => {
  it('matches Chinese and English names case-insensitively with offset pages', async () => {
    const brands = await query<{ id: number; name_en: string; name_zh: string }>(sql`select id::int as id, name_en, name_zh from brands`);
    const sample = brands[0]!;
    const en = await searchBrands(t.db, { lang: 'en', key: sample.name_en.slice(1, 4).toUpperCase(), offset: 0, limit: 10 });
    expect(en.items.map((b) => b.id)).toContain(sample.id);
    const zh = await searchBrands(t.db, { lang: 'zh', key: sample.name_zh, offset: 0, limit: 10 });
    expect(zh.items[0]?.name).toBeDefined();
    expect(zh.items.map((b) => b.id)).toContain(sample.id);

    const letter = 'e';
    const expected = brands.filter((b) => b.name_en.toLowerCase().includes(letter) || b.name_zh.toLowerCase().includes(letter));
    const p1 = await searchBrands(t.db, { lang: 'en', key: letter, offset: 0, limit: 4 });
    const p2 = await searchBrands(t.db, { lang: 'en', key: letter, offset: 4, limit: 4 });
    expect(p1.total).toBe(expected.length);
    expect(p2.total).toBe(expected.length);
    expect(new Set([...p1.items, ...p2.items].map((b) => b.id)).size).toBe(Math.min(8, expected.length));
    const beyond = await searchBrands(t.db, { lang: 'en', key: letter, offset: 1000, limit: 4 });
    expect(beyond).toEqual({ items: [], total: expected.length });
    expect(await searchBrands(t.db, { lang: 'en', key: '%', offset: 0, limit: 4 })).toEqual({ items: [], total: 0 });
  });
});

describe('card fields', () => {
  it('fills hasStructure and inStock in search results and flagged lists', async () => {
    const flagged = await listFlaggedProducts(t.db, { flag: 'hot', limit: 50, lang: 'zh' });
    const facts = await query<{ id: number; s: boolean; k: boolean }>(sql`
      select p.id::int as id, coalesce(p.smiles, '') <> '' as s,
        exists (select 1 from product_packs k where k.product_id = p.id and k.stock > 0) as k
      from products p where p.is_hot and p.active`);
    const byId = new Map(facts.map((f) => [f.id, f]));
    expect(flagged.length).toBeGreaterThan(0);
    for (const f of flagged) expect({ s: f.hasStructure, k: f.inStock }).toEqual({ s: byId.get(f.id)!.s, k: byId.get(f.id)!.k });
    const listed = await listProducts(t.db, { ...base, flag: 'hot', limit: 50 });
    for (const f of listed.items) expect({ s: f.hasStructure, k: f.inStock }).toEqual({ s: byId.get(f.id)!.s, k: byId.get(f.id)!.k });
    expect(flagged.some((f) => f.hasStructure)).toBe(true);
  });
});
