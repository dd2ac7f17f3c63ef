import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contentComments, contentItems } from '@/server/db/schema';
import { LIKES_PER_ADDRESS_ITEM } from '@/server/modules/rate-limit/policies';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
let articleId: number;
beforeAll(async () => {
  const [row] = await h.db.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'news')).limit(1);
  articleId = row?.id as number;
});

/** A browser with its own cookie jar (the visitor cookie). */
function browser() {
  let cookie = '';
  return async (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const res = await h.call('POST', path, { form, headers: { ...headers, ...(cookie ? { cookie } : {}), 'user-agent': 'Mozilla/5.0 test' } });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? cookie;
    return res;
  };
}

describe('content service: navigation and lists', () => {
  it('getNav lists the five channels with their categories and storefront links', async () => {
    const nav = (await h.call('POST', '/api/cms/getNav')).body.data as { channel: string; href: string; categories: { href: string }[] }[];
    expect(nav.map((n) => n.channel)).toEqual(['news', 'application', 'citation', 'support', 'resource']);
    expect(nav.find((n) => n.channel === 'support')?.categories[0]?.href).toMatch(/^\/support\/list\?id=\d+$/);
    expect(nav.find((n) => n.channel === 'application')?.categories[0]?.href).toMatch(/^\/applications\/list\?typeId=\d+$/);
  });

  it('getChannel, getContentCate and getContentTags', async () => {
    const channel = (await h.call('POST', '/api/cms/getChannel', { form: { channel: 'application' }, headers: { 'accept-language': 'en' } })).body.data as { name: string; total: number; categories: unknown[] };
    expect(channel).toMatchObject({ name: 'Applications', total: 30 });
    expect(channel.categories).toHaveLength(5);
    const cates = (await h.call('POST', '/api/cms/getContentCate', { form: { channel: 'citation' } })).body.data as unknown[];
    expect(cates).toHaveLength(3);
    const tags = (await h.call('POST', '/api/cms/getContentTags')).body.data as { id: number; count: number }[];
    expect(tags.length).toBeGreaterThan(0);
    expect((await h.call('POST', '/api/cms/getChannel', { form: { channel: 'blog' } })).status).toBe(400);
  });

  it('getContentList filters by channel, category, tag and keyword, and sorts by reads', async () => {
    const tags = (await h.call('POST', '/api/cms/getContentTags')).body.data as { id: number; count: number }[];
    const tag = tags[0] as { id: number; count: number };
    const byTag = (await h.call('POST', '/api/cms/getContentList', { form: { tagId: String(tag.id), limit: '50' } })).body.data as { total: number };
    expect(byTag.total).toBe(tag.count);
    const popular = (await h.call('POST', '/api/cms/getContentList', { form: { channel: 'news', sort: 'popular', limit: '5' } })).body.data as { list: { views: number }[] };
    const views = popular.list.map((i) => i.views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    expect((await h.call('POST', '/api/cms/getContentList', { form: { channel: 'news', cateId: '999999' } })).status).toBe(404);
    expect((await h.call('POST', '/api/cms/getContentList', { form: { sort: 'random' } })).status).toBe(400);
  });

  it('getContentDetail gives any channel, and 404 for an unknown id', async () => {
    const res = await h.call('POST', '/api/cms/getContentDetail', { form: { id: String(articleId) } });
    expect(res.status).toBe(200);
    expect((res.body.data as { kind: string }).kind).toBe('news');
    expect((await h.call('POST', '/api/cms/getContentDetail', { form: { id: '999999' } })).status).toBe(404);
  });

  it('getRes lists downloadable files only', async () => {
    const res = (await h.call('POST', '/api/cms/getRes', { form: { limit: '50' } })).body.data as { list: { url: string; fileName: string }[]; total: number };
    expect(res.total).toBe(12);
    expect(res.list.every((r) => r.url.startsWith('/api/web/files/resource/') && r.fileName.endsWith('.pdf'))).toBe(true);
  });
});

describe('content service: tips, users and comments', () => {
  it('counts a like once per visitor, and again for another visitor', async () => {
    const a = browser();
    const first = (await a('/api/cms/setContentTips', { id: String(articleId) })).body.data as { tips: number; counted: boolean };
    expect(first.counted).toBe(true);
    const again = (await a('/api/cms/setContentTips', { id: String(articleId) })).body.data as { tips: number; counted: boolean };
    expect(again).toEqual({ tips: first.tips, counted: false });
    const b = browser();
    const other = (await b('/api/cms/setContentTips', { id: String(articleId) })).body.data as { tips: number; counted: boolean };
    expect(other).toEqual({ tips: first.tips + 1, counted: true });
    expect((await a('/api/cms/setContentTips', { id: '999999' })).status).toBe(404);
  });

  it('caps likes per client address, so dropping the visitor cookie cannot inflate the count', async () => {
    const peer = { 'x-forwarded-for': '203.0.113.40' };
    const before = (await browser()('/api/cms/setContentTips', { id: String(articleId) }, { 'x-forwarded-for': '203.0.113.41' })).body.data as { tips: number };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await browser()('/api/cms/setContentTips', { id: String(articleId) }, peer)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await browser()('/api/cms/setContentTips', { id: String(articleId) }, peer);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('请求过于频繁，请稍后再试');
    const after = (await browser()('/api/cms/setContentTips', { id: String(articleId) }, { 'x-forwarded-for': '203.0.113.42' })).body.data as { tips: number };
    // Of the 30 cookie-less likes from one address, only the per-address cap on the item counted.
    expect(after.tips).toBe(before.tips + LIKES_PER_ADDRESS_ITEM.points + 1);
  });

  it('a signed-in customer likes once whatever the browser', async () => {
    const token = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    const one = (await h.call('POST', '/api/cms/setContentTips', { form: { id: String(articleId) }, token })).body.data as { counted: boolean };
    const two = (await h.call('POST', '/api/cms/setContentTips', { form: { id: String(articleId) }, token })).body.data as { counted: boolean };
    expect([one.counted, two.counted]).toEqual([true, false]);
  });

  it('needs a name before a guest comments; stores plain text that shows once approved', async () => {
    const a = browser();
    const refused = await a('/api/cms/addComment', { id: String(articleId), body: '很有帮助' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先填写昵称再评论');
    const user = await a('/api/cms/addUser', { nickname: '<b>小王</b>', email: 'wang@example.org' });
    expect(user.status).toBe(200);
    expect((user.body.data as { nickname: string }).nickname).toBe('小王');
    const added = await a('/api/cms/addComment', { id: String(articleId), body: '<img src=x onerror=alert(1)>很有帮助 <script>alert(2)</script><a href="javascript:alert(3)">链接</a>' });
    expect(added.status).toBe(200);
    const comment = added.body.data as { author: string; body: string };
    expect(comment.author).toBe('小王');
    expect(comment.body).toBe('很有帮助 链接');
    const pending = (await a('/api/cms/getComment', { id: String(articleId) })).body.data as { total: number };
    expect(pending.total).toBe(0);
    await h.db.db.update(contentComments).set({ status: 'approved' }).where(eq(contentComments.contentId, articleId));
    const list = (await a('/api/cms/getComment', { id: String(articleId) })).body.data as { list: { body: string }[]; total: number };
    expect(list.list[0]?.body).toBe('很有帮助 链接');
    expect(list.total).toBe(1);
  });

  it('limits comment length and rate', async () => {
    const token = await h.loginUser('approver@demo.example.com', 'Reagent#2026');
    expect((await h.call('POST', '/api/cms/addComment', { form: { id: String(articleId), body: 'x'.repeat(501) }, token })).status).toBe(400);
    expect((await h.call('POST', '/api/cms/addComment', { form: { id: String(articleId), body: ' ' }, token })).status).toBe(400);
    const c = browser();
    await c('/api/cms/addUser', { nickname: 'Lab user' });
    const ok = await c('/api/cms/addComment', { id: String(articleId), body: 'Useful, thanks' }, { 'accept-language': 'en' });
    expect(ok.status).toBe(200);
    const fast = await c('/api/cms/addComment', { id: String(articleId), body: 'Second one' }, { 'accept-language': 'en' });
    expect(fast.status).toBe(429);
    expect(fast.body.msg).toBe('You are commenting too often; please wait a moment');
    expect((await c('/api/cms/addComment', { id: '999999', body: 'hello' })).status).toBe(404);
  });

  it('a customer comments under the account name; the window limit holds across visitors of one browser', async () => {
    const token = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    const res = await h.call('POST', '/api/cms/addComment', { form: { id: String(articleId), body: '已下单，期待到货' }, token });
    expect(res.status).toBe(200);
    expect((res.body.data as { author: string }).author.length).toBeGreaterThan(0);
    const stored = await h.db.db.select().from(contentComments).where(eq(contentComments.contentId, articleId));
    expect(stored.every((s) => !/[<>]/.test(s.body))).toBe(true);
  });

  it('pages comments and refuses bad input', async () => {
    await h.db.db.update(contentComments).set({ status: 'approved' }).where(eq(contentComments.contentId, articleId));
    const page = (await h.call('POST', '/api/cms/getComment', { form: { id: String(articleId), limit: '1', offset: '2' } })).body.data as { list: unknown[]; total: number };
    expect(page.list).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await h.call('POST', '/api/cms/getComment', { form: { id: '999999' } })).status).toBe(404);
    expect((await h.call('POST', '/api/cms/addUser', { form: { nickname: 'x' } })).status).toBe(400);
    expect((await h.call('POST', '/api/cms/addUser', { form: { nickname: 'abc', email: 'not-mail' } })).status).toBe(400);
  });
});

describe('comment backstop per item', () => {
  it('refuses comments on an item past 30 in 10 minutes, whoever writes them', async () => {
    const { addComment, saveCmsUser, COMMENT_LIMITS } = await import('./comments');
    const [row] = await h.db.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'support')).limit(1);
    const now = new Date();
    for (let i = 0; i < COMMENT_LIMITS.perItemPerWindow; i += 1) {
      const visitorId = `bot${String(i).padStart(19, '0')}`;
      await saveCmsUser(h.db.db, { visitorId, nickname: `bot ${i}` });
      await addComment(h.db.db, { contentId: row?.id as number, body: `comment ${i}`, actor: { visitorId, ip: '', user: null }, now });
    }
    await saveCmsUser(h.db.db, { visitorId: 'late000000000000000000', nickname: 'late' });
    await expect(addComment(h.db.db, { contentId: row?.id as number, body: 'one more', actor: { visitorId: 'late000000000000000000', ip: '', user: null }, now })).rejects.toMatchObject({ code: 429 });
  });
});
