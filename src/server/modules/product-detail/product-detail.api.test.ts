import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProductDetailAllDto, ProductDetailDto, ProductLinkedPageDto } from '@/contracts/product-detail';
import { productArticles, productDocuments, products } from '@/server/db/schema';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import type { Db } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { withPatientStructurePool } from '../../../../test/workers/structure-pool';
import { MAX_STRUCTURE_ATOMS } from '@/lib/structure-limits';
import { structurePool } from '@/server/modules/chemistry/structures';
import { getProductDetailAll } from './service';
import { drawingCache } from './structure-cache';

const h = fileApiHarness();
// Real structure workers with a time limit no drawing reaches: these tests are of drawing, not of the clock.
withPatientStructurePool();

const post = (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) => h.call('POST', path, { form, headers });
const en = { 'accept-language': 'en' };
const BAD_IDS = ['999999', 'abc', '-1', '0', '1.5', '1e3', '99999999999', '%27%20or%201%3D1', ' '];

/** A product with a structure, GHS data, documents and linked content, chosen from the seed. */
async function richProduct(): Promise<number> {
  const [row] = await h.db.db
    .select({ id: products.id })
    .from(products)
    .where(and(isNotNull(products.smiles), isNotNull(products.ghs),
      sql`exists (select 1 from ${productDocuments} where ${productDocuments.productId} = ${products.id})`,
      sql`exists (select 1 from ${productArticles} where ${productArticles.productId} = ${products.id})`))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error('the seed has no product with a structure, GHS data, documents and links');
  return row.id;
}

describe('POST /api/web/product/getDetails', () => {
  it('answers a product in the caller\'s language with storage, GHS texts and the category path', async () => {
    const id = await richProduct();
    const zh = (await post('/api/web/product/getDetails', { id: String(id) })).body.data as ProductDetailDto;
    const [row] = await h.db.db.select().from(products).where(eq(products.id, id));
    expect(zh.id).toBe(id);
    expect(zh.itemNo).toBe(row?.itemNo);
    expect(zh.name).toBe(row?.nameZh);
    expect(zh.otherName).toBe(row?.nameEn);
    expect(zh.cas).toBe(row?.cas);
    expect(zh.smiles).toBe(row?.smiles);
    expect(zh.structureUrl).toMatch(new RegExp(`^/api/web/product/structure/${id}\\?v=[\\w-]{12}$`));
    expect(zh.categories.length).toBe(3);
    expect(zh.categories.map((c) => c.level)).toEqual([1, 2, 3]);
    expect(zh.categories.at(-1)?.leaf).toBe(true);
    expect(zh.storage.code).toBe(row?.storage);
    expect(zh.storage.label).not.toBe(row?.storage);
    expect(zh.ghs?.pictograms.length).toBeGreaterThan(0);
    expect(zh.ghs?.signalWordLabel).toMatch(/^(危险|警告)$/);
    expect(zh.ghs?.hazardStatements.every((s) => s.text.length > 0)).toBe(true);
    expect(zh.ghs?.precautionaryStatements.every((s) => s.text.length > 0)).toBe(true);

    const english = (await post('/api/web/product/getDetails', { id: String(id) }, en)).body.data as ProductDetailDto;
    expect(english.name).toBe(row?.nameEn);
    expect(english.ghs?.signalWordLabel).toMatch(/^(Danger|Warning)$/);
    expect(english.ghs?.hazardStatements[0]?.text).toMatch(/^[A-Z]/);
    expect(english.storage.label).not.toBe(zh.storage.label);
  });

  it('has a text for every H and P statement and every storage and shipping code the seed uses', async () => {
    const rows = await h.db.db.select({ ghs: products.ghs, storage: products.storage, shipping: products.shipping }).from(products);
    const ids = (await h.db.db.select({ id: products.id }).from(products).where(isNotNull(products.ghs)).limit(40)).map((r) => r.id);
    for (const id of ids) {
      for (const headers of [{}, en]) {
        const d = (await post('/api/web/product/getDetails', { id: String(id) }, headers)).body.data as ProductDetailDto;
        for (const s of [...(d.ghs?.hazardStatements ?? []), ...(d.ghs?.precautionaryStatements ?? [])]) expect(s.text, s.code).not.toBe('');
        expect(d.storage.label).not.toBe(d.storage.code);
        expect(d.shipping.label).not.toBe(d.shipping.code);
      }
    }
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers a product without GHS data or structure with nulls', async () => {
    const [plain] = await h.db.db.select({ id: products.id }).from(products).where(and(isNull(products.ghs), isNull(products.smiles))).limit(1);
    const d = (await post('/api/web/product/getDetails', { id: String(plain?.id) })).body.data as ProductDetailDto;
    expect(d.ghs).toBeNull();
    expect(d.structureUrl).toBeNull();
  });

  it('answers 404 in the envelope for unknown, non-numeric, overlong or withdrawn ids', async () => {
    for (const id of BAD_IDS) {
      const res = await post('/api/web/product/getDetails', { id: decodeURIComponent(id) });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe(404);
      expect(res.body.msg).toBe('该产品不存在或已下架');
    }
    const [withdrawn] = await h.db.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1).offset(3);
    await h.db.db.update(products).set({ active: false }).where(eq(products.id, withdrawn?.id as number));
    expect((await post('/api/web/product/getDetails', { id: String(withdrawn?.id) })).status).toBe(404);
    await h.db.db.update(products).set({ active: true }).where(eq(products.id, withdrawn?.id as number));
    // A real product's id with blanks or leading zeros is not its id.
    const real = await richProduct();
    for (const id of [` ${real}`, `${real} `, `0${real}`, `00${real}`, `+${real}`]) {
      expect((await post('/api/web/product/getDetails', { id })).status, JSON.stringify(id)).toBe(404);
      expect((await h.call('POST', '/api/web/product/getDetails', { json: { id } })).status, JSON.stringify(id)).toBe(404);
    }
    const english = await post('/api/web/product/getDetails', { id: 'abc' }, en);
    expect(english.body.msg).toBe('This product does not exist or is no longer sold');
  });

  it('answers 400 with a field error when the id is missing or not a scalar', async () => {
    const missing = await post('/api/web/product/getDetails', {});
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([expect.objectContaining({ field: 'id' })]);
    const array = await h.call('POST', '/api/web/product/getDetails', { json: { id: [1, 2] } });
    expect(array.status).toBe(400);
    const long = await post('/api/web/product/getDetails', { id: '1'.repeat(100) });
    expect(long.status).toBe(400);
  });
});

describe('POST /api/web/product/details/all', () => {
  it('answers product, packs, documents by kind, articles and citations in one answer', async () => {
    const id = await richProduct();
    const all = (await post('/api/web/product/details/all', { id: String(id) })).body.data as ProductDetailAllDto;
    expect(all.product.id).toBe(id);
    expect(all.packs.length).toBeGreaterThan(0);
    expect(all.packs.every((p) => /^\d+\.\d{2}$/.test(p.price))).toBe(true);
    expect(all.product.minPrice).toBe(all.packs.map((p) => p.price).sort((a, b) => Number(a) - Number(b))[0]);
    expect(all.product.inStock).toBe(all.packs.some((p) => p.stock > 0));
    const docCount = all.documents.coa.length + all.documents.msds.length + all.documents.protocol.length;
    const [n] = await h.db.db.select({ n: sql<number>`count(*)::int` }).from(productDocuments).where(eq(productDocuments.productId, id));
    expect(docCount).toBe(n?.n);
    for (const coa of all.documents.coa) {
      expect(coa.lotNo).toMatch(/^L\d{4}[A-F]\d{3}$/);
      expect(coa.url).toBe(`/api/web/files/document/${coa.id}`);
    }
    const issued = all.documents.coa.map((c) => c.issuedAt);
    expect(issued).toEqual([...issued].sort().reverse());
    expect(all.articles.length + all.citations.length).toBeGreaterThan(0);
    expect(all.articles.every((a) => a.kind === 'news' || a.kind === 'application')).toBe(true);
    expect(all.citations.every((a) => a.kind === 'citation')).toBe(true);
    expect(all.articleTotal).toBeGreaterThanOrEqual(all.articles.length);
    expect(all.citationTotal).toBeGreaterThanOrEqual(all.citations.length);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of BAD_IDS) expect((await post('/api/web/product/details/all', { id: decodeURIComponent(id) })).status, id).toBe(404);
  });
});

describe('POST /api/web/product/linked/list', () => {
  it('pages through the linked content with a total, and filters articles or citations', async () => {
    const [top] = await h.db.db
      .select({ productId: productArticles.productId, n: sql<number>`count(*)::int` })
      .from(productArticles)
      .groupBy(productArticles.productId)
      .orderBy(sql`count(*) desc`, asc(productArticles.productId))
      .limit(1);
    const id = String(top?.productId);
    const all = (await post('/api/web/product/linked/list', { id, limit: '50' })).body.data as ProductLinkedPageDto;
    expect(all.total).toBe(top?.n);
    expect(all.list).toHaveLength(top?.n ?? -1);
    const first = (await post('/api/web/product/linked/list', { id, limit: '1', offset: '1' })).body.data as ProductLinkedPageDto;
    expect(first.list.map((i) => i.id)).toEqual(all.list.slice(0, 1).map((i) => i.id));
    expect(first.total).toBe(all.total);
    const last = (await post('/api/web/product/linked/list', { id, limit: '1', offset: String(all.total) })).body.data as ProductLinkedPageDto;
    expect(last.list.map((i) => i.id)).toEqual(all.list.slice(-1).map((i) => i.id));
    const past = (await post('/api/web/product/linked/list', { id, limit: '1', offset: String(all.total + 1) })).body.data as ProductLinkedPageDto;
    expect(past.list).toEqual([]);
    expect(past.total).toBe(all.total);
    const citations = (await post('/api/web/product/linked/list', { id, type: 'citation', limit: '50' })).body.data as ProductLinkedPageDto;
    const articles = (await post('/api/web/product/linked/list', { id, type: 'article', limit: '50' })).body.data as ProductLinkedPageDto;
    expect(citations.list.every((i) => i.kind === 'citation')).toBe(true);
    expect(articles.list.every((i) => i.kind !== 'citation')).toBe(true);
    expect(citations.total + articles.total).toBe(all.total);
    const english = (await post('/api/web/product/linked/list', { id, limit: '50' }, en)).body.data as ProductLinkedPageDto;
    expect(english.list.map((i) => i.id)).toEqual(all.list.map((i) => i.id));
    expect(english.list[0]?.title).not.toBe(all.list[0]?.title);
  });

  it('answers an empty page for a product without links, 404 for a bad id, 400 for bad paging', async () => {
    const [lonely] = await h.db.db
      .select({ id: products.id })
      .from(products)
      .where(sql`not exists (select 1 from ${productArticles} where ${productArticles.productId} = ${products.id})`)
      .limit(1);
    const empty = (await post('/api/web/product/linked/list', { id: String(lonely?.id) })).body.data as ProductLinkedPageDto;
    expect(empty).toEqual({ list: [], total: 0, limit: 10, offset: 1 });
    for (const id of BAD_IDS) expect((await post('/api/web/product/linked/list', { id: decodeURIComponent(id) })).status, id).toBe(404);
    const bad: Record<string, string>[] = [{ limit: '0' }, { limit: '51' }, { offset: '0' }, { limit: 'x' }, { type: 'news' }];
    for (const form of bad) {
      const res = await post('/api/web/product/linked/list', { id: String(lonely?.id), ...form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.code).toBe(400);
    }
  });
});

describe('GET /api/web/product/structure/:id', () => {
  it('draws the structure as a safe SVG with caching headers, and 304 on a matching If-None-Match', async () => {
    const id = await richProduct();
    const detail = (await post('/api/web/product/getDetails', { id: String(id) })).body.data as ProductDetailDto;
    const res = await h.app.request(`/api/web/product/structure/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const svg = await res.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(/<line /);
    expect(svg).not.toMatch(/<script|on[a-z]+=|href|<style|<foreignObject|javascript:/i);

    const versioned = await h.app.request(detail.structureUrl as string);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await versioned.text()).toBe(svg);
    const stale = await h.app.request(`/api/web/product/structure/${id}?v=old`);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=86400');

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await h.app.request(`/api/web/product/structure/${id}`, { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    const changed = await h.app.request(`/api/web/product/structure/${id}`, { headers: { 'if-none-match': '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it('colours the fragment `hl` names (structure search), keys it apart, and answers a fragment over the caps or not one word as any bad input of the drawing route: 404', async () => {
    const [ring] = await h.db.db.select({ id: products.id }).from(products).where(eq(products.smiles, 'Cc1ccccc1')).limit(1);
    expect(ring).toBeDefined();
    const plain = await h.app.request(`/api/web/product/structure/${ring?.id}`);
    const marked = await h.app.request(`/api/web/product/structure/${ring?.id}?hl=${encodeURIComponent('c1ccccc1')}`);
    expect(marked.status).toBe(200);
    expect(marked.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(marked.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const svg = await marked.text();
    expect(svg).toMatch(/stroke="#ff8000"/);
    expect(await plain.text()).not.toMatch(/stroke="#ff8000"/);
    for (const hl of ['C'.repeat(1001), 'a b', '']) {
      const bad = await h.app.request(`/api/web/product/structure/${ring?.id}?hl=${encodeURIComponent(hl)}`);
      expect(bad.status, hl).toBe(404);
    }
  });

  it('keys the drawing by the SMILES: products sharing one share the ETag, and a new SMILES gives a new one', async () => {
    const [a, b] = (await h.db.db.select({ id: products.id, smiles: products.smiles }).from(products).where(isNotNull(products.smiles)).orderBy(asc(products.id)).limit(2));
    const ownSmiles = b?.smiles ?? null;
    await h.db.db.update(products).set({ smiles: a?.smiles }).where(eq(products.id, b?.id as number));
    const etagOf = async (id: number) => (await h.app.request(`/api/web/product/structure/${id}`)).headers.get('etag');
    const shared = await etagOf(a?.id as number);
    expect(shared).toMatch(/^"/);
    expect(await etagOf(b?.id as number)).toBe(shared);
    await h.db.db.update(products).set({ smiles: 'c1ccncc1' }).where(eq(products.id, b?.id as number));
    expect(await etagOf(b?.id as number)).not.toBe(shared);
    await h.db.db.update(products).set({ smiles: ownSmiles }).where(eq(products.id, b?.id as number));
    expect(drawingCache().size).toBeGreaterThan(0);
  });

  it('answers the 404 envelope for unknown and malformed ids, products without SMILES and unreadable SMILES', async () => {
    for (const id of BAD_IDS) {
      const res = await h.app.request(`/api/web/product/structure/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { code: number }).code).toBe(404);
    }
    const [plain] = await h.db.db.select({ id: products.id }).from(products).where(isNull(products.smiles)).limit(1);
    const none = await h.app.request(`/api/web/product/structure/${plain?.id}`, { headers: { 'accept-language': 'en' } });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { msg: string }).msg).toBe('This product has no structure drawing');
    await h.db.db.update(products).set({ smiles: 'not a (smiles' }).where(eq(products.id, plain?.id as number));
    expect((await h.app.request(`/api/web/product/structure/${plain?.id}`)).status).toBe(404);
    await h.db.db.update(products).set({ smiles: null }).where(eq(products.id, plain?.id as number));
  });

  it('neither draws nor links a stored SMILES over the structure caps, and sends it to no worker', async () => {
    const [plain] = await h.db.db.select({ id: products.id }).from(products).where(isNull(products.smiles)).limit(1);
    const id = plain?.id as number;
    try {
      for (const smiles of ['C'.repeat(MAX_STRUCTURE_ATOMS + 1), 'c1ccccc1'.repeat(125)]) {
        await h.db.db.update(products).set({ smiles }).where(eq(products.id, id));
        const before = structurePool().dispatched;
        const detail = await post('/api/web/product/getDetails', { id: String(id) });
        expect(detail.status).toBe(200);
        expect(detail.body.data).toMatchObject({ smiles, structureUrl: null });
        expect((await h.app.request(`/api/web/product/structure/${id}`)).status).toBe(404);
        expect(structurePool().dispatched).toBe(before);
      }
    } finally {
      await h.db.db.update(products).set({ smiles: null }).where(eq(products.id, id));
    }
  });

  it('is listed in the OpenAPI document with the three product calls', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of ['/api/web/product/getDetails', '/api/web/product/details/all', '/api/web/product/linked/list']) expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/web/product/structure/'))).toBe(true);
  });
});

describe('query budget', () => {
  /** The same database through a Drizzle instance that counts the statements it sends. */
  function countingDb(): { db: Db; count: () => number } {
    let n = 0;
    const logger = { logQuery: () => { n += 1; } };
    const client = (h.db.db as unknown as { $client: unknown }).$client;
    const db = h.db.driver === 'pglite'
      ? (drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case', logger }) as unknown as Db)
      : (drizzlePostgres({ client: client as Sql, schema, casing: 'snake_case', logger }) as unknown as Db);
    return { db, count: () => n };
  }

  it('loads a whole detail page in four queries, however many packs, lots and links the product has', async () => {
    const id = await richProduct();
    const { db, count } = countingDb();
    const all = await getProductDetailAll(db, { id, lang: 'zh' });
    expect(all?.product.id).toBe(id);
    expect(count()).toBe(4);
    const [poorest] = await h.db.db.select({ id: products.id }).from(products).where(isNull(products.smiles)).limit(1);
    const before = count();
    await getProductDetailAll(db, { id: poorest?.id as number, lang: 'en' });
    expect(count() - before).toBe(4);
  });
});
