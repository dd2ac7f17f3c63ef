import 'server-only';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DashboardDto } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { orderDailyProducts, orderDailyTotals, orderStatusTotals, products } from '@/server/db/schema';
import { daysOf } from './days';

/*
 * The order figures read the per-day totals that the order tables' triggers keep (migration 0012):
 * orders count from their submission day while reviewing, passed or placed, so rejected and cancelled
 * ones are left out. A range of days reads one row per day and slot, whatever the number of orders.
 */

/** Orders and their totals per day of the range. */
export async function ordersPerDay(db: Db, params: { from: string; to: string }): Promise<DashboardDto['orders']> {
  const rows = await db.select({
    day: orderDailyTotals.day, n: sql<number>`sum(${orderDailyTotals.orders})::int`, sales: sql<string>`sum(${orderDailyTotals.sales})::text`,
  })
    .from(orderDailyTotals)
    .where(and(gte(orderDailyTotals.day, params.from), lte(orderDailyTotals.day, params.to)))
    .groupBy(orderDailyTotals.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysOf(params.from, params.to).map((d) => {
    const row = byDay.get(d);
    return { day: d, count: Number(row?.n ?? 0), sales: row ? Number(row.sales).toFixed(2) : '0.00' };
  });
  const cents = days.reduce((s, d) => s + Math.round(Number(d.sales) * 100), 0);
  return { count: days.reduce((s, d) => s + d.count, 0), sales: (cents / 100).toFixed(2), days };
}

/** The products ordered most (by quantity) in the range, with the catalogue's item number and names. */
export async function topOrderedProducts(db: Db, params: { from: string; to: string; limit: number }): Promise<DashboardDto['topProducts']> {
  const quantity = sql<number>`sum(${orderDailyProducts.quantity})::int`;
  const top = db.select({ productId: orderDailyProducts.productId, quantity: quantity.as('quantity'), orders: sql<number>`sum(${orderDailyProducts.orders})::int`.as('orders') })
    .from(orderDailyProducts)
    .where(and(gte(orderDailyProducts.day, params.from), lte(orderDailyProducts.day, params.to)))
    .groupBy(orderDailyProducts.productId)
    .having(sql`sum(${orderDailyProducts.quantity}) > 0`)
    .orderBy(desc(quantity), orderDailyProducts.productId)
    .limit(params.limit)
    .as('top');
  const rows = await db.select({
    productId: top.productId, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, quantity: top.quantity, orders: top.orders,
  })
    .from(top)
    .innerJoin(products, eq(products.id, top.productId))
    .orderBy(desc(top.quantity), top.productId);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), orders: Number(r.orders) }));
}

/** Orders waiting for a company approver, however old. */
export async function openApprovals(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${orderStatusTotals.orders}), 0)::int` })
    .from(orderStatusTotals).where(inArray(orderStatusTotals.status, ['reviewing']));
  return Number(row?.n ?? 0);
}
