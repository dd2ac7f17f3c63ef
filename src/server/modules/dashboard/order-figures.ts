import 'server-only';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DashboardDto } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { orderItems, orders } from '@/server/db/schema';
import { daysOf, shopDate, shopRange } from './days';

/** Orders that count as sales: every state but rejected and cancelled. */
const SELLING = ['reviewing', 'passed', 'placed'] as const;

/** Orders and their totals per day of the range (submitted orders, rejected and cancelled ones left out). */
export async function ordersPerDay(db: Db, params: { from: string; to: string }): Promise<DashboardDto['orders']> {
  const { start, end } = shopRange(params.from, params.to);
  const day = shopDate(orders.createdAt);
  const rows = await db.select({ day, n: count(), sales: sql<string>`coalesce(sum(${orders.total}), 0)::text` })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), inArray(orders.status, [...SELLING])))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysOf(params.from, params.to).map((d) => ({ day: d, count: byDay.get(d)?.n ?? 0, sales: byDay.get(d)?.sales ?? '0.00' }));
  const cents = days.reduce((s, d) => s + Math.round(Number(d.sales) * 100), 0);
  return { count: days.reduce((s, d) => s + d.count, 0), sales: (cents / 100).toFixed(2), days };
}

/** The products ordered most (by quantity) in the range. */
export async function topOrderedProducts(db: Db, params: { from: string; to: string; limit: number }): Promise<DashboardDto['topProducts']> {
  const { start, end } = shopRange(params.from, params.to);
  const quantity = sql<number>`sum(${orderItems.num})::int`;
  const rows = await db.select({
    productId: orderItems.productId, itemNo: sql<string>`min(${orderItems.itemNo})`, nameZh: sql<string>`min(${orderItems.nameZh})`,
    nameEn: sql<string>`min(${orderItems.nameEn})`, quantity, orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
  })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), inArray(orders.status, [...SELLING])))
    .groupBy(orderItems.productId)
    .orderBy(desc(quantity), orderItems.productId)
    .limit(params.limit);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), orders: Number(r.orders) }));
}

/** Orders waiting for a company approver, however old. */
export async function openApprovals(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 'reviewing'));
  return row?.n ?? 0;
}
