import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

describe('POST /api/web/settingCon/getPage', () => {
  it('returns the first page of web settings with the required defaults (docs/requirements/api.md#paging: limit 10, offset 1)', async () => {
    const res = await h.call('POST', '/api/web/settingCon/getPage', { form: { limit: '10', offset: '1' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const items = res.body.data as { type: number; content: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    expect(items.find((i) => i.type === 1)?.content).toBeTruthy();
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['content', 'type']);
  });

  it('accepts JSON and query parameters too', async () => {
    const json = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 2, offset: 1 } });
    expect((json.body.data as unknown[]).length).toBe(2);
    const query = await h.call('POST', '/api/web/settingCon/getPage?limit=3&offset=1');
    expect((query.body.data as unknown[]).length).toBe(3);
  });

  it('pages with offset as a page number', async () => {
    const first = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 2, offset: 1 } });
    const second = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 2, offset: 2 } });
    expect(second.body.data).not.toEqual(first.body.data);
    const far = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 10, offset: 999 } });
    expect(far.body.data).toEqual([]);
  });

  it('answers 400 with field errors for bad input, in the caller language', async () => {
    const res = await h.call('POST', '/api/web/settingCon/getPage', { form: { limit: 'abc', offset: '0' } });
    expect(res.status).toBe(400);
    const fields = res.body.data as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['limit', 'offset']);
    const en = await h.call('POST', '/api/web/settingCon/getPage', { form: { limit: '1000' }, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Some fields are not valid');
    expect((en.body.data as { message: string }[])[0]?.message).toMatch(/100/);
  });
});

describe('getSiteContact', () => {
  it('leaves out stored links that would leave the site (a database written before the URL rule)', async () => {
    const { getSiteContact } = await import('./queries');
    const { webSettings } = await import('@/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const db = h.db.db;
    const [before] = await db.select({ content: webSettings.content }).from(webSettings).where(eq(webSettings.type, 1));
    await db.insert(webSettings).values({ type: 6, content: '//chat.evil.example', labelZh: '在线客服链接', labelEn: 'Chat link', sort: 60 });
    try {
      for (const bad of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://en.example.com\\@evil.example']) {
        await db.update(webSettings).set({ content: bad }).where(eq(webSettings.type, 1));
        const contact = await getSiteContact(db);
        expect(contact.englishSite, bad).toBeNull();
        expect(contact.chatLink).toBeNull();
      }
      for (const good of ['/en', 'https://en.reagent.example.com', 'en.reagent.example.com']) {
        await db.update(webSettings).set({ content: good }).where(eq(webSettings.type, 1));
        expect((await getSiteContact(db)).englishSite, good).toBe(good);
      }
    } finally {
      await db.update(webSettings).set({ content: before!.content }).where(eq(webSettings.type, 1));
      await db.delete(webSettings).where(eq(webSettings.type, 6));
    }
  });
});
