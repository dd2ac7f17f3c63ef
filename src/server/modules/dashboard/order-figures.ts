import 'server-only';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DashboardDto } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { orderDailyProducts, orderDailyTotals, orderMonthlyProducts, orderStatusTotals, products } from '@/server/db/schema';
import { daysOf, monthsOf } from './days';

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

type TopProducts = DashboardDto['topProducts'];
type Range = { from: string; to: string; limit: number };

/** How deep each month's head is read, round after round, before the whole range is summed. */
const HEADS = [100, 1_000] as const;

/**
 * The products ordered most (by quantity) in the range, with the catalogue's item number and names.
 *
 * Summing the range's rows costs one row per product and day: with a long tail of products ordered
 * now and then, about one row per order line (600,000 for 90 days of a large shop). Instead, each
 * month the range touches gives its head, its `head` products ordered most that month (read from
 * `order_monthly_products_top_idx`); the head products' exact sums over the range are the candidates.
 * A product outside every head has ordered at most the head's last quantity in each month, so at most
 * the sum of those, `bound`, in the range: when `bound` is below the candidates' last place, no other
 * product can enter and the answer is exact. Otherwise a deeper head is read, and at last the range is
 * summed whole (products ordered evenly, where no head stands out).
 */
export async function topOrderedProducts(db: Db, params: Range): Promise<TopProducts> {
  const months = monthsOf(params.from, params.to);
  for (const head of HEADS) {
    const found = await topFromMonthHeads(db, params, months, head);
    if (found) return found;
  }
  return topBySummingTheRange(db, params);
}

interface TopRow { product_id: number; item_no: string; name_zh: string; name_en: string; quantity: number; orders: number; bound: number }

/** One round: the exact answer, or null when a product outside the heads might still enter it. */
export async function topFromMonthHeads(db: Db, params: Range, months: string[], head: number): Promise<TopProducts | null> {
  if (months.length === 0) return [];
  const monthList = sql.join(months.map((m) => sql`${m}::date`), sql`, `);
  const rows = rowsOf<TopRow>(await db.execute(sql`
    with heads as (
      select m.month, h.product_id, h.quantity,
        count(*) over (partition by m.month) as n, min(h.quantity) over (partition by m.month) as last
      from unnest(array[${monthList}]) as m(month)
      cross join lateral (
        select product_id, quantity from ${orderMonthlyProducts}
        where month = m.month and quantity > 0
        order by quantity desc, product_id limit ${head}
      ) h
    ),
    bound as (
      select coalesce(sum(t), 0)::int as total
      from (select distinct month, case when n >= ${head} then last else 0 end as t from heads) per_month
    ),
    sums as (
      select d.product_id, sum(d.quantity)::int as quantity, sum(d.orders)::int as orders
      from (select distinct product_id from heads) c
      join ${orderDailyProducts} d on d.product_id = c.product_id and d.day between ${params.from} and ${params.to}
      group by d.product_id
      having sum(d.quantity) > 0
      order by quantity desc, d.product_id
      limit ${params.limit}
    )
    select s.product_id, p.item_no, p.name_zh, p.name_en, s.quantity, s.orders, (select total from bound) as bound
    from sums s join ${products} p on p.id = s.product_id
    order by s.quantity desc, s.product_id`));
  const bound = Number(rows[0]?.bound ?? (await boundOnly(db, months, head)));
  const last = rows.length === params.limit ? Number(rows[rows.length - 1]!.quantity) : 0;
  const exact = rows.length === params.limit ? bound < last : bound <= 0;
  if (!exact) return null;
  return rows.map((r) => ({ productId: Number(r.product_id), itemNo: r.item_no, nameZh: r.name_zh, nameEn: r.name_en, quantity: Number(r.quantity), orders: Number(r.orders) }));
}

/** The bound alone, for a round whose candidates ordered nothing in the range. */
async function boundOnly(db: Db, months: string[], head: number): Promise<number> {
  const monthList = sql.join(months.map((m) => sql`${m}::date`), sql`, `);
  const [row] = rowsOf<{ total: number }>(await db.execute(sql`
    select coalesce(sum(case when n >= ${head} then last else 0 end), 0)::int as total
    from (
      select count(*) as n, min(h.quantity) as last
      from unnest(array[${monthList}]) as m(month)
      cross join lateral (
        select quantity from ${orderMonthlyProducts} where month = m.month and quantity > 0
        order by quantity desc, product_id limit ${head}
      ) h
      group by m.month
    ) per_month`));
  return Number(row?.total ?? 0);
}

/**
 * Every product's sum over the range, the top ones kept: exact whatever the spread. It gets enough
 * working memory for one group per product (the default 4 MB spills a large range to disk), for its
 * own transaction only.
 */
export async function topBySummingTheRange(db: Db, params: Range): Promise<TopProducts> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return readTopBySumming(tx, params);
  });
}

async function readTopBySumming(db: Db, params: Range): Promise<TopProducts> {
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
