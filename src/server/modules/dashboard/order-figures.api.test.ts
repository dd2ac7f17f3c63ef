import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { orderItems, orders, users } from '@/server/db/schema';
import { firstPacks } from '../../../../test/orders';
import { topBySummingTheRange, topFromMonthHeads, topOrderedProducts } from './order-figures';
import { monthsOf } from './days';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

/** The kept figures and the same figures computed from the orders themselves, rows of zero left out. */
async function keptAndComputed() {
  const q = async (text: string) => rowsOf<Record<string, unknown>>(await h.db.db.execute(sql.raw(text))).map((r) => JSON.stringify(r));
  return {
    kept: {
      totals: await q(`select day::text, sum(orders)::int as orders, sum(sales)::text as sales from order_daily_totals group by day having sum(orders) <> 0 or sum(sales) <> 0 order by day`),
      products: await q(`select day::text, product_id, quantity, orders from order_daily_products where quantity <> 0 or orders <> 0 order by day, product_id`),
      statuses: await q(`select status, sum(orders)::int as orders from order_status_totals group by status having sum(orders) <> 0 order by status`),
      months: await q(`select month::text, product_id, quantity, orders from order_monthly_products where quantity <> 0 or orders <> 0 order by month, product_id`),
    },
    computed: {
      totals: await q(`select shop_day(created_at)::text as day, count(*)::int as orders, sum(total)::text as sales from orders
        where status in ('reviewing', 'passed', 'placed') group by 1 order by 1`),
      products: await q(`select shop_day(o.created_at)::text as day, i.product_id, sum(i.num)::int as quantity, count(distinct i.order_id)::int as orders
        from order_items i join orders o on o.id = i.order_id where o.status in ('reviewing', 'passed', 'placed') group by 1, 2 order by 1, 2`),
      statuses: await q(`select status, count(*)::int as orders from orders group by status order by status`),
      months: await q(`select date_trunc('month', shop_day(o.created_at))::date::text as month, i.product_id, sum(i.num)::int as quantity,
          count(distinct (i.order_id, i.product_id))::int as orders
        from order_items i join orders o on o.id = i.order_id where o.status in ('reviewing', 'passed', 'placed') group by 1, 2 order by 1, 2`),
    },
  };
}

describe('the kept order figures', () => {
  it('equal the figures computed from the orders after submissions, edits, transitions and deletions', async () => {
    const [buyer] = await h.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    const [a, b, c] = await firstPacks(h, 3);
    const base = { userId: buyer!.id, companyId: buyer!.companyId, receiver: 'r', phone: 'p', region: 'x', addressDetail: 'y', subtotal: '0', lineCount: 1 };
    const line = (orderId: number, pack: typeof a, num: number) => ({
      orderId, companyId: buyer!.companyId, productId: pack!.productId, packId: pack!.id, itemNo: pack!.itemNo, nameZh: 'z', nameEn: 'e', size: '1g', unitPrice: '1', num, lineTotal: String(num),
    });
    const check = async (step: string) => {
      const { kept, computed } = await keptAndComputed();
      expect(kept, step).toEqual(computed);
    };
    await check('the seeded orders');

    // Several orders in one statement, one of them two days ago; a product twice in one order.
    const made = await h.db.db.insert(orders).values([
      { ...base, orderNo: 'SOF1', idempotencyKey: 'fig-1', status: 'reviewing', total: '10.10' },
      { ...base, orderNo: 'SOF2', idempotencyKey: 'fig-2', status: 'placed', total: '20.20', createdAt: new Date(Date.now() - 2 * 86_400_000) },
      { ...base, orderNo: 'SOF3', idempotencyKey: 'fig-3', status: 'cancelled', total: '30.30' },
    ]).returning({ id: orders.id });
    const [o1, o2, o3] = made.map((m) => m.id);
    await h.db.db.insert(orderItems).values([line(o1!, a, 5), line(o1!, a, 7), line(o1!, b, 1), line(o2!, a, 2), line(o3!, c, 9)]);
    await check('after submissions');
    // A second statement adds another line of a product the order already holds.
    await h.db.db.insert(orderItems).values([line(o1!, b, 3)]);
    await check('after a line of a product already held');

    // An approver changes a quantity and removes one of two lines of a product, then the other.
    const lines = await h.db.db.select({ id: orderItems.id, productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, o1!)).orderBy(orderItems.id);
    await h.db.db.update(orderItems).set({ num: 50 }).where(eq(orderItems.id, lines[0]!.id));
    await h.db.db.update(orders).set({ total: '60.60' }).where(eq(orders.id, o1!));
    await check('after a quantity change');
    await h.db.db.delete(orderItems).where(eq(orderItems.id, lines[0]!.id));
    await check('after removing one of two lines of a product');
    await h.db.db.delete(orderItems).where(eq(orderItems.id, lines[1]!.id));
    await check('after removing the last line of a product');

    // Transitions: reviewing → passed (still counts), passed → rejected (leaves), placed → cancelled.
    await h.db.db.update(orders).set({ status: 'passed' }).where(eq(orders.id, o1!));
    await check('after an approval');
    await h.db.db.update(orders).set({ status: 'rejected' }).where(eq(orders.id, o1!));
    await h.db.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, o2!));
    await check('after a rejection and a cancellation');
    // A change to an order that does not count moves nothing; deleting orders takes their figures.
    await h.db.db.update(orderItems).set({ num: 1 }).where(eq(orderItems.orderId, o3!));
    await h.db.db.update(orders).set({ status: 'placed' }).where(eq(orders.id, o3!));
    await check('after an order comes back');
    await h.db.db.delete(orders).where(inArray(orders.id, [o1!, o2!, o3!]));
    await check('after deleting the orders');
    // The rebuild after a bulk load gives the same figures.
    await h.db.db.execute(sql`select rebuild_order_figures()`);
    await check('after a rebuild');
  });

  it('stay right when two checkouts change the same day at once', async () => {
    const [buyer] = await h.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    const [a] = await firstPacks(h, 1);
    const base = { userId: buyer!.id, companyId: buyer!.companyId, receiver: 'r', phone: 'p', region: 'x', addressDetail: 'y', subtotal: '0', lineCount: 1, status: 'reviewing' as const, total: '1.00' };
    await Promise.all(Array.from({ length: 8 }, (_, i) => h.db.db.transaction(async (tx) => {
      const [o] = await tx.insert(orders).values({ ...base, orderNo: `SOP${i}`, idempotencyKey: `par-${i}` }).returning({ id: orders.id });
      await tx.insert(orderItems).values({
        orderId: o!.id, companyId: buyer!.companyId, productId: a!.productId, packId: a!.id, itemNo: a!.itemNo, nameZh: 'z', nameEn: 'e', size: '1g', unitPrice: '1', num: 2, lineTotal: '2',
      });
    })));
    const { kept, computed } = await keptAndComputed();
    expect(kept).toEqual(computed);
  });
});

describe('the top ordered products of a range', () => {
  const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);

  /** Orders over the last 80 days whose lines draw products with a long tail (`skew` 3) or evenly (1). */
  async function orderLines(prefix: string, count: number, skew: number) {
    const [buyer] = await h.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    await h.db.db.execute(sql`
      insert into orders (order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count, created_at)
      select ${prefix} || g, ${buyer!.companyId}, ${buyer!.id}, case when g % 9 = 0 then 'cancelled' else 'placed' end, ${prefix} || g, 'r', 'p', 'x', 'y', 1, 1, 3,
        now() - make_interval(secs => (g * 7919 % 80) * 86400 + g % 3600)
      from generate_series(1, ${count}) g`);
    await h.db.db.execute(sql`
      insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
      select o.id, o.company_id, p.product_id, p.id, 'I', 'z', 'e', p.size, p.price, 1 + (k * o.id) % 7, p.price
      from orders o cross join generate_series(1, 3) k
      join lateral (select count(*) as n from product_packs) c on true
      join product_packs p on p.id = (select id from product_packs order by id
        offset floor((c.n - 1) * power(((o.id::bigint * 7919 + k * 104729) % 1000003) / 1000003.0, ${skew}))::int limit 1)
      where o.order_no like ${prefix + '%'}`);
  }

  it('are the same as summing the whole range, whichever round finds them', async () => {
    await orderLines('TLT', 400, 3);
    const ranges = [[0, 0], [6, 0], [29, 0], [44, 10], [79, 0], [120, 0], [75, 40]] as const;
    let exactRounds = 0;
    let deeperRounds = 0;
    for (const [start, end] of ranges) {
      for (const limit of [1, 3, 10]) {
        const params = { from: day(start), to: day(end), limit };
        const whole = await topBySummingTheRange(h.db.db, params);
        expect(await topOrderedProducts(h.db.db, params), `${params.from}..${params.to} top ${limit}`).toEqual(whole);
        for (const head of [1, 2, 5, 40]) {
          const round = await topFromMonthHeads(h.db.db, params, monthsOf(params.from, params.to), head);
          if (round === null) deeperRounds += 1;
          else {
            exactRounds += 1;
            expect(round, `${params.from}..${params.to} top ${limit}, head ${head}`).toEqual(whole);
          }
        }
      }
    }
    // Both ways were taken: heads that settle the answer, and heads too shallow to.
    expect(exactRounds).toBeGreaterThan(10);
    expect(deeperRounds).toBeGreaterThan(3);
  });

  it('stay exact when products are ordered evenly, where no head settles the answer', async () => {
    await orderLines('TEV', 300, 1);
    for (const [start, end] of [[29, 0], [79, 0]] as const) {
      const params = { from: day(start), to: day(end), limit: 10 };
      expect(await topOrderedProducts(h.db.db, params)).toEqual(await topBySummingTheRange(h.db.db, params));
    }
    expect(await topOrderedProducts(h.db.db, { from: day(3000), to: day(2990), limit: 10 })).toEqual([]);
  });
});
