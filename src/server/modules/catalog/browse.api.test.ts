import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CategoryNode } from '@/contracts/catalog-browse';
import { brands, catalogFeedback, categories, contentItems } from '@/server/db/schema';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
afterAll(async () => {
  await resetRateLimits();
});

const post = (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) => h.call('POST', path, { form, headers });
const en = { 'accept-language': 'en' };
type BrandPage = { list: { id: number; name: string; authorised: boolean; description: string }[]; total: number; limit: number; offset: number };

function walk(nodes: CategoryNode[], visit: (n: CategoryNode, depth: number) => void, depth = 1): void {
  for (const n of nodes) {
    visit(n, depth);
    walk(n.secondJson, visit, depth + 1);
  }
}

describe('product categories', () => {
  it('getFirst answers the whole three-level tree in both languages', async () => {
    const res = await post('/api/web/product/getFirst');
    expect(res.status).toBe(200);
    const roots = res.body.data as CategoryNode[];
    const [{ n }] = (await h.db.db.select({ n: sql<number>`count(*)::int` }).from(categories)) as [{ n: number }];
    let seen = 0;
    let deepest = 0;
    walk(roots, (node, depth) => {
      seen += 1;
      deepest = Math.max(deepest, depth);
      expect(node.level).toBe(depth);
      expect(node.leaf).toBe(node.secondJson.length === 0);
      for (const child of node.secondJson) expect(child.superiorId).toBe(node.id);
    });
    expect(seen).toBe(Number(n));
    expect(deepest).toBe(3);
    expect(roots.every((r) => r.superiorId === null)).toBe(true);
    const enRoots = (await post('/api/web/product/getFirst', {}, en)).body.data as CategoryNode[];
    expect(enRoots.map((r) => r.id)).toEqual(roots.map((r) => r.id));
    expect(enRoots[0]?.classify).not.toBe(roots[0]?.classify);
    expect(enRoots[0]?.classify).toMatch(/^[\x20-\x7e]+$/);
  });

  it('get1stCat answers one category with its children, and 404 or 400 otherwise', async () => {
    const roots = (await post('/api/web/product/getFirst')).body.data as CategoryNode[];
    const root = roots.find((r) => !r.leaf) as CategoryNode;
    const one = (await post('/api/web/product/get1stCat', { catId: String(root.id) })).body.data as CategoryNode;
    expect(one).toEqual(root);
    const child = root.secondJson[0] as CategoryNode;
    expect(((await post('/api/web/product/get1stCat', { catId: String(child.id) })).body.data as CategoryNode).secondJson).toEqual(child.secondJson);
    const missing = await post('/api/web/product/get1stCat', { catId: '999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
    expect(missing.body.msg).toBe('分类不存在');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1e3']) {
      const res = await post('/api/web/product/get1stCat', { catId: bad });
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual({ code: 404, msg: '分类不存在', data: null, requestId: res.headers.get('x-request-id') });
    }
    for (const form of [{}, { catId: '' }] as Record<string, string>[]) {
      const res = await post('/api/web/product/get1stCat', form);
      expect(res.status).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('catId');
    }
  });
});

describe('brands', () => {
  it('getType gives the authorised and overview lists with their sizes', async () => {
    const types = (await post('/api/web/brand/getType')).body.data as { type: number; name: string; count: number }[];
    const all = await h.db.db.select({ id: brands.id }).from(brands);
    const authorised = await h.db.db.select({ id: brands.id }).from(brands).where(eq(brands.authorised, true));
    expect(types).toEqual([
      { type: 1, name: '授权品牌', count: authorised.length },
      { type: 0, name: '品牌总览', count: all.length },
    ]);
    expect(authorised.length).toBeGreaterThan(0);
    expect(((await post('/api/web/brand/getType', {}, en)).body.data as { name: string }[])[0]?.name).toBe('Authorised brands');
  });

  it('getPage pages authorised brands and all brands, with edges', async () => {
    const authorised = (await post('/api/web/brand/getPage', { type: '1', limit: '100' })).body.data as BrandPage;
    expect(authorised.list.length).toBe(authorised.total);
    expect(authorised.list.every((b) => b.authorised)).toBe(true);
    const all = (await post('/api/web/brand/getPage', { type: '0', limit: '5', offset: '1' })).body.data as BrandPage;
    expect(all.total).toBeGreaterThan(authorised.total);
    expect(all.list).toHaveLength(5);
    const second = (await post('/api/web/brand/getPage', { type: '0', limit: '5', offset: '2' })).body.data as BrandPage;
    expect(second.list.map((b) => b.id).some((id) => all.list.some((a) => a.id === id))).toBe(false);
    const lastOffset = Math.ceil(all.total / 5);
    const last = (await post('/api/web/brand/getPage', { type: '0', limit: '5', offset: String(lastOffset) })).body.data as BrandPage;
    expect(last.list.length).toBe(all.total - 5 * (lastOffset - 1));
    const past = (await post('/api/web/brand/getPage', { type: '0', limit: '5', offset: String(lastOffset + 1) })).body.data as BrandPage;
    expect(past.list).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('getPage with sk searches brand names in either language', async () => {
    const [brand] = await h.db.db.select().from(brands).orderBy(brands.id).limit(1);
    const b = brand as typeof brands.$inferSelect;
    const byEn = (await post('/api/web/brand/getPage', { sk: b.nameEn.slice(0, 4), limit: '50' }, en)).body.data as BrandPage;
    expect(byEn.list.some((x) => x.id === b.id && x.name === b.nameEn)).toBe(true);
    const byZh = (await post('/api/web/brand/getPage', { sk: b.nameZh })).body.data as BrandPage;
    expect(byZh.list.some((x) => x.id === b.id)).toBe(true);
    const none = (await post('/api/web/brand/getPage', { sk: "'; drop table brands; --" })).body.data as BrandPage;
    expect(none.total).toBe(0);
    expect((await h.db.db.select({ id: brands.id }).from(brands)).length).toBeGreaterThan(0);
  });

  it('getRecommend and getSlideshow answer recommended brands', async () => {
    const rec = (await post('/api/web/brand/getRecommend', { limit: '3' })).body.data as { id: number }[];
    expect(rec.length).toBeGreaterThan(0);
    expect(rec.length).toBeLessThanOrEqual(3);
    const slides = (await post('/api/web/brand/getSlideshow')).body.data as { id: number; title: string; link: string }[];
    expect(slides.length).toBeGreaterThan(0);
    for (const s of slides) expect(s.link).toBe(`/brand/detail?id=${s.id}`);
  });

  it('getDetails gives a brand with counts; 404 for an unknown id, 400 for a bad one', async () => {
    const [linked] = await h.db.db.select({ brandId: contentItems.brandId }).from(contentItems).where(sql`${contentItems.brandId} is not null`).limit(1);
    const id = linked?.brandId as number;
    const res = await post('/api/web/brand/getDetails', { id: String(id) }, en);
    expect(res.status).toBe(200);
    const d = res.body.data as { id: number; name: string; otherName: string; productCount: number; articleCount: number };
    const [row] = await h.db.db.select().from(brands).where(eq(brands.id, id));
    expect(d.name).toBe(row?.nameEn);
    expect(d.otherName).toBe(row?.nameZh);
    expect(d.articleCount).toBeGreaterThan(0);
    expect((await post('/api/web/brand/getDetails', { id: '999999' })).status).toBe(404);
    expect((await post('/api/web/brand/getDetails', { id: 'x1' })).status).toBe(404);
    expect((await post('/api/web/brand/getDetails', { id: '0' })).status).toBe(404);
    for (const bad of [`0${id}`, ` ${id}`, `${id} `]) expect((await post('/api/web/brand/getDetails', { id: bad })).status, JSON.stringify(bad)).toBe(404);
    expect((await post('/api/web/brand/getDetails')).status).toBe(400);
  });

  it('articles lists content linked to the brand, with paging and a 404 for an unknown brand', async () => {
    const [linked] = await h.db.db.select({ brandId: contentItems.brandId, n: sql<number>`count(*)::int` }).from(contentItems)
      .where(sql`${contentItems.brandId} is not null`).groupBy(contentItems.brandId).orderBy(sql`count(*) desc`).limit(1);
    const id = linked?.brandId as number;
    const page = (await post('/api/web/brand/articles', { id: String(id), limit: '1' })).body.data as { list: { brandId: number | null }[]; total: number };
    expect(page.total).toBe(Number(linked?.n));
    expect(page.list).toHaveLength(1);
    expect(page.list[0]?.brandId).toBe(id);
    expect((await post('/api/web/brand/articles', { id: '999999' })).status).toBe(404);
    expect((await post('/api/web/brand/articles', { id: String(id), limit: '0' })).status).toBe(400);
  });

  it('refuses bad types and limits', async () => {
    const bad: Record<string, string>[] = [{ type: '2' }, { type: 'a' }, { limit: '101' }, { offset: '0' }];
    for (const form of bad) {
      const res = await post('/api/web/brand/getPage', form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.code).toBe(400);
    }
    expect((await post('/api/web/brand/getRecommend', { limit: '51' })).status).toBe(400);
  });
});

describe('"could not find it" feedback', () => {
  const count = async () => Number(((await h.db.db.select({ n: sql<number>`count(*)::int` }).from(catalogFeedback)) as [{ n: number }])[0].n);

  it('stores a request with the cleaned key, and refuses bad input without writing', async () => {
    await resetRateLimits();
    const before = await count();
    const res = await post('/api/app/api/product/sx/feedback', { key: " 'benzene'; ", type: '3', contact: 'lab@example.edu', note: '500 g, 99.5%' }, { 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(200);
    const id = (res.body.data as { id: number }).id;
    const [row] = await h.db.db.select().from(catalogFeedback).where(eq(catalogFeedback.id, id));
    expect(row).toMatchObject({ searchKey: 'benzene', searchType: 3, contact: 'lab@example.edu', note: '500 g, 99.5%', clientAddress: '203.0.113.7', lang: 'zh', status: 'new' });
    const bad: Record<string, string>[] = [
      { type: '3' },
      { key: '   ;;  ', type: '3' },
      { key: 'x', type: '5' },
      { key: 'x', type: 'abc' },
      { key: 'x', type: '1', note: 'n'.repeat(501) },
      { key: 'x', type: '1', contact: 'c'.repeat(101) },
      { key: 'x', type: '1', note: 'bell\u0007' },
    ];
    for (const form of bad) {
      const r = await post('/api/app/api/product/sx/feedback', form, { 'x-forwarded-for': '203.0.113.8' });
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(Array.isArray(r.body.data)).toBe(true);
    }
    const enRes = await post('/api/app/api/product/sx/feedback', { type: '9' }, { ...en, 'x-forwarded-for': '203.0.113.8' });
    expect(enRes.body.data).toEqual(expect.arrayContaining([{ field: 'key', message: 'Enter what you were looking for' }, { field: 'type', message: 'Invalid search type' }]));
    expect(await count()).toBe(before + 1);
  });

  it('rations requests per client address', async () => {
    await resetRateLimits();
    const from = (ip: string) => post('/api/app/api/product/sx/feedback', { key: 'ABC-123', type: '1' }, { 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i += 1) expect((await from('198.51.100.1')).status).toBe(200);
    const before = await count();
    const limited = await from('198.51.100.1');
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe('提交过于频繁，请稍后再试');
    expect(await count()).toBe(before);
    expect((await from('198.51.100.2')).status).toBe(200);
  });
});

describe('every catalogue call', () => {
  const CALLS: Record<string, string[]> = {
    '/api/web/product/getFirst': [],
    '/api/web/product/get1stCat': ['catId'],
    '/api/web/product/getPage': ['key', 'type', 'flag', 'categoryId', 'brandIds', 'inStock', 'sort', 'cursor', 'limit'],
    '/api/web/product/getName': ['key', 'limit'],
    '/api/web/brand/getType': [],
    '/api/web/brand/getRecommend': ['limit'],
    '/api/web/brand/getSlideshow': [],
    '/api/web/brand/getPage': ['type', 'sk', 'limit', 'offset'],
    '/api/web/brand/linked/list': ['id', 'inStock', 'sort', 'cursor', 'limit'],
    '/api/web/brand/getDetails': ['id'],
    '/api/web/brand/articles': ['id', 'limit', 'offset'],
    '/api/app/api/product/sx': ['key', 'type', 'flag', 'categoryId', 'brandIds', 'inStock', 'sort', 'cursor', 'limit'],
    '/api/app/api/product/sx/brands': ['key', 'type', 'flag', 'categoryId', 'inStock'],
    '/api/app/api/product/sx/feedback': ['key', 'type', 'contact', 'note'],
  };
  const NASTY: unknown[] = [
    '', ' ', 'x'.repeat(5000), '-1', '0', '1.5', '1e9', '99999999999999999999', 'NaN', 'true', "'; drop table products; --",
    '%_\\', '.*+?^${}()|[]', '\u0000\u0001', '<script>alert(1)</script>', '乙'.repeat(60), ['1', '2'], { $ne: 1 }, null, 12, false,
  ];

  it('answers every malformed field with the envelope and never a 500, writing nothing', async () => {
    await resetRateLimits();
    const before = Number(((await h.db.db.select({ n: sql<number>`count(*)::int` }).from(catalogFeedback)) as [{ n: number }])[0].n);
    let stored = 0;
    for (const [path, fields] of Object.entries(CALLS)) {
      for (const field of fields.length > 0 ? fields : ['anything']) {
        for (const value of NASTY) {
          const res = await h.call('POST', path, { json: { [field]: value }, headers: { 'x-forwarded-for': '192.0.2.77' } });
          expect(res.status, `${path} ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
          expect([200, 400, 404, 429], `${path} ${field}`).toContain(res.status);
          expect(typeof res.body.code).toBe('number');
          expect(typeof res.body.msg).toBe('string');
          if (path.endsWith('/feedback') && res.status === 200) stored += 1;
        }
      }
    }
    // Only a feedback body with a key and a type can be stored, and none of the bodies above has both.
    expect(stored).toBe(0);
    const after = Number(((await h.db.db.select({ n: sql<number>`count(*)::int` }).from(catalogFeedback)) as [{ n: number }])[0].n);
    expect(after).toBe(before);
  });

  it('are described in the OpenAPI document with their input and output schemas', async () => {
    const res = await h.app.request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, { content: { 'application/json': { schema: { properties: { data: Record<string, unknown> } } } } }> } }> };
    for (const path of Object.keys(CALLS)) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeTruthy();
      const data = op?.responses['200']?.content['application/json'].schema.properties.data;
      expect(Object.keys(data ?? {}).length, path).toBeGreaterThan(0);
      if (CALLS[path]?.length) expect(op?.requestBody, path).toBeTruthy();
    }
  });
});
