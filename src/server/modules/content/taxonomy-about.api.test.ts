import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AboutDto } from '@/contracts/content-editing';
import type { AdminContentCategoryDto, AdminTagDto } from '@/contracts/content-taxonomy';
import type { ContentPage, TagDto } from '@/contracts/content';
import { rowsOf } from '@/server/db/client';
import { contentItems, siteBlocks } from '@/server/db/schema';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { writeProbe } from '../../../../test/db-writes';

const h = fileApiHarness({ products: 20 });
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };
let admin: string;

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
});

async function auditActions(entity: string, id: number | string): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`));
  return rows.map((r) => r.action);
}

describe('channel categories', () => {
  it('adds, renames and deletes an unused category; the storefront channel lists it; a category in use is kept', async () => {
    const added = await h.call('POST', '/api/admin/cms/categories', { token: admin, json: { channel: 'support', nameZh: '冷链问题', nameEn: 'Cold chain', sort: 5 } });
    expect(added.status).toBe(200);
    const cat = added.body.data as AdminContentCategoryDto;
    expect(cat).toMatchObject({ channel: 'support', items: 0 });
    const channel = (await h.call('POST', '/api/cms/getContentCate', { json: { channel: 'support' }, headers: en })).body.data as { id: number; type: string }[];
    expect(channel.map((c) => c.type)).toContain('Cold chain');
    const renamed = await h.call('PUT', `/api/admin/cms/categories/${cat.id}`, { token: admin, json: { channel: 'support', nameZh: '冷链运输', nameEn: 'Cold-chain shipping', sort: 6 } });
    expect((renamed.body.data as AdminContentCategoryDto).nameEn).toBe('Cold-chain shipping');
    const list = (await h.call('GET', '/api/admin/cms/categories?channel=support', { token: admin })).body.data as AdminContentCategoryDto[];
    expect(list.every((c) => c.channel === 'support')).toBe(true);
    const used = list.find((c) => c.items > 0);
    expect(used).toBeDefined();
    const refused = await h.call('DELETE', `/api/admin/cms/categories/${used!.id}`, { token: admin, headers: en });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Content is still filed under this category: it cannot be deleted');
    expect((await h.call('PUT', `/api/admin/cms/categories/${used!.id}`, { token: admin, json: { channel: 'news', nameZh: used!.nameZh, nameEn: used!.nameEn, sort: 0 } })).status).toBe(409);
    expect((await h.call('DELETE', `/api/admin/cms/categories/${cat.id}`, { token: admin })).status).toBe(200);
    expect(await auditActions('contentCategory', cat.id)).toEqual(['create', 'update', 'delete']);
  });
});

describe('tags', () => {
  it('adds, renames and deletes an unused tag; refuses a taken slug and deleting a tag in use', async () => {
    const added = await h.call('POST', '/api/admin/cms/tags', { token: admin, json: { slug: 'Cell-Culture', nameZh: '细胞培养', nameEn: 'Cell culture' } });
    expect(added.status).toBe(200);
    const tag = added.body.data as AdminTagDto;
    expect(tag).toMatchObject({ slug: 'cell-culture', items: 0, sort: 0 });
    const taken = await h.call('POST', '/api/admin/cms/tags', { token: admin, json: { slug: 'cell-culture', nameZh: '重复', nameEn: 'Again' } });
    expect(taken.status).toBe(409);
    const renamed = await h.call('PUT', `/api/admin/cms/tags/${tag.id}`, { token: admin, json: { slug: 'cell-culture', nameZh: '细胞培养技术', nameEn: 'Cell culture methods', sort: 3 } });
    expect((renamed.body.data as AdminTagDto).nameZh).toBe('细胞培养技术');
    const all = (await h.call('GET', '/api/admin/cms/tags', { token: admin })).body.data as AdminTagDto[];
    const used = all.find((t) => t.items > 0);
    expect(used).toBeDefined();
    expect((await h.call('DELETE', `/api/admin/cms/tags/${used!.id}`, { token: admin })).status).toBe(409);
    // The storefront's tag list still counts it.
    const storefront = (await h.call('POST', '/api/cms/getContentTags', { json: {} })).body.data as TagDto[];
    expect(storefront.map((t) => t.id)).toContain(used!.id);
    expect((await h.call('DELETE', `/api/admin/cms/tags/${tag.id}`, { token: admin })).status).toBe(200);
    expect(await auditActions('contentTag', tag.id)).toEqual(['create', 'update', 'delete']);
    const page = (await h.call('POST', '/api/cms/getContentList', { json: { tagId: used!.id, limit: 50 } })).body.data as ContentPage;
    expect(page.total).toBe(used!.items);
  });
});

describe('the about page', () => {
  it('sanitises the bodies on save and on render, and previews without writing', async () => {
    const hostile = '<p onclick="alert(1)">我们<script>alert(2)</script>的故事<img src=x onerror=alert(3)><a href="javascript:alert(4)">链接</a></p><h3>服务</h3>';
    const probe = await writeProbe(h.db.db);
    const before = await probe.snapshot();
    const preview = await h.call('POST', '/api/admin/cms/about/preview', { token: admin, json: { bodyZh: hostile, bodyEn: '<p>Our <b>story</b></p>' } });
    expect(preview.status).toBe(200);
    const shown = preview.body.data as { bodyZh: string; bodyEn: string };
    expect(shown.bodyZh).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(shown.bodyZh).toContain('的故事');
    expect(shown.bodyEn).toBe('<p>Our <b>story</b></p>');
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);

    const saved = await h.call('PUT', '/api/admin/cms/about', { token: admin, json: { titleZh: '<b>关于我们</b>', titleEn: 'About us', bodyZh: hostile, bodyEn: '<p>Our story</p>' } });
    expect(saved.status).toBe(200);
    const about = saved.body.data as AboutDto;
    expect(about.titleZh).toBe('关于我们');
    expect(about.bodyZh).toBe(shown.bodyZh);
    const [stored] = await h.db.db.select().from(siteBlocks).where(eq(siteBlocks.key, 'about'));
    expect(stored?.bodyZh).not.toMatch(/script|onclick|onerror|javascript:/);
    // A row written around the API (a script) is sanitised again when rendered.
    await h.db.db.update(siteBlocks).set({ bodyEn: '<p>ok</p><script>alert(5)</script><iframe src="https://evil.example"></iframe>' }).where(eq(siteBlocks.key, 'about'));
    const rendered = await getSiteBlock(h.db.db, { key: 'about', lang: 'en' });
    expect(rendered?.content).toBe('<p>ok</p>');
    expect((await h.call('GET', '/api/admin/cms/about', { token: admin })).body.data).toMatchObject({ titleEn: 'About us' });
    expect(await auditActions('siteBlock', 'about')).toEqual(['update']);
  });
});

describe('the privacy policy', () => {
  it('is the demo\'s example text, saved sanitised beside the about page and audited; the about page is untouched', async () => {
    const demo = (await h.call('GET', '/api/admin/cms/privacy', { token: admin })).body.data as AboutDto;
    expect(demo.titleZh).toBe('隐私政策（示例）');
    expect(demo.bodyEn).toContain('not a real shop’s privacy policy');
    const aboutBefore = (await h.call('GET', '/api/admin/cms/about', { token: admin })).body.data as AboutDto;
    const saved = await h.call('PUT', '/api/admin/cms/privacy', {
      token: admin, json: { titleZh: ' <i>隐私政策</i> ', titleEn: 'Privacy policy', bodyZh: '<p onclick="x()">我们收集<b>账号</b></p><script>alert(1)</script>', bodyEn: '<p>We collect your <b>login</b></p>' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ titleZh: '隐私政策', titleEn: 'Privacy policy', bodyZh: '<p>我们收集<b>账号</b></p>', bodyEn: '<p>We collect your <b>login</b></p>' });
    expect(await getSiteBlock(h.db.db, { key: 'privacy', lang: 'en' })).toEqual({ title: 'Privacy policy', content: '<p>We collect your <b>login</b></p>' });
    expect(await auditActions('siteBlock', 'privacy')).toEqual(['update']);
    expect((await h.call('GET', '/api/admin/cms/about', { token: admin })).body.data).toEqual(aboutBefore);
  });

  it('is created by its first save on a shop that has none, and refuses an empty title naming the field', async () => {
    await h.db.db.delete(siteBlocks).where(eq(siteBlocks.key, 'privacy'));
    expect((await h.call('GET', '/api/admin/cms/privacy', { token: admin })).body.data).toEqual({ titleZh: '', titleEn: '', bodyZh: '', bodyEn: '', updatedAt: null });
    const bad = await h.call('PUT', '/api/admin/cms/privacy', { token: admin, json: { titleZh: '隐私政策', titleEn: ' ', bodyZh: '', bodyEn: '' }, headers: en });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { field: string }[]).map((f) => f.field)).toEqual(['titleEn']);
    expect(await getSiteBlock(h.db.db, { key: 'privacy', lang: 'zh' })).toBeNull();
    const created = await h.call('PUT', '/api/admin/cms/privacy', { token: admin, json: { titleZh: '隐私政策', titleEn: 'Privacy', bodyZh: '<p>正文</p>', bodyEn: '<p>Text</p>' } });
    expect(created.status).toBe(200);
    expect(await auditActions('siteBlock', 'privacy')).toEqual(['update', 'create']);
  });
});

describe('bad input and authorisation', () => {
  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const [item] = await h.db.db.select({ categoryId: contentItems.categoryId }).from(contentItems).where(sql`${contentItems.categoryId} is not null`).limit(1);
    const probe = await writeProbe(h.db.db);
    const before = await probe.snapshot();
    const cat = await h.call('POST', '/api/admin/cms/categories', { token: admin, json: { channel: 'blog', nameZh: '', nameEn: 'x'.repeat(61), sort: -1 }, headers: en });
    expect(cat.status).toBe(400);
    expect((cat.body.data as { field: string }[]).map((f) => f.field).sort()).toEqual(['channel', 'nameEn', 'nameZh', 'sort']);
    const tag = await h.call('POST', '/api/admin/cms/tags', { token: admin, json: { slug: 'Bad slug!', nameZh: '标签', nameEn: 'Tag' } });
    expect(tag.status).toBe(400);
    expect(tag.body.data).toEqual([{ field: 'slug', message: '标识只能包含小写字母、数字和连字符（最多 40 个字符）' }]);
    expect((await h.call('PUT', `/api/admin/cms/categories/${item?.categoryId}`, { token: admin, json: { channel: 'news', nameZh: ' ', nameEn: 'N' } })).status).toBe(400);
    expect((await h.call('PUT', '/api/admin/cms/tags/99999999', { token: admin, json: { slug: 'nope', nameZh: '无', nameEn: 'None' } })).status).toBe(404);
    expect((await h.call('DELETE', '/api/admin/cms/tags/abc', { token: admin })).status).toBe(400);
    const about = await h.call('PUT', '/api/admin/cms/about', { token: admin, json: { titleZh: '', titleEn: 'About', bodyZh: 'x'.repeat(100_001), bodyEn: '' } });
    expect(about.status).toBe(400);
    expect((about.body.data as { field: string }[]).map((f) => f.field).sort()).toEqual(['bodyZh', 'titleZh']);
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);
  });

  it('lets staff who may edit content keep categories, tags and the about page; others get 401 or 403', async () => {
    const refused = { guest: 401, buyerA: 401, staffSales: 403 } as const;
    await matrix.expect([
      { method: 'GET', path: '/api/admin/cms/categories', expect: { ...refused, staffOps: 200 } },
      { method: 'POST', path: '/api/admin/cms/categories', json: { channel: 'news', nameZh: '甲', nameEn: 'A' }, expect: refused },
      { method: 'PUT', path: '/api/admin/cms/categories/1', json: { channel: 'news', nameZh: '甲', nameEn: 'A' }, expect: refused },
      { method: 'DELETE', path: '/api/admin/cms/categories/1', expect: refused },
      { method: 'GET', path: '/api/admin/cms/tags', expect: { ...refused, staffOps: 200 } },
      { method: 'POST', path: '/api/admin/cms/tags', json: { slug: 'a', nameZh: '甲', nameEn: 'A' }, expect: refused },
      { method: 'PUT', path: '/api/admin/cms/tags/1', json: { slug: 'a', nameZh: '甲', nameEn: 'A' }, expect: refused },
      { method: 'DELETE', path: '/api/admin/cms/tags/1', expect: refused },
      { method: 'GET', path: '/api/admin/cms/about', expect: { ...refused, staffOps: 200 } },
      { method: 'POST', path: '/api/admin/cms/about/preview', json: { bodyZh: '', bodyEn: '' }, expect: { ...refused, staffOps: 200 } },
      { method: 'PUT', path: '/api/admin/cms/about', json: { titleZh: '关于', titleEn: 'About', bodyZh: '', bodyEn: '' }, expect: refused },
      { method: 'GET', path: '/api/admin/cms/privacy', expect: { ...refused, staffOps: 200 } },
      { method: 'PUT', path: '/api/admin/cms/privacy', json: { titleZh: '隐私', titleEn: 'Privacy', bodyZh: '', bodyEn: '' }, expect: refused },
    ]);
  });
});
