import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { catalogFeedback, orderItems, orders, users } from '@/server/db/schema';
import { searchCountsSettled } from '@/server/modules/dashboard/search-counts';
import { firstPacks } from '../../../../test/orders';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('dashboard figures', () => {
  it('counts searches (top and empty), visitors, new customers and open feedback in the range', async () => {
    for (const key of ['乙醇', '乙醇', 'zzzz-no-such-thing']) {
      expect((await h.call('POST', '/api/web/product/getPage', { form: { key, type: '3' } })).status).toBe(200);
    }
    await h.call('POST', '/api/app/web/track/report', { json: { path: '/' }, headers: { 'user-agent': 'Mozilla/5.0' } });
    await h.db.db.insert(catalogFeedback).values({ searchKey: 'rare thing', searchType: 3, lang: 'zh' });
    const admin = await h.loginStaff('admin', 'Admin#2026');
    // Staff picking quotation lines search the same catalogue, but that is not a buyer's search.
    expect((await h.call('GET', `/api/admin/quotations/catalogue?key=${encodeURIComponent('乙醇')}`, { token: admin })).status).toBe(200);
    // Counting runs beside the search answer: wait until it has landed.
    await searchCountsSettled();
    const [counted] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select coalesce(sum(searches), 0)::int as n from search_daily_counts`));
    expect(Number(counted?.n)).toBe(3);
    const res = await h.call('GET', `/api/admin/dashboard?from=${day(-6)}&to=${day(0)}`, { token: admin });
    expect(res.status).toBe(200);
    const d = res.body.data as {
      topSearches: { key: string; searches: number }[]; emptySearches: { key: string }[];
      visitors: { uv: number; days: unknown[] }; newCustomers: { total: number; days: unknown[] }; openFeedback: { total: number; latest: { searchKey: string }[] };
    };
    expect(d.topSearches[0]).toMatchObject({ key: '乙醇', searches: 2 });
    expect(d.emptySearches.map((s) => s.key)).toEqual(['zzzz-no-such-thing']);
    expect(d.visitors.uv).toBeGreaterThanOrEqual(1);
    expect(d.visitors.days).toHaveLength(7);
    expect(d.newCustomers.days).toHaveLength(7);
    const [recent] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from ${users} where created_at >= now() - interval '8 days'`));
    expect(d.newCustomers.total).toBeLessThanOrEqual(Number(recent?.n));
    expect(d.openFeedback.latest.map((f) => f.searchKey)).toContain('rare thing');
  });

  it('needs DASHBOARD.VIEW and a valid range', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('GET', `/api/admin/dashboard?from=${day(0)}&to=${day(-3)}`, { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/api/admin/dashboard?from=2020-01-01&to=2026-01-01', { token: admin })).status).toBe(400);
    // Days that do not exist are refused with a field error, not rolled into the next month.
    for (const [from, to, field] of [['0000-01-01', '0000-01-05', 'from'], ['9999-12-25', '9999-12-31', 'to'], ['2026-02-30', '2026-03-05', 'from'], ['2026-02-01', '2026-02-29', 'to'], ['2026-13-01', '2026-12-31', 'from'], ['2026-04-31', '2026-05-02', 'from']]) {
      const res = await h.call('GET', `/api/admin/dashboard?from=${from}&to=${to}`, { token: admin });
      expect(res.status, `${from} ${to}`).toBe(400);
      expect((res.body.data as { field: string }[]).map((f) => f.field), `${from} ${to}`).toContain(field);
    }
    expect((await h.call('GET', '/api/admin/dashboard?from=2024-02-28&to=2024-02-29', { token: admin })).status).toBe(200);
    expect((await h.call('GET', '/api/admin/dashboard', { token: admin })).status).toBe(400);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await h.call('GET', `/api/admin/dashboard?from=${day(-1)}&to=${day(0)}`, { token: sales })).status).toBe(403);
    expect((await h.call('GET', `/api/admin/dashboard?from=${day(-1)}&to=${day(0)}`)).status).toBe(401);
  });
});

describe('getting started', () => {
  it('is all done in the demo shop, for any member of the back-office; guests and customers are refused', async () => {
    const sales = await h.loginStaff('sales', 'Sales#2026');
    const res = await h.call('GET', '/api/admin/dashboard/getting-started', { token: sales });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ steps: ['siteSettings', 'brands', 'categories', 'import', 'staff'].map((key) => ({ key, done: true })) });
    expect((await h.call('GET', '/api/admin/dashboard/getting-started')).status).toBe(401);
    const buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    expect((await h.call('GET', '/api/admin/dashboard/getting-started', { token: buyer })).status).toBe(401);
  });

  it('accepts no input beyond the path', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('GET', '/api/admin/dashboard/getting-started?steps=all', { token: admin })).status).toBe(200);
    expect((await h.call('POST', '/api/admin/dashboard/getting-started', { token: admin, json: {} })).status).toBe(404);
  });
});

describe('order figures', () => {
  it('count submitted orders and sales per day, top ordered products and open approvals; rejected and cancelled orders do not count', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const url = `/api/admin/dashboard?from=${day(-2)}&to=${day(0)}`;
    type Figures = { orders: { count: number; sales: string; days: { day: string; count: number }[] }; topProducts: { productId: number; quantity: number }[]; openApprovals: number };
    const before = (await h.call('GET', url, { token: admin })).body.data as Figures;
    const [buyer] = await h.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(sql`${users.loginName} = 'buyer@demo.example.com'`);
    const [a, b] = await firstPacks(h, 2);
    const base = { userId: buyer!.id, companyId: buyer!.companyId, receiver: 'r', phone: 'p', region: 'x', addressDetail: 'y', subtotal: '0', lineCount: 1 };
    const made = await h.db.db.insert(orders).values([
      { ...base, orderNo: 'SOT1', idempotencyKey: 'dash-1', status: 'reviewing', total: '1000.25' },
      { ...base, orderNo: 'SOT2', idempotencyKey: 'dash-2', status: 'placed', total: '20.50' },
      { ...base, orderNo: 'SOT3', idempotencyKey: 'dash-3', status: 'cancelled', total: '99999.00' },
    ]).returning({ id: orders.id });
    const line = (orderId: number, pack: typeof a, num: number) => ({
      orderId, companyId: buyer!.companyId, productId: pack!.productId, packId: pack!.id, itemNo: pack!.itemNo, nameZh: 'z', nameEn: 'e', size: '1g', unitPrice: '1', num, lineTotal: String(num),
    });
    await h.db.db.insert(orderItems).values([line(made[0]!.id, a, 500), line(made[1]!.id, a, 400), line(made[1]!.id, b, 1), line(made[2]!.id, b, 9000)]);
    const after = (await h.call('GET', url, { token: admin })).body.data as Figures;
    expect(after.orders.count - before.orders.count).toBe(2);
    expect(Math.round((Number(after.orders.sales) - Number(before.orders.sales)) * 100)).toBe(102075);
    expect(after.openApprovals - before.openApprovals).toBe(1);
    expect(after.topProducts[0]).toMatchObject({ productId: a!.productId });
    expect(after.topProducts[0]!.quantity).toBeGreaterThanOrEqual(900);
    expect(after.topProducts.find((p) => p.productId === b!.productId)?.quantity ?? 0).toBeLessThan(9000);
    expect(after.orders.days).toHaveLength(3);
  });
});

describe('staff settings', () => {
  it('are kept per member on the server; bad values are 400', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('GET', '/api/admin/settings', { token: admin })).body.data).toMatchObject({ theme: '#409EFF', tagsView: true, size: 'small' });
    expect((await h.call('PUT', '/api/admin/settings', { token: admin, json: { theme: 'red' } })).status).toBe(400);
    await h.call('PUT', '/api/admin/settings', { token: admin, json: { theme: '#11a983', tagsView: false } });
    const other = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('GET', '/api/admin/settings', { token: other })).body.data).toMatchObject({ theme: '#11a983', tagsView: false });
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await h.call('GET', '/api/admin/settings', { token: sales })).body.data).toMatchObject({ theme: '#409EFF' });
  });
});
