import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contentItems, productDocuments, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

type Page = { list: { id: number; title: string; categoryId: number | null; kind: string }[]; total: number; limit: number; offset: number };
const post = (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) => h.call('POST', path, { form, headers });
const en = { 'accept-language': 'en' };

describe('journalism (news)', () => {
  it('lists types, topics, slideshow, posters and recommended news', async () => {
    const types = (await post('/api/web/journalism/getType')).body.data as { id: number; type: string; count: number }[];
    expect(types.map((t) => t.type)).toEqual(['公司新闻', '行业资讯', '促销活动']);
    expect(types.every((t) => t.count > 0)).toBe(true);
    const enTypes = (await post('/api/web/journalism/getType', {}, en)).body.data as { type: string }[];
    expect(enTypes[0]?.type).toBe('Company news');
    expect(((await post('/api/web/journalism/topics')).body.data as unknown[]).length).toBeGreaterThan(0);
    expect(((await post('/api/web/journalism/getSlideshow')).body.data as unknown[]).length).toBe(2);
    expect(((await post('/api/web/journalism/posters')).body.data as unknown[]).length).toBe(2);
    const recommended = (await post('/api/web/journalism/getRecommend', { limit: '3' })).body.data as unknown[];
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.length).toBeLessThanOrEqual(3);
  });

  it('pages news by type, newest first, with a total', async () => {
    const types = (await post('/api/web/journalism/getType')).body.data as { id: number; count: number }[];
    const type = types[0] as { id: number; count: number };
    const first = (await post('/api/web/journalism/getPage', { typeId: String(type.id), limit: '2', offset: '1' })).body.data as Page;
    expect(first.total).toBe(type.count);
    expect(first.list).toHaveLength(2);
    expect(first.list.every((i) => i.categoryId === type.id && i.kind === 'news')).toBe(true);
    const second = (await post('/api/web/journalism/getPage', { typeId: String(type.id), limit: '2', offset: '2' })).body.data as Page;
    expect(second.list.map((i) => i.id)).not.toEqual(first.list.map((i) => i.id));
    const far = (await post('/api/web/journalism/getPage', { limit: '10', offset: '999' })).body.data as Page;
    expect(far.list).toEqual([]);
  });

  it('finds news by keyword in either language', async () => {
    const zh = (await post('/api/web/journalism/getPage', { keyword: '网站' })).body.data as Page;
    expect(zh.list.length).toBeGreaterThan(0);
    const enRes = (await post('/api/web/journalism/getPage', { keyword: 'website' }, en)).body.data as Page;
    expect(enRes.list[0]?.title).toMatch(/website/i);
    const none = (await post('/api/web/journalism/getPage', { keyword: '%_%' })).body.data as Page;
    expect(none.total).toBe(0);
  });

  it('gives an article with neighbours, counts a view, and 404 for unknown or other kinds', async () => {
    const page = (await post('/api/web/journalism/getPage', { limit: '3' })).body.data as Page;
    const id = page.list[1]?.id as number;
    const res = await post('/api/web/journalism/getDetails', { id: String(id) });
    expect(res.status).toBe(200);
    const detail = res.body.data as { body: string; prev: { id: number } | null; next: { id: number } | null; views: number };
    expect(detail.body).toContain('<p>');
    expect(detail.next?.id).toBe(page.list[2]?.id);
    expect(detail.prev?.id).toBe(page.list[0]?.id);
    const again = (await post('/api/web/journalism/getDetails', { id: String(id) })).body.data as { views: number };
    expect(again.views).toBe(detail.views + 1);
    expect((await post('/api/web/journalism/getDetails', { id: '999999' })).status).toBe(404);
    const [app] = await h.db.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'application')).limit(1);
    expect((await post('/api/web/journalism/getDetails', { id: String(app?.id) })).status).toBe(404);
  });

  it('lists news linked to a brand', async () => {
    const [linked] = await h.db.db.select({ brandId: contentItems.brandId }).from(contentItems).where(eq(contentItems.kind, 'news')).orderBy(contentItems.brandId).limit(1);
    const brandId = linked?.brandId;
    expect(brandId).toBeTruthy();
    const page = (await post('/api/web/journalism/linked/list', { brandId: String(brandId) })).body.data as Page;
    expect(page.list.length).toBeGreaterThan(0);
  });

  it('refuses bad input with field errors', async () => {
    for (const [path, form] of [
      ['/api/web/journalism/getPage', { limit: '0' }],
      ['/api/web/journalism/getPage', { typeId: 'abc' }],
      ['/api/web/journalism/getPage', { keyword: 'x'.repeat(51) }],
      ['/api/web/journalism/getDetails', {}],
      ['/api/web/journalism/getDetails', { id: '-1' }],
      ['/api/web/journalism/linked/list', {}],
      ['/api/web/journalism/getRecommend', { limit: '1000' }],
    ] as const) {
      const res = await post(path, form);
      expect(res.status, `${path} ${JSON.stringify(form)}`).toBe(400);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
  });
});

describe('applicationManagement', () => {
  it('lists categories with their cases', async () => {
    const types = (await post('/api/web/applicationManagement/getType')).body.data as { id: number; name: string; cases: { id: number; name: string }[] }[];
    expect(types).toHaveLength(5);
    expect(types.every((t) => t.cases.length > 0)).toBe(true);
    const total = types.reduce((sum, t) => sum + t.cases.length, 0);
    expect(total).toBe(30);
  });

  it('gives details by category with the required defaults (docs/requirements/api.md#paging: limit 15, offset 1)', async () => {
    const types = (await post('/api/web/applicationManagement/getType')).body.data as { id: number; cases: unknown[] }[];
    const type = types[0] as { id: number; cases: unknown[] };
    const list = (await post('/api/web/applicationManagement/getTypeId', { typeId: String(type.id), limit: '15', offset: '1' })).body.data as { categoryId: number }[];
    expect(list).toHaveLength(type.cases.length);
    expect(list.every((i) => i.categoryId === type.id)).toBe(true);
    expect((await post('/api/web/applicationManagement/getTypeId', { typeId: '999999' })).status).toBe(404);
    expect((await post('/api/web/applicationManagement/getTypeId', {})).status).toBe(400);
  });

  it('pages cases, gives one case, and 404 for an unknown id', async () => {
    const page = (await post('/api/web/applicationManagement/getPage')).body.data as Page;
    expect(page.limit).toBe(15);
    expect(page.total).toBe(30);
    expect(page.list).toHaveLength(15);
    const id = page.list[0]?.id as number;
    const detail = await post('/api/web/applicationManagement/getDetails', { id: String(id) }, en);
    expect(detail.status).toBe(200);
    expect((detail.body.data as { title: string }).title).toBe(page.list.length ? ((await post('/api/web/applicationManagement/getPage', {}, en)).body.data as Page).list[0]?.title : '');
    expect((await post('/api/web/applicationManagement/getDetails', { id: '999999' })).status).toBe(404);
    const linked = await post('/api/web/applicationManagement/linked/list', { brandId: '1' });
    expect(linked.status).toBe(200);
  });
});

describe('secondSupport', () => {
  it('gives the first page of support types (limit 6, offset 1)', async () => {
    const types = (await post('/api/web/secondSupport/getTypePage', { limit: '6', offset: '1' })).body.data as { id: number; type: string }[];
    expect(types).toHaveLength(6);
    expect(Object.keys(types[0] ?? {}).sort()).toEqual(['id', 'type']);
    const second = (await post('/api/web/secondSupport/getTypePage', { limit: '4', offset: '2' })).body.data as unknown[];
    expect(second).toHaveLength(2);
  });

  it('gives a type with its articles, questions, pages and details', async () => {
    const types = (await post('/api/web/secondSupport/getTypePage')).body.data as { id: number }[];
    const typeId = types[0]?.id as number;
    const type = (await post('/api/web/secondSupport/getTypeDetails', { id: String(typeId) })).body.data as { type: string; items: { categoryId: number }[] };
    expect(type.items.length).toBeGreaterThan(0);
    expect(type.items.every((i) => i.categoryId === typeId)).toBe(true);
    expect((await post('/api/web/secondSupport/getTypeDetails', { id: '999999' })).status).toBe(404);
    const qa = (await post('/api/web/secondSupport/getQAList', { limit: '5' })).body.data as { question: string; answer: string }[];
    expect(qa).toHaveLength(5);
    expect(qa[0]?.answer.length).toBeGreaterThan(0);
    const page = (await post('/api/web/secondSupport/getPage', { typeId: String(typeId) })).body.data as Page;
    expect(page.total).toBe(type.items.length);
    const detail = await post('/api/web/secondSupport/getDetails', { id: String(page.list[0]?.id) });
    expect(detail.status).toBe(200);
    expect((await post('/api/web/secondSupport/getDetails', { id: 'x' })).status).toBe(400);
  });
});

describe('resourceManage', () => {
  it('lists resource types with the handbooks first, and pages resources with download links', async () => {
    const types = (await post('/api/web/resourceManage/getType', {}, en)).body.data as { id: number; type: string; count: number }[];
    expect(types[0]?.type).toBe('Handbooks');
    const page = (await post('/api/web/resourceManage/getPage', { typeId: String(types[0]?.id) })).body.data as { list: { fileUrl: string | null }[]; total: number };
    expect(page.total).toBe(types[0]?.count);
    expect(page.list.every((r) => r.fileUrl?.startsWith('/api/web/files/resource/'))).toBe(true);
  });

  it('finds the COA of a lot by item number and lot number, in any case and with a pack suffix', async () => {
    const [doc] = await h.db.db
      .select({ lotNo: productDocuments.lotNo, itemNo: products.itemNo })
      .from(productDocuments)
      .innerJoin(products, eq(products.id, productDocuments.productId))
      .where(eq(productDocuments.kind, 'coa'))
      .limit(1);
    const itemNo = doc?.itemNo as string;
    const lotNo = doc?.lotNo as string;
    const found = (await post('/api/web/resourceManage/getCOAs', { itemNo, lotNo })).body.data as { itemNo: string; lotNo: string; url: string }[];
    expect(found).toHaveLength(1);
    expect(found[0]?.url).toMatch(/^\/api\/web\/files\/document\/\d+$/);
    const loose = (await post('/api/web/resourceManage/getCOAs', { itemNo: `${itemNo.toLowerCase()}-25g`, lotNo: lotNo.toLowerCase() })).body.data as unknown[];
    expect(loose).toHaveLength(1);
    const wrongLot = (await post('/api/web/resourceManage/getCOAs', { itemNo, lotNo: 'NOPE' })).body.data as unknown[];
    expect(wrongLot).toEqual([]);
    expect((await post('/api/web/resourceManage/getCOAs', { itemNo })).status).toBe(400);
  });

  it('lists COA years and the COAs of a year', async () => {
    const years = (await post('/api/web/resourceManage/getYear')).body.data as number[];
    expect(years.length).toBeGreaterThan(0);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    const page = (await post('/api/web/resourceManage/getAllCOAs', { year: String(years[0]), limit: '5' })).body.data as { list: { issuedAt: string; kind: string }[]; total: number };
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((d) => d.kind === 'coa')).toBe(true);
    expect((await post('/api/web/resourceManage/getAllCOAs', { year: '1800' })).status).toBe(400);
  });

  it('lists MSDS and protocols, narrowed by item number, CAS or name', async () => {
    const msds = (await post('/api/web/resourceManage/list', { kind: 'msds', limit: '5' })).body.data as { list: { itemNo: string; cas: string | null; kind: string }[]; total: number };
    expect(msds.list.length).toBe(5);
    expect(msds.list.every((d) => d.kind === 'msds')).toBe(true);
    const first = msds.list[0] as { itemNo: string; cas: string | null };
    const byItem = (await post('/api/web/resourceManage/list', { kind: 'msds', keyword: first.itemNo })).body.data as { list: { itemNo: string }[] };
    expect(byItem.list.every((d) => d.itemNo.startsWith(first.itemNo))).toBe(true);
    expect(byItem.list.length).toBeGreaterThan(0);
    const withCas = msds.list.find((d) => d.cas);
    if (withCas?.cas) {
      const byCas = (await post('/api/web/resourceManage/list', { kind: 'msds', keyword: withCas.cas.replace(/-/g, '') })).body.data as { list: { cas: string }[] };
      expect(byCas.list.some((d) => d.cas === withCas.cas)).toBe(true);
    }
    const protocols = await post('/api/web/resourceManage/list', { kind: 'protocol' });
    expect(protocols.status).toBe(200);
    expect((await post('/api/web/resourceManage/list', { kind: 'manual' })).status).toBe(400);
  });
});

describe('bannerManagement', () => {
  it('answers the home page calls', async () => {
    const banners = (await post('/api/web/bannerManagement/getPage', { position: 'home-slideshow' })).body.data as { list: { position: string }[]; total: number };
    expect(banners.total).toBe(4);
    expect(banners.list.every((b) => b.position === 'home-slideshow')).toBe(true);
    const footer = (await post('/api/web/bannerManagement/getFooter')).body.data as { content: string };
    expect(footer.content).toContain('sales@reagent.example.com');
    const text = (await post('/api/web/bannerManagement/getText', {}, en)).body.data as { title: string; content: string };
    expect(text.title).toBe('Built for research purchasing');
    for (const path of ['getNew', 'getHot', 'getSpecial']) {
      const list = (await post(`/api/web/bannerManagement/${path}`, { limit: '4' })).body.data as { itemNo: string }[];
      expect(list.length, path).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(4);
    }
    const literature = (await post('/api/web/bannerManagement/getLiterature', { limit: '3' })).body.data as { kind: string; source: string }[];
    expect(literature).toHaveLength(3);
    expect(literature.every((l) => l.kind === 'citation' && l.source.length > 0)).toBe(true);
    expect(((await post('/api/web/bannerManagement/getWhy')).body.data as unknown[]).length).toBe(4);
    expect((await post('/api/web/bannerManagement/getPage', { position: 'DROP TABLE' })).status).toBe(400);
  });
});

describe('stored rich text is sanitised before it is rendered', () => {
  it('drops <img onerror>, <svg onload> and javascript: links stored in zh and en bodies and blocks', async () => {
    const evil = '<p>正文 text</p><img src="x" onerror="alert(1)"><svg onload="alert(2)"><circle/></svg><a href="javascript:alert(3)">链接 link</a><script>alert(4)</script>';
    const [row] = await h.db.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'news')).limit(1);
    await h.db.db.update(contentItems).set({ bodyZh: evil, bodyEn: evil }).where(eq(contentItems.id, row?.id as number));
    for (const headers of [{}, en]) {
      const body = ((await post('/api/web/journalism/getDetails', { id: String(row?.id) }, headers)).body.data as { body: string }).body;
      expect(body).toContain('正文 text');
      expect(body).toContain('链接 link');
      expect(body).not.toMatch(/onerror|onload|javascript:|<svg|<script|alert\(/i);
    }
    const { siteBlocks } = await import('@/server/db/schema');
    await h.db.db.update(siteBlocks).set({ bodyZh: evil }).where(eq(siteBlocks.key, 'footer'));
    const footer = (await post('/api/web/bannerManagement/getFooter')).body.data as { content: string };
    expect(footer.content).not.toMatch(/onerror|onload|javascript:|<svg|<script/i);
  });
});

describe('listLatestPerCategory', () => {
  it('gives the newest items of every category in one query, newest first', async () => {
    const { listLatestPerCategory, listContent } = await import('./items');
    const byType = await listLatestPerCategory(h.db.db, { kind: 'news', perCategory: 2, lang: 'zh' });
    expect(byType.size).toBe(3);
    for (const [categoryId, items] of byType) {
      const expected = await listContent(h.db.db, { kind: 'news', categoryId, lang: 'zh', limit: 2, offset: 1 });
      expect(items.map((i) => i.id)).toEqual(expected.list.map((i) => i.id));
    }
  });
});
