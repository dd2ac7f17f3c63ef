import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentComments, contentItems } from '@/server/db/schema';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { LIKES_PER_ADDRESS_ITEM } from '@/server/modules/rate-limit/policies';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
let items: number[];
beforeAll(async () => {
  items = (await h.db.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'application')).limit(3)).map((r) => r.id);
});
beforeEach(async () => {
  await resetRateLimits();
});

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140 Safari/537.36';
/** A request as scripts/serve.mjs hands it on: the TCP peer is the last X-Forwarded-For entry. */
const from = (address: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': address, 'user-agent': UA, ...extra });

/** A client that keeps its cookies, like a browser. */
function browser(address: string) {
  let cookie = '';
  return async (path: string, form: Record<string, string>) => {
    const res = await h.call('POST', path, { form, headers: from(address, cookie ? { cookie } : {}) });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? cookie;
    return res;
  };
}

type Tips = { tips: number; counted: boolean };
const like = (id: number, headers: Record<string, string>) => h.call('POST', '/api/cms/setContentTips', { form: { id: String(id) }, headers });

describe('likes', () => {
  it('a client that drops its cookie counts at most the per-address cap on one item', async () => {
    const item = items[0]!;
    const answers: Tips[] = [];
    for (let i = 0; i < 26; i++) answers.push((await like(item, from('203.0.113.5'))).body.data as Tips);
    expect(answers.filter((a) => a.counted)).toHaveLength(LIKES_PER_ADDRESS_ITEM.points);
    expect(answers.at(-1)!.tips - answers[0]!.tips).toBe(LIKES_PER_ADDRESS_ITEM.points - 1);
    // Another item, another address, and a signed-in customer are counted apart.
    expect(((await like(items[1]!, from('203.0.113.5'))).body.data as Tips).counted).toBe(true);
    expect(((await like(item, from('198.51.100.7'))).body.data as Tips).counted).toBe(true);
    const token = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    const customer = await h.call('POST', '/api/cms/setContentTips', { form: { id: String(item) }, headers: from('203.0.113.5'), token });
    expect((customer.body.data as Tips).counted).toBe(true);
  });

  it('one visitor counts once, however often it likes', async () => {
    const b = browser('192.0.2.10');
    const first = (await b('/api/cms/setContentTips', { id: String(items[2]) })).body.data as Tips;
    const again = (await b('/api/cms/setContentTips', { id: String(items[2]) })).body.data as Tips;
    expect([first.counted, again.counted]).toEqual([true, false]);
    expect(again.tips).toBe(first.tips);
  });
});

describe('comments', () => {
  it('are throttled per address too: a new cookie does not skip the interval', async () => {
    const a = browser('203.0.113.20');
    await a('/api/cms/addUser', { nickname: '实验员A' });
    expect((await a('/api/cms/addComment', { id: String(items[0]), body: '第一条评论' })).status).toBe(200);
    const b = browser('203.0.113.20');
    await b('/api/cms/addUser', { nickname: '实验员B' });
    const second = await b('/api/cms/addComment', { id: String(items[0]), body: '换了 cookie 的评论' });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe(429);
    const elsewhere = browser('198.51.100.30');
    await elsewhere('/api/cms/addUser', { nickname: '实验员C' });
    expect((await elsewhere('/api/cms/addComment', { id: String(items[0]), body: '另一处的评论' })).status).toBe(200);
    const stored = await h.db.db.select({ ip: contentComments.ip }).from(contentComments).where(eq(contentComments.contentId, items[0]!));
    expect(stored.map((s) => s.ip).sort()).toEqual(['198.51.100.30', '203.0.113.20']);
  });

  it('come back as plain text, whatever encoding the markup was sent in', async () => {
    const payloads = [
      '很好 &lt;svg onload=alert(1)&gt;',
      '很好 &amp;lt;svg onload=alert(1)&amp;gt;',
      '很好 &#60;img src=x onerror=alert(1)&#62;',
      '很好 <b>&lt;img src=x onerror=alert(1)&gt;</b>',
    ];
    for (const [i, body] of payloads.entries()) {
      const b = browser(`192.0.2.${100 + i}`);
      await b('/api/cms/addUser', { nickname: `读者${i}` });
      const added = await b('/api/cms/addComment', { id: String(items[1]), body });
      expect(added.status, body).toBe(200);
      expect((added.body.data as { body: string }).body, body).toBe('很好');
    }
    // Shown once approved (ADR 0036).
    await h.db.db.update(contentComments).set({ status: 'approved' }).where(eq(contentComments.contentId, items[1] as number));
    const list = (await h.call('POST', '/api/cms/getComment', { form: { id: String(items[1]), limit: '10' } })).body.data as { list: { body: string }[] };
    expect(list.list.map((c) => c.body)).toEqual(['很好', '很好', '很好', '很好']);
    expect(JSON.stringify(list)).not.toMatch(/<|&lt;|onload|onerror/);
  });
});
