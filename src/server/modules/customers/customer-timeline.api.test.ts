import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../messages/en.json';
import zh from '../../../../messages/zh.json';
import type { TimelineEventDto } from '@/contracts/customers';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { expectWritesNothing, writeProbe } from '../../../../test/db-writes';

const h = fileApiHarness();
let sales: string;
let sales2: string;
let east: number;

beforeAll(async () => {
  sales = await h.loginStaff('sales', 'Sales#2026');
  sales2 = await h.loginStaff('sales2', 'Sales2#2026');
  east = Number(rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from companies where name = '上海示例生物科技有限公司'`))[0]!.id);
});

/** Every event of a customer's timeline, page after page. */
async function wholeTimeline(token: string, id: number, limit: number): Promise<TimelineEventDto[]> {
  const all: TimelineEventDto[] = [];
  let cursor: string | null = null;
  do {
    const res = await h.call('GET', `/api/admin/customers/${id}/timeline?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(res.status).toBe(200);
    const page = res.body.data as { items: TimelineEventDto[]; nextCursor: string | null };
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

describe('the CRM timeline with the customer\'s own records', () => {
  it('lists the customer\'s orders, quotations and complaints by their stored numbers, newest first, in keyset pages', async () => {
    const events = await wholeTimeline(sales, east, 7);
    const stored = rowsOf<{ source: string; id: number; no: string; state: string }>(await h.db.db.execute(sql`
      select 'order' as source, id, order_no as no, status as state from orders where company_id = ${east}
      union all select 'quotation', id, quote_no, state from quotations where company_id = ${east}
      union all select 'complaint', id, complaint_no, status from complaints where company_id = ${east}`));
    for (const source of ['order', 'quotation', 'complaint']) expect(stored.filter((r) => r.source === source).length, source).toBeGreaterThan(0);
    const records = events.filter((e) => e.source !== 'activity' && e.source !== 'audit');
    expect(records.map((e) => `${e.source}:${e.id}:${e.number}:${e.kind}`).sort()).toEqual(stored.map((r) => `${r.source}:${r.id}:${r.no}:${r.state}`).sort());
    for (const e of records) expect(e.amount, `${e.source} ${e.number}`).toMatch(/^\d+\.\d{2}$/);
    // Newest first, each event once across the pages.
    const times = events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(events.map((e) => `${e.source}-${e.id}`)).size).toBe(events.length);
    // Another customer's records never show: every order listed is this company's.
    const others = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from orders where company_id <> ${east} and order_no = any(${`{${records.map((e) => e.number).join(',')}}`}::text[])`));
    expect(Number(others[0]!.n)).toBe(0);
  });

  it('shows nothing of a customer the member does not see', async () => {
    expect((await h.call('GET', `/api/admin/customers/${east}/timeline`, { token: sales2 })).status).toBe(404);
    expect((await h.call('GET', `/api/admin/customers/${east}/timeline`)).status).toBe(401);
  });

  it('keeps notes of up to 2,000 characters and refuses longer ones with a message in both languages', async () => {
    const body = `回访记录：${'试剂需求'.repeat(498)}。。。`;
    expect(body.length).toBe(2000);
    const saved = await h.call('POST', `/api/admin/customers/${east}/activities`, { token: sales, json: { kind: 'note', body } });
    expect(saved.status).toBe(200);
    const first = (await h.call('GET', `/api/admin/customers/${east}/timeline?limit=1`, { token: sales })).body.data as { items: TimelineEventDto[] };
    expect(first.items[0]).toMatchObject({ source: 'activity', kind: 'note', body });
    const probe = await writeProbe(h.db.db);
    await expectWritesNothing(probe, async () => {
      for (const [lang, message] of [['zh', zh.api.errors.crmActivityBodyInvalid], ['en', en.api.errors.crmActivityBodyInvalid]] as const) {
        const res = await h.call('POST', `/api/admin/customers/${east}/activities`, { token: sales, json: { kind: 'note', body: `${body}x` }, headers: { 'accept-language': lang } });
        expect(res.status).toBe(400);
        expect(res.body.data).toEqual([{ field: 'body', message }]);
      }
    });
    expect(zh.api.errors.crmActivityBodyInvalid).toContain('2000');
    expect(en.api.errors.crmActivityBodyInvalid).toContain('2,000');
  });
});
