import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { productPacks, products, substances } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { countSubstanceSitemaps, getSubstancePage, resolveSubstanceKey, substanceSitemapRows } from './page';

/** The substance page's data and POST /api/web/substance/cheapest (ADR 0086). */

const h = fileApiHarness();
const PATH = '/api/web/substance/cheapest';
const ETHANOL = 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N';
type Line = { packId: number; num: number; size: string; unitPrice: string; lineTotal: string };
type Answer = { kind: string; lines: Line[]; total: string; packs: number; reached: string; unit: string; noDensity: number; densityUsed: boolean };

let buyer: string;
let undense: string;

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  // A substance sold by volume whose products have no density.
  const [row] = await h.db.db.select({ key: substances.inchikey }).from(products)
    .innerJoin(substances, eq(substances.id, products.substanceId))
    .innerJoin(productPacks, eq(productPacks.productId, products.id))
    .where(and(isNull(products.density), eq(products.active, true), like(productPacks.size, '%mL'), sql`${productPacks.stock} > 0`,
      sql`not exists (select 1 from products o where o.substance_id = ${products.substanceId} and o.density is not null)`))
    .limit(1);
  undense = row!.key;
});

async function cheapest(json: Record<string, unknown>, token?: string) {
  const res = await h.call('POST', PATH, { json, ...(token ? { token } : {}) });
  return { status: res.status, body: res.body as { code: number; msg: string; data: Answer } };
}

describe('the substance page', () => {
  it('resolves an InChIKey, redirects a CAS number that names one substance, and knows no other key', async () => {
    const db = h.db.db;
    expect(await resolveSubstanceKey(db, { key: ETHANOL })).toMatchObject({ kind: 'substance', inchikey: ETHANOL, formula: 'C2H6O' });
    expect(await resolveSubstanceKey(db, { key: '64-17-5' })).toEqual({ kind: 'redirect', inchikey: ETHANOL });
    for (const key of ['AAAAAAAAAAAAAA-BBBBBBBBBB-C', '64-17-6', '50-00-0x', '', 'ethanol']) expect(await resolveSubstanceKey(db, { key }), key).toBeNull();
  });

  it('keys products without a structure by their CAS number', async () => {
    const db = h.db.db;
    // A product without a structure (graphite), sold in two packs.
    const [model] = await db.select().from(products).where(eq(products.active, true)).limit(1);
    const { id: _id, searchText: _text, substanceId: _s, ...rest } = model!;
    const [made] = await db.insert(products).values({ ...rest, itemNo: 'SUBST-CAS-1', cas: '7782-42-5', smiles: null, nameEn: 'Graphite', nameZh: '石墨' }).returning({ id: products.id });
    await db.insert(productPacks).values([{ productId: made!.id, size: '25g', price: '30.00', stock: 3 }, { productId: made!.id, size: '100g', price: '80.00', stock: 0 }]);
    const plain = { cas: '7782-42-5' };
    const key = await resolveSubstanceKey(db, { key: plain!.cas! });
    expect(key).toEqual({ kind: 'cas', cas: plain!.cas, all: false });
    const page = await getSubstancePage(db, key as { kind: 'cas'; cas: string; all: boolean }, 'en');
    expect(page).toMatchObject({ key: plain!.cas, inchikey: null, cas: [plain!.cas] });
    expect(page!.packs.map((p) => [p.size, p.perUnit])).toEqual([['25g', { value: 1.2, unit: 'g' }], ['100g', { value: 0.8, unit: 'g' }]]);
    // The cheapest mix of such a substance reads it by its CAS number.
    const answer = await cheapest({ key: '7782-42-5', amount: '80 g' });
    expect(answer.body.data).toMatchObject({ kind: 'short', reached: '75.000' });
  });

  it('lists every brand\'s packs of a substance with the price per gram or millilitre', async () => {
    const key = await resolveSubstanceKey(h.db.db, { key: ETHANOL });
    const page = await getSubstancePage(h.db.db, key as Exclude<typeof key & object, { kind: 'redirect' }>, 'zh');
    expect(page).toMatchObject({ key: ETHANOL, name: '乙醇', otherName: 'Ethanol', cas: ['64-17-5'], formula: 'C2H6O', truncated: false });
    expect(page!.packs.length).toBeGreaterThan(1);
    expect(page!.ghs?.pictograms.map((p) => p.code)).toContain('GHS02');
    expect(page!.structureUrl).toMatch(/^\/api\/web\/product\/structure\/\d+\?v=/);
    expect(page!.productIds).toEqual([...new Set(page!.packs.map((p) => p.productId))]);
    const pack = page!.packs.find((p) => p.size === '500mL')!;
    expect(pack.perUnit!.unit).toBe('mL');
    expect(pack.perUnit!.value).toBeCloseTo(Number(pack.price) / 500, 4);
  });
});

describe('the substances\' sitemap', () => {
  it('names every substance with an active product once, in files of the size asked', async () => {
    const db = h.db.db;
    const [{ n, max }] = rowsOf<{ n: number; max: number }>(await db.execute(sql`select count(*)::int as n, max(id)::int as max from substances s where exists (select 1 from products p where p.substance_id = s.id and p.active)`)) as [{ n: number; max: number }];
    const files = await countSubstanceSitemaps(db, 100);
    expect(files).toBeGreaterThanOrEqual(Math.ceil(max / 100));
    const keys: string[] = [];
    for (let i = 0; i < files; i++) for await (const rows of substanceSitemapRows(db, i, 100, 7)) keys.push(...rows.map((r) => r.inchikey));
    expect(keys.length).toBe(n);
    expect(new Set(keys).size).toBe(n);
    expect(keys).toContain(ETHANOL);
  });
});

describe('POST /api/web/substance/cheapest', () => {
  it('answers the cheapest mix of packs in stock for 1.2 kg of a liquid, through its density', async () => {
    const { status, body } = await cheapest({ key: ETHANOL, amount: '1.2 kg' });
    expect(status).toBe(200);
    const answer = body.data;
    expect(answer).toMatchObject({ kind: 'mix', unit: 'g', densityUsed: true });
    expect(Number(answer.reached)).toBeGreaterThanOrEqual(1200);
    expect(answer.packs).toBe(answer.lines.reduce((s, l) => s + l.num, 0));
    expect(answer.total).toBe((answer.lines.reduce((s, l) => s + Math.round(Number(l.lineTotal) * 100), 0) / 100).toFixed(2));
    // No single pack size bought alone is cheaper than the mix (greedy and single-size answers are candidates it must beat).
    const stocked = await h.db.db.select({ id: productPacks.id, size: productPacks.size, price: productPacks.price, stock: productPacks.stock })
      .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).innerJoin(substances, eq(substances.id, products.substanceId))
      .where(and(eq(substances.inchikey, ETHANOL), sql`${productPacks.stock} > 0`));
    for (const p of stocked) {
      const grams = (Number(p.size.replace(/m?L$/, '')) * (p.size.endsWith('mL') ? 1 : 1000)) * 0.789;
      const n = Math.ceil(1200 / grams);
      if (n <= p.stock) expect(Number(answer.total)).toBeLessThanOrEqual(Number(p.price) * n);
    }
    for (const l of answer.lines) expect(l.num).toBeLessThanOrEqual(stocked.find((p) => p.id === l.packId)!.stock);
  });

  it('reads a CAS number, grade and purity constraints, and a volume', async () => {
    const byVolume = await cheapest({ key: '64-17-5', amount: '3 L', minPurity: 0 });
    expect(byVolume.body.data).toMatchObject({ kind: 'mix', unit: 'mL', densityUsed: false });
    expect(Number(byVolume.body.data.reached)).toBeGreaterThanOrEqual(3000);
    const none = await cheapest({ key: ETHANOL, amount: '1 L', grade: 'no such grade' });
    expect(none.body.data).toMatchObject({ kind: 'none', lines: [] });
    const short = await cheapest({ key: ETHANOL, amount: '99999 kg' });
    expect(short.body.data.kind).toBe('short');
  });

  it('says when no density is known, and mixes only packs of the unit asked', async () => {
    const { body } = await cheapest({ key: undense, amount: '1 kg' });
    expect(body.data).toMatchObject({ kind: 'none', densityUsed: false });
    expect(body.data.noDensity).toBeGreaterThan(0);
    expect((await cheapest({ key: undense, amount: '5 mL' })).body.data.kind).toBe('mix');
  });

  it('prices a signed-in buyer through their company', async () => {
    const { status, body } = await cheapest({ key: ETHANOL, amount: '500 mL' }, buyer);
    expect(status).toBe(200);
    expect(body.data.kind).toBe('mix');
  });

  it('refuses an amount it cannot read, a purity out of range and an unknown substance', async () => {
    for (const amount of ['', 'abc', '12', '5 pcs', '-1 kg', '0 g']) {
      const res = await cheapest({ key: ETHANOL, amount });
      expect(res.status, amount).toBe(400);
      expect(JSON.stringify(res.body.data)).toContain('"field":"amount"');
      expect(JSON.stringify(res.body.data)).toContain('请输入数量和单位');
    }
    const purity = await cheapest({ key: ETHANOL, amount: '1 g', minPurity: 120 });
    expect(purity.status).toBe(400);
    expect(JSON.stringify(purity.body.data)).toContain('最低纯度应在 0 到 100 之间');
    expect((await cheapest({ key: 'AAAAAAAAAAAAAA-BBBBBBBBBB-C', amount: '1 g' })).status).toBe(404);
    expect((await cheapest({ key: ETHANOL })).status).toBe(400);
  });

  it('is open to every visitor (the matrix)', async () => {
    await authorisationMatrix(h).expect([
      { method: 'POST', path: PATH, json: { key: ETHANOL, amount: '100 mL' }, expect: { guest: 200, buyerA: 200, buyerB: 200, employeeA: 200, staffAdmin: 200 } },
    ]);
  });
});
