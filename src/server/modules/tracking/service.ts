import 'server-only';
import { desc, gte, sql } from 'drizzle-orm';
import type { TrackSummary } from '@/contracts/tracking';
import type { Db } from '@/server/db/client';
import { visitorDailyCounts, visitorDays } from '@/server/db/schema';
import { businessDayOf } from '@/lib/business-day';
import { businessTimeZone } from '@/server/business-time';

/** The business day of `now` (the shop's day), as YYYY-MM-DD. */
export function shopDay(now: Date): string {
  return businessDayOf(now, businessTimeZone());
}

/**
 * Records a page view. The first view of a visitor on a day inserts its (day, visitor) row and
 * raises the day's unique count, in one transaction; later views only raise the page-view count.
 */
export async function recordVisit(db: Db, params: { visitorId: string; path: string; now: Date }): Promise<{ counted: boolean }> {
  const day = shopDay(params.now);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(visitorDays)
      .values({ day, visitorId: params.visitorId, firstPath: params.path.slice(0, 300), createdAt: params.now })
      .onConflictDoNothing()
      .returning({ day: visitorDays.day });
    const counted = inserted.length > 0;
    await tx
      .insert(visitorDailyCounts)
      .values({ day, uv: counted ? 1 : 0, pv: 1 })
      .onConflictDoUpdate({
        target: visitorDailyCounts.day,
        set: { uv: sql`${visitorDailyCounts.uv} + ${counted ? 1 : 0}`, pv: sql`${visitorDailyCounts.pv} + 1` },
      });
    return { counted };
  });
}

/** The footer's figure: unique visitors since the start, each counted once per day. */
export async function countVisitors(db: Db): Promise<number> {
  const [row] = await db.select({ uv: sql<number>`coalesce(sum(${visitorDailyCounts.uv}), 0)::bigint` }).from(visitorDailyCounts);
  return Number(row?.uv ?? 0);
}

export async function summariseVisits(db: Db, params: { days: number; now: Date }): Promise<TrackSummary> {
  const today = shopDay(params.now);
  const since = shopDay(new Date(params.now.getTime() - (params.days - 1) * 86_400_000));
  const [[totals], rows] = await Promise.all([
    db.select({
      uv: sql<number>`coalesce(sum(${visitorDailyCounts.uv}), 0)::bigint`,
      pv: sql<number>`coalesce(sum(${visitorDailyCounts.pv}), 0)::bigint`,
    }).from(visitorDailyCounts),
    db.select({ day: visitorDailyCounts.day, uv: visitorDailyCounts.uv, pv: visitorDailyCounts.pv })
      .from(visitorDailyCounts)
      .where(gte(visitorDailyCounts.day, since))
      .orderBy(desc(visitorDailyCounts.day)),
  ]);
  const todayRow = rows.find((r) => r.day === today);
  return {
    uv: Number(totals?.uv ?? 0),
    pv: Number(totals?.pv ?? 0),
    today: { uv: todayRow?.uv ?? 0, pv: todayRow?.pv ?? 0 },
    days: rows.map((r) => ({ day: r.day, uv: r.uv, pv: r.pv })),
  };
}
