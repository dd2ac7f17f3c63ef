import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { orderItems, orders, users } from '@/server/db/schema';
import { firstPacks } from '../../../../test/orders';
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
    },
    computed: {
      totals: await q(`select shop_day(created_at)::text as day, count(*)::int as orders, sum(total)::text as sales from orders
        where status in ('reviewing', 'passed', 'placed') group by 1 order by 1`),
      products: await q(`select shop_day(o.created_at)::text as day, i.product_id, sum(i.num)::int as quantity, count(distinct i.order_id)::int as orders
        from order_items i join orders o on o.id = i.order_id where o.status in ('reviewing', 'passed', 'placed') group by 1, 2 order by 1, 2`),
      statuses: await q(`select status, count(*)::int as orders from orders group by status order by status`),
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
