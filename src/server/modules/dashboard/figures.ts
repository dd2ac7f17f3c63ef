import 'server-only';
import { and, count, desc, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DashboardDto } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { catalogFeedback, searchDailyCounts, users, visitorDailyCounts } from '@/server/db/schema';
import { daysOf, shopDate, shopRange } from './days';
import { orderDeskFigures } from './order-desk-figures';
import { openApprovals, ordersPerDay, topOrderedProducts } from './order-figures';

export async function newCustomersPerDay(db: Db, params: { from: string; to: string }): Promise<DashboardDto['newCustomers']> {
  const { start, end } = shopRange(params.from, params.to);
  const day = shopDate(users.createdAt);
  const rows = await db.select({ day, n: count() }).from(users)
    .where(and(gte(users.createdAt, start), lt(users.createdAt, end))).groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  const days = daysOf(params.from, params.to).map((d) => ({ day: d, count: byDay.get(d) ?? 0 }));
  return { total: days.reduce((s, d) => s + d.count, 0), days };
}

/** Unique visitors per day (a visitor counts once a day) and page views, from the tracking totals. */
export async function visitorsPerDay(db: Db, params: { from: string; to: string }): Promise<DashboardDto['visitors']> {
  const rows = await db.select().from(visitorDailyCounts)
    .where(and(gte(visitorDailyCounts.day, params.from), lte(visitorDailyCounts.day, params.to)));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysOf(params.from, params.to).map((d) => ({ day: d, uv: byDay.get(d)?.uv ?? 0, pv: byDay.get(d)?.pv ?? 0 }));
  return { uv: days.reduce((s, d) => s + d.uv, 0), pv: days.reduce((s, d) => s + d.pv, 0), days };
}

export async function topSearches(db: Db, params: { from: string; to: string; empty: boolean; limit: number }): Promise<DashboardDto['topSearches']> {
  const measure = params.empty ? searchDailyCounts.emptySearches : searchDailyCounts.searches;
  const total = sql<number>`sum(${measure})::int`;
  const rows = await db.select({ key: searchDailyCounts.searchKey, searchType: searchDailyCounts.searchType, searches: total })
    .from(searchDailyCounts)
    .where(and(gte(searchDailyCounts.day, params.from), lte(searchDailyCounts.day, params.to), params.empty ? sql`${measure} > 0` : undefined))
    .groupBy(searchDailyCounts.searchKey, searchDailyCounts.searchType)
    .orderBy(desc(total), searchDailyCounts.searchKey)
    .limit(params.limit);
  return rows.map((r) => ({ ...r, searches: Number(r.searches) }));
}

/** "Could not find it" requests nobody has answered: how many, and the latest few. */
export async function openFeedback(db: Db, params: { limit: number }): Promise<DashboardDto['openFeedback']> {
  const [[totalRow], latest] = await Promise.all([
    db.select({ n: count() }).from(catalogFeedback).where(inArray(catalogFeedback.status, ['new', 'in_progress'])),
    db.select({ id: catalogFeedback.id, searchKey: catalogFeedback.searchKey, searchType: catalogFeedback.searchType, createdAt: catalogFeedback.createdAt })
      .from(catalogFeedback).where(inArray(catalogFeedback.status, ['new', 'in_progress']))
      .orderBy(desc(catalogFeedback.createdAt), desc(catalogFeedback.id)).limit(params.limit),
  ]);
  return { total: totalRow?.n ?? 0, latest: latest.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** The dashboard's figures for a range of days, each widget one query, run together. */
export async function loadDashboard(db: Db, params: { from: string; to: string }): Promise<DashboardDto> {
  const [orderDays, topProducts, approvals, orderDesk, newCustomers, visitors, top, empty, feedback] = await Promise.all([
    ordersPerDay(db, params),
    topOrderedProducts(db, { ...params, limit: 10 }),
    openApprovals(db),
    orderDeskFigures(db),
    newCustomersPerDay(db, params),
    visitorsPerDay(db, params),
    topSearches(db, { ...params, empty: false, limit: 10 }),
    topSearches(db, { ...params, empty: true, limit: 10 }),
    openFeedback(db, { limit: 5 }),
  ]);
  return { from: params.from, to: params.to, orders: orderDays, topProducts, openApprovals: approvals, orderDesk, newCustomers, visitors, topSearches: top, emptySearches: empty, openFeedback: feedback };
}
