import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { hasCartridge } from './cartridge';
import { searchByStructure, type StructureEngine } from './search';

const h = fileApiHarness({ products: 300 });

interface Facet { id: number; name: string; count: number }
interface Page { items: { id: number }[]; total: number; page: number; facets?: Facet[] }

async function search(form: Record<string, string>, lang = 'en'): Promise<{ status: number; page: Page; msg: string }> {
  const res = await h.call('POST', '/api/web/product/getPage', { form: { type: '5', key: 'c1ccccc1', mode: 'sub', limit: '100', ...form }, headers: { 'accept-language': lang } });
  return { status: res.status, page: res.body.data as Page, msg: res.body.msg };
}

/** Brand of each product, from the database. */
async function brandsOf(ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: number; brand_id: number }>(await h.db.db.execute(sql`select id, brand_id from products where id = any(${`{${ids.join(',')}}`}::int[])`));
  return new Map(rows.map((r) => [Number(r.id), Number(r.brand_id)]));
}

/** The brands of a result counted from its products, most first. */
function counted(brands: Map<number, number>): Map<number, number> {
  const n = new Map<number, number>();
  for (const brand of brands.values()) n.set(brand, (n.get(brand) ?? 0) + 1);
  return n;
}

describe('structure search: the brand facets and filters of the other searches', () => {
  it('counts the brands of a benzene substructure search, each count the products of that brand', async () => {
    const { status, page } = await search({});
    expect(status).toBe(200);
    expect(page.total).toBeGreaterThan(3);
    expect(page.total).toBe(page.items.length);
    const facets = page.facets ?? [];
    expect(facets.length).toBeGreaterThan(1);
    const expected = counted(await brandsOf(page.items.map((i) => i.id)));
    expect(new Map(facets.map((f) => [f.id, f.count]))).toEqual(expected);
    expect(facets.every((f) => f.name.length > 0)).toBe(true);
    // Most products first.
    expect(facets.map((f) => f.count)).toEqual([...facets.map((f) => f.count)].sort((a, b) => b - a));
  });

  it('narrows to a brand, and still lists every brand with its count (the brand filter left out of the facets)', async () => {
    const all = await search({});
    const facets = all.page.facets ?? [];
    const brand = facets[facets.length - 1];
    if (!brand) throw new Error('no brand facet');
    const narrowed = await search({ brandIds: String(brand.id) });
    expect(narrowed.status).toBe(200);
    expect(narrowed.page.total).toBe(brand.count);
    expect(narrowed.page.total).toBeLessThan(all.page.total);
    const brands = await brandsOf(narrowed.page.items.map((i) => i.id));
    expect([...brands.values()].every((b) => b === brand.id)).toBe(true);
    expect(narrowed.page.facets).toEqual(facets);
    // Two brands: the products of either.
    const other = facets[0];
    if (!other) throw new Error('no second brand');
    const two = await search({ brandIds: `${brand.id},${other.id}` });
    expect(two.page.total).toBe(brand.count + other.count);
  });

  it('counts the facets under the other filters (in stock), and pages the narrowed results by number', async () => {
    const stocked = await search({ inStock: '1' });
    const stockedBrands = counted(await brandsOf(stocked.page.items.map((i) => i.id)));
    expect(new Map((stocked.page.facets ?? []).map((f) => [f.id, f.count]))).toEqual(stockedBrands);
    const brand = stocked.page.facets?.[0];
    if (!brand) throw new Error('no brand in stock');
    const first = await search({ brandIds: String(brand.id), limit: '1', page: '1' });
    const second = await search({ brandIds: String(brand.id), limit: '1', page: '2' });
    expect(first.page.total).toBeGreaterThanOrEqual(brand.count);
    if (first.page.total > 1) {
      expect(second.page.page).toBe(2);
      expect(second.page.items[0]?.id).not.toBe(first.page.items[0]?.id);
    }
  });

  it('answers a brand filter that is not an id with a 400 in the envelope', async () => {
    for (const brandIds of ['x', '-1', '1.5']) {
      const res = await search({ brandIds });
      expect(res.status, brandIds).toBe(400);
      expect(res.msg.length).toBeGreaterThan(0);
    }
    // A brand with no match: nothing found, the brands of the search still listed.
    const none = await search({ brandIds: '999999' });
    expect(none.status).toBe(200);
    expect(none.page.total).toBe(0);
    expect((none.page.facets ?? []).length).toBeGreaterThan(0);
  });

  it('is open to guests and buyers alike with filters', async () => {
    await authorisationMatrix(h).expect([
      { method: 'POST', path: '/api/web/product/getPage', form: { type: '5', key: 'c1ccccc1', mode: 'sub', inStock: '1' }, expect: { guest: 200, buyerA: 200, staffAdmin: 200 } },
    ]);
  });

  it('gives the same facets and narrowed answers on the cartridge and the embedded screen', async () => {
    const engines: StructureEngine[] = ['embedded'];
    if (h.db.driver === 'postgres') {
      expect(await hasCartridge(h.db.db)).toBe(true);
      engines.push('cartridge');
    }
    const base = { key: 'c1ccccc1', mode: 'sub' as const, lang: 'en' as const, page: 1, limit: 100, facets: true };
    const unfiltered = await searchByStructure(h.db.db, { ...base, engine: 'embedded' });
    const brand = unfiltered.facets?.[1] ?? unfiltered.facets?.[0];
    if (!brand) throw new Error('no brand facet');
    const answers = [];
    for (const engine of engines) {
      const r = await searchByStructure(h.db.db, { ...base, engine, brandIds: [brand.id] });
      expect(r.engine).toBe(engine);
      expect(r.count).toBe(brand.count);
      answers.push({ count: r.count, facets: r.facets, products: r.groups.flatMap((g) => g.products.map((p) => p.id)) });
    }
    expect(answers[0]?.facets).toEqual(unfiltered.facets);
    for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
  });
});
