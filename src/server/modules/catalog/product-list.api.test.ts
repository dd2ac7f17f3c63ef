import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { CategoryNode } from '@/contracts/catalog-browse';
import { brands, productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { resolveSearchType } from './browse';

const h = fileApiHarness({ products: 300 });

type Card = { id: number; itemNo: string; cas: string | null; name: string; brandName: string; hasStructure: boolean; inStock: boolean; minPrice: string | null };
type Page = { items: Card[]; nextCursor: string | null; prevCursor: string | null; page: number | null; total: number; totalCapped: boolean; notice: string | null; type: number | null; typeFallback: boolean };
const post = (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) => h.call('POST', path, { form, headers });
const en = { 'accept-language': 'en' };
const PATHS = ['/api/web/product/getPage', '/api/app/api/product/sx'] as const;

async function page(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Page> {
  const res = await post(path, form, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
}

/** Every page of a list, following nextCursor. */
async function walk(path: string, form: Record<string, string>): Promise<Card[]> {
  const out: Card[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const p: Page = await page(path, cursor ? { ...form, cursor } : form);
    out.push(...p.items);
    if (!p.nextCursor) return out;
    cursor = p.nextCursor;
  }
  throw new Error('too many pages');
}

describe('resolveSearchType', () => {
  it('keeps 1–3, searches everything without a type, and falls back to names otherwise', () => {
    expect(resolveSearchType('x', '2')).toEqual({ type: 2, fallback: false });
    expect(resolveSearchType('x', undefined)).toEqual({ type: undefined, fallback: false });
    expect(resolveSearchType('x', '4')).toEqual({ type: 3, fallback: true });
    expect(resolveSearchType('x', 'abc')).toEqual({ type: 3, fallback: true });
    expect(resolveSearchType(undefined, 'abc')).toEqual({ type: undefined, fallback: false });
  });
});

describe.each(PATHS)('%s', (path) => {
  it('searches by item number, CAS and name in both languages', async () => {
    const [p] = await h.db.db.select().from(products).where(and(eq(products.active, true), isNotNull(products.cas))).orderBy(products.id).limit(1);
    const product = p as typeof products.$inferSelect;
    const byItem = await page(path, { key: product.itemNo, type: '1' });
    expect(byItem.items[0]?.id).toBe(product.id);
    expect(byItem.type).toBe(1);
    const byCas = await page(path, { key: product.cas as string, type: '2' });
    expect(byCas.items.map((i) => i.id)).toContain(product.id);
    expect(byCas.items.every((i) => i.cas === product.cas)).toBe(true);
    const byCasDigits = await page(path, { key: (product.cas as string).replace(/-/g, ''), type: '2' });
    expect(byCasDigits.items.map((i) => i.id)).toContain(product.id);
    const byName = await page(path, { key: product.nameZh, type: '3' });
    expect(byName.items.map((i) => i.id)).toContain(product.id);
    const byNameEn = await page(path, { key: product.nameEn, type: '3' }, en);
    const hit = byNameEn.items.find((i) => i.id === product.id);
    expect(hit?.name).toBe(product.nameEn);
  });

  it('reports a CAS key with a wrong check digit instead of searching it', async () => {
    const res = await page(path, { key: '7732-18-4', type: '2' });
    expect(res).toMatchObject({ items: [], total: 0, notice: 'casCheckDigit', typeFallback: false });
  });

  it('falls back to a name search for an unknown type, and says so', async () => {
    const [p] = await h.db.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    for (const type of ['4', '9', 'x']) {
      const res = await page(path, { key: (p as typeof products.$inferSelect).nameZh, type });
      expect(res.type).toBe(3);
      expect(res.typeFallback).toBe(true);
      expect(res.items.map((i) => i.id)).toContain(p?.id);
    }
  });

  it('walks every hot product with keyset cursors, forward and back, and the total matches', async () => {
    const [{ n }] = (await h.db.db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(eq(products.active, true), eq(products.isHot, true)))) as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(5);
    const all = await walk(path, { flag: 'hot', limit: '4' });
    expect(all).toHaveLength(Number(n));
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    const first = await page(path, { flag: 'hot', limit: '4' });
    expect(first.prevCursor).toBeNull();
    expect(first.total).toBe(Number(n));
    expect(first.totalCapped).toBe(false);
    const second = await page(path, { flag: 'hot', limit: '4', cursor: first.nextCursor as string });
    expect(second.prevCursor).not.toBeNull();
    const back = await page(path, { flag: 'hot', limit: '4', cursor: second.prevCursor as string });
    expect(back.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    const exact = await page(path, { flag: 'hot', limit: String(Number(n)) });
    expect(exact.items).toHaveLength(Number(n));
    expect(exact.nextCursor).toBeNull();
  });

  it('reads numbered pages by offset that agree with the cursor walk, and numbers the cursors', async () => {
    const all = await walk(path, { flag: 'hot', limit: '2' });
    expect(all.length).toBeGreaterThan(7);
    const third = await page(path, { flag: 'hot', limit: '2', page: '3' });
    expect(third.page).toBe(3);
    expect(third.items.map((i) => i.id)).toEqual(all.slice(4, 6).map((i) => i.id));
    expect(third.prevCursor).not.toBeNull();
    // The cursors of a numbered page lead to its neighbours and carry their numbers.
    const second = await page(path, { flag: 'hot', limit: '2', cursor: third.prevCursor as string });
    expect(second.page).toBe(2);
    expect(second.items.map((i) => i.id)).toEqual(all.slice(2, 4).map((i) => i.id));
    const fourth = await page(path, { flag: 'hot', limit: '2', cursor: third.nextCursor as string });
    expect(fourth.page).toBe(4);
    expect(fourth.items.map((i) => i.id)).toEqual(all.slice(6, 8).map((i) => i.id));
    const first = await page(path, { flag: 'hot', limit: '2' });
    expect(first.page).toBe(1);
    // A search ranked by relevance pages the same way.
    const [p] = await h.db.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    const key = (p as typeof products.$inferSelect).itemNo.slice(0, 2);
    const ranked = await walk(path, { key, type: '1', limit: '2' });
    expect(ranked.length).toBeGreaterThan(4);
    const r3 = await page(path, { key, type: '1', limit: '2', page: '3' });
    expect(r3.items.map((i) => i.id)).toEqual(ranked.slice(4, 6).map((i) => i.id));
    // Past the last page: nothing, with the total, so that the page can start over.
    const beyond = await page(path, { flag: 'hot', limit: '2', page: String(Math.ceil(all.length / 2) + 5) });
    expect(beyond.items).toHaveLength(0);
    expect(beyond.total).toBe(all.length);
    for (const bad of ['0', '-1', 'x', '10001']) {
      const res = await post(path, { flag: 'hot', page: bad });
      expect(res.status, bad).toBe(400);
    }
  });

  it('sorts by item number and by price, and filters by category, brand and stock', async () => {
    const byItem = await walk(path, { flag: 'new', sort: 'itemNo', limit: '50' });
    const itemNos = byItem.map((c) => c.itemNo);
    expect(itemNos).toEqual([...itemNos].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byPrice = (await page(path, { sort: 'priceAsc', limit: '30' })).items.filter((c) => c.minPrice !== null).map((c) => Number(c.minPrice));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));

    const roots = (await post('/api/web/product/getFirst')).body.data as CategoryNode[];
    const root = roots.find((r) => !r.leaf) as CategoryNode;
    const inRoot = await walk(path, { categoryId: String(root.id), limit: '100' });
    expect(inRoot.length).toBeGreaterThan(0);
    const ids = new Set<number>();
    const collect = (n: CategoryNode) => { ids.add(n.id); n.secondJson.forEach(collect); };
    collect(root);
    const rows = await h.db.db.select({ id: products.id, categoryId: products.categoryId }).from(products);
    const catOf = new Map(rows.map((r) => [r.id, r.categoryId]));
    expect(inRoot.every((c) => ids.has(catOf.get(c.id) as number))).toBe(true);

    const facets = (await post('/api/app/api/product/sx/brands', { categoryId: String(root.id) })).body.data as { id: number; name: string; count: number }[];
    expect(facets.reduce((s, f) => s + f.count, 0)).toBe(inRoot.length);
    const top = facets[0] as { id: number; count: number };
    const ofBrand = await walk(path, { categoryId: String(root.id), brandIds: String(top.id), limit: '100' });
    expect(ofBrand).toHaveLength(top.count);
    const two = facets.slice(0, 2).map((f) => String(f.id));
    const repeated = await h.call('POST', path, { body: `categoryId=${root.id}&brandIds=${two[0]}&brandIds=${two[1]}&limit=100`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const comma = await page(path, { categoryId: String(root.id), brandIds: two.join(','), limit: '100' });
    expect((repeated.body.data as Page).total).toBe(comma.total);

    const stocked = await walk(path, { inStock: '1', flag: 'hot', limit: '100' });
    expect(stocked.every((c) => c.inStock)).toBe(true);
    const [{ n: withStock }] = (await h.db.db.select({ n: sql<number>`count(distinct ${products.id})::int` }).from(products)
      .innerJoin(productPacks, eq(productPacks.productId, products.id))
      .where(and(eq(products.active, true), eq(products.isHot, true), sql`${productPacks.stock} > 0`))) as [{ n: number }];
    expect(stocked).toHaveLength(Number(withStock));
  });

  it('refuses bad input with field errors and a tampered cursor with a clear 400', async () => {
    const bad: Record<string, string>[] = [
      { limit: '0' }, { limit: '101' }, { limit: 'x' }, { sort: 'random' }, { flag: 'cheap' }, { categoryId: '-3' },
      { brandIds: '1,x' }, { inStock: 'maybe' }, { cursor: "abc'--" }, { type: '12345678901' },
    ];
    for (const form of bad) {
      const res = await post(path, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(Array.isArray(res.body.data), JSON.stringify(form)).toBe(true);
    }
    // A JSON type that is not text or a number is refused, even one whose `toString` is not a function.
    for (const type of [{ toString: '' }, ['2'], true]) {
      const res = await h.call('POST', path, { json: { key: 'x', type } });
      expect(res.status, JSON.stringify(type)).toBe(400);
      expect(res.body.data, JSON.stringify(type)).toEqual([expect.objectContaining({ field: 'type' })]);
    }
    expect((await h.call('POST', path, { json: { key: 'x', type: 2 } })).status).toBe(200);
    const tampered = await post(path, { flag: 'hot', cursor: 'eyJmb28iOjF9' });
    expect(tampered.status).toBe(400);
    expect(tampered.body.msg).toBe('分页参数无效，请从第一页重新开始');
    const first = await page(path, { flag: 'hot', limit: '2' });
    const otherSort = await post(path, { flag: 'hot', limit: '2', sort: 'priceDesc', cursor: first.nextCursor as string });
    expect(otherSort.status).toBe(400);
  });

  it('never lets SQL or regex syntax through: such keys find nothing and change nothing', async () => {
    const [{ n: before }] = (await h.db.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    for (const key of ["'; drop table products; --", '%', '_', '\\', '.*', "x' or '1'='1", '(((', '乙'.repeat(80)]) {
      const res = await post(path, { key, type: '3' });
      expect(res.status, key).toBe(200);
    }
    // PostgreSQL text holds no NUL: the API refuses it in any field (docs/requirements/quality.md#s11-bad-input), naming the field.
    const nul = await post(path, { key: 'a\u0000b', type: '3' });
    expect(nul.status).toBe(400);
    const wild = await page(path, { key: '%', type: '3' });
    expect(wild.total).toBe(0);
    const [{ n: after }] = (await h.db.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect(after).toBe(before);
  });
});

describe('/api/app/api/product/sx/brands', () => {
  it('gives brand facets with counts for a search, ordered by count', async () => {
    const facets = (await post('/api/app/api/product/sx/brands', { flag: 'hot' })).body.data as { id: number; name: string; count: number }[];
    expect(facets.length).toBeGreaterThan(0);
    const counts = facets.map((f) => f.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const enFacets = (await post('/api/app/api/product/sx/brands', { flag: 'hot' }, en)).body.data as { id: number; name: string }[];
    const [b] = await h.db.db.select().from(brands).where(eq(brands.id, facets[0]?.id as number));
    expect(enFacets.find((f) => f.id === b?.id)?.name).toBe(b?.nameEn);
    expect((await post('/api/app/api/product/sx/brands', { key: '7732-18-4', type: '2' })).body.data).toEqual([]);
    expect((await post('/api/app/api/product/sx/brands', { flag: 'none' })).status).toBe(400);
  });
});

describe('/api/web/product/getPage with facets', () => {
  type Facet = { id: number; name: string; count: number };
  const brandsOf = async (form: Record<string, string>, headers: Record<string, string> = {}) => (await post('/api/app/api/product/sx/brands', form, headers)).body.data as Facet[];

  it('adds the brand facets /sx/brands counts for the same filters, in one answer with the same page', async () => {
    const [p] = await h.db.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    const product = p as typeof products.$inferSelect;
    const cases: Record<string, string>[] = [
      { key: product.nameZh.slice(0, 2), type: '3' },
      { key: product.nameZh.slice(0, 2), type: '3', sort: 'priceAsc' },
      { flag: 'hot' },
      { key: product.itemNo.slice(0, 3) },
    ];
    for (const form of cases) {
      const res = await post('/api/web/product/getPage', { ...form, facets: '1' });
      expect(res.status, JSON.stringify(form)).toBe(200);
      const { facets, ...rest } = res.body.data as Page & { facets: Facet[] };
      expect(facets, JSON.stringify(form)).toEqual(await brandsOf(form));
      expect(rest, JSON.stringify(form)).toEqual(await page('/api/web/product/getPage', form));
    }
    const named = await page('/api/web/product/getPage', { ...cases[0], facets: '1' }, en) as Page & { facets: Facet[] };
    expect(named.facets.length).toBeGreaterThan(0);
    expect(named.facets).toEqual(await brandsOf(cases[0] as Record<string, string>, en));
  });

  it('counts the facets without the brand filter, and leaves them out unless asked', async () => {
    const all = await brandsOf({ flag: 'hot' });
    const one = all[0] as Facet;
    const filtered = await page('/api/web/product/getPage', { flag: 'hot', brandIds: String(one.id), facets: 'true' }) as Page & { facets: Facet[] };
    expect(filtered.facets).toEqual(all);
    expect(filtered.total).toBe(one.count);
    expect(filtered.items.every((c) => c.brandName === filtered.items[0]?.brandName)).toBe(true);
    for (const facets of [undefined, '0', 'false']) {
      const plain = (await post('/api/web/product/getPage', facets === undefined ? { flag: 'hot' } : { flag: 'hot', facets })).body.data as Record<string, unknown>;
      expect(plain, String(facets)).not.toHaveProperty('facets');
    }
  });

  it('refuses a facets value that is not yes or no, naming the field, and answers a guest like a signed-in buyer', async () => {
    for (const facets of ['maybe', '2']) {
      const res = await post('/api/web/product/getPage', { flag: 'hot', facets });
      expect(res.status, facets).toBe(400);
      expect(res.body.data, facets).toEqual([expect.objectContaining({ field: 'facets' })]);
    }
    const json = await h.call('POST', '/api/web/product/getPage', { json: { flag: 'hot', facets: [true] } });
    expect(json.status).toBe(400);
    const guest = await page('/api/web/product/getPage', { flag: 'hot', facets: '1' });
    const token = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    const signedIn = await h.call('POST', '/api/web/product/getPage', { form: { flag: 'hot', facets: '1' }, token });
    expect(signedIn.status).toBe(200);
    expect((signedIn.body.data as { facets: Facet[] }).facets).toEqual((guest as Page & { facets: Facet[] }).facets);
  });
});

describe('/api/web/product/getName', () => {
  it('suggests products by item-number prefix and by name, and refuses an empty key', async () => {
    const [p] = await h.db.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    const product = p as typeof products.$inferSelect;
    const byItem = (await post('/api/web/product/getName', { key: product.itemNo.slice(0, 4), limit: '5' })).body.data as { id: number; itemNo: string }[];
    expect(byItem.length).toBeGreaterThan(0);
    expect(byItem.length).toBeLessThanOrEqual(5);
    expect(byItem.every((s) => s.itemNo.toUpperCase().startsWith(product.itemNo.slice(0, 4).toUpperCase()))).toBe(true);
    const byName = (await post('/api/web/product/getName', { key: product.nameEn }, en)).body.data as { id: number; name: string }[];
    expect(byName.map((s) => s.id)).toContain(product.id);
    for (const form of [{}, { key: '' }, { key: ';;' }, { key: 'ab', limit: '21' }] as Record<string, string>[]) {
      const res = await post('/api/web/product/getName', form);
      expect(res.status, JSON.stringify(form)).toBe(400);
    }
  });
});

describe('/api/web/brand/linked/list', () => {
  it("pages a brand's products with cursors, and answers 404 for an unknown brand", async () => {
    const facets = (await post('/api/app/api/product/sx/brands', {})).body.data as { id: number; count: number }[];
    const brand = facets[0] as { id: number; count: number };
    const all = await walk('/api/web/brand/linked/list', { id: String(brand.id), limit: '7' });
    expect(all).toHaveLength(brand.count);
    const [row] = await h.db.db.select().from(brands).where(eq(brands.id, brand.id));
    expect(all.every((c) => c.brandName === row?.nameZh)).toBe(true);
    const stocked = await walk('/api/web/brand/linked/list', { id: String(brand.id), inStock: '1', limit: '50' });
    expect(stocked.every((c) => c.inStock)).toBe(true);
    expect((await post('/api/web/brand/linked/list', { id: '999999' })).status).toBe(404);
    expect((await post('/api/web/brand/linked/list', { id: 'abc' })).status).toBe(404);
    expect((await post('/api/web/brand/linked/list')).status).toBe(400);
    expect((await post('/api/web/brand/linked/list', { id: String(brand.id), cursor: 'eyJ4IjoxfQ' })).status).toBe(400);
  });
});
