import { describe, expect, it } from 'vitest';
import { visitorDays } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { recordVisit, shopDay, summariseVisits } from './service';
import { VISITOR_COOKIE } from '@/server/http/visitor-cookie';

const h = fileApiHarness();

const UA = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140 Safari/537.36' };

async function report(cookie?: string, headers: Record<string, string> = UA) {
  const res = await h.call('POST', '/api/app/web/track/report', { form: { path: '/news/index' }, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const set = res.headers.get('set-cookie') ?? '';
  return { res, data: res.body.data as { counted: boolean; uv: number }, cookie: set.split(';')[0] || cookie };
}

describe('POST /api/app/web/track/report', () => {
  it('counts a new visitor once a day and sets a first-party cookie', async () => {
    const before = ((await h.call('POST', '/api/web/visitor/getUv')).body.data as { uv: number }).uv;
    const first = await report();
    expect(first.res.status).toBe(200);
    expect(first.data).toEqual({ counted: true, uv: before + 1 });
    const setCookie = first.res.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`${VISITOR_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const again = await report(first.cookie);
    expect(again.data).toEqual({ counted: false, uv: before + 1 });
    expect(again.res.headers.get('set-cookie')).toBeNull();
    const other = await report();
    expect(other.data).toEqual({ counted: true, uv: before + 2 });
    expect(((await h.call('POST', '/api/web/visitor/getUv')).body.data as { uv: number }).uv).toBe(before + 2);
  });

  it('replaces a forged or malformed visitor id, and does not count crawlers', async () => {
    const forged = await report(`${VISITOR_COOKIE}=../../etc`);
    expect(forged.data.counted).toBe(true);
    expect(forged.cookie).not.toContain('etc');
    const bot = await report(undefined, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(bot.data.counted).toBe(false);
    expect(bot.res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a path that is not a site path', async () => {
    const res = await h.call('POST', '/api/app/web/track/report', { form: { path: 'https://evil.example' }, headers: UA });
    expect(res.status).toBe(400);
  });
});

describe('visits by day', () => {
  it('counts the same visitor again on another day, and keeps page views', async () => {
    const day1 = new Date('2030-03-01T10:00:00+08:00');
    const day2 = new Date('2030-03-02T09:00:00+08:00');
    expect(await recordVisit(h.db.db, { visitorId: 'AAAAAAAAAAAAAAAAAAAAAA', path: '/', now: day1 })).toEqual({ counted: true });
    expect(await recordVisit(h.db.db, { visitorId: 'AAAAAAAAAAAAAAAAAAAAAA', path: '/x', now: day1 })).toEqual({ counted: false });
    expect(await recordVisit(h.db.db, { visitorId: 'AAAAAAAAAAAAAAAAAAAAAA', path: '/', now: day2 })).toEqual({ counted: true });
    const summary = await summariseVisits(h.db.db, { days: 2, now: day2 });
    expect(summary.days.map((d) => d.day)).toEqual(['2030-03-02', '2030-03-01']);
    expect(summary.days[1]).toEqual({ day: '2030-03-01', uv: 1, pv: 2 });
    expect(summary.today).toEqual({ uv: 1, pv: 1 });
    const rows = await h.db.db.select().from(visitorDays);
    expect(rows.filter((r) => r.visitorId === 'AAAAAAAAAAAAAAAAAAAAAA')).toHaveLength(2);
  });

  it('uses the China day', () => {
    expect(shopDay(new Date('2030-03-01T17:00:00Z'))).toBe('2030-03-02');
    expect(shopDay(new Date('2030-03-01T15:59:59Z'))).toBe('2030-03-01');
  });
});

describe('POST /api/app/web/track/summary', () => {
  it('is for staff with TRACKING.VIEW only', async () => {
    expect((await h.call('POST', '/api/app/web/track/summary', { form: { days: '7' } })).status).toBe(401);
    const buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    expect((await h.call('POST', '/api/app/web/track/summary', { form: { days: '7' }, token: buyer })).status).toBe(401);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    const refused = await h.call('POST', '/api/app/web/track/summary', { form: { days: '7' }, token: sales });
    expect(refused.body).toMatchObject({ code: 403, data: { missing: ['TRACKING.VIEW'] } });
  });

  it('gives totals and days; refuses bad input', async () => {
    const token = await h.loginStaff('admin', 'Admin#2026');
    const res = await h.call('POST', '/api/app/web/track/summary', { form: { days: '7' }, token });
    expect(res.status).toBe(200);
    const data = res.body.data as { uv: number; pv: number; days: unknown[] };
    expect(data.uv).toBeGreaterThanOrEqual(3);
    expect(data.pv).toBeGreaterThanOrEqual(data.uv);
    expect((await h.call('POST', '/api/app/web/track/summary', { form: { days: '0' }, token })).status).toBe(400);
    expect((await h.call('POST', '/api/app/web/track/summary', { form: { days: '1000' }, token })).status).toBe(400);
  });
});
