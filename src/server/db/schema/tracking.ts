import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per visitor (first-party cookie id) and day: a visitor counts once a day. */
export const visitorDays = pgTable(
  'visitor_days',
  {
    day: date('day').notNull(),
    visitorId: text('visitor_id').notNull(),
    firstPath: text('first_path').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorId] })],
);

/** Daily totals kept beside the rows, so the footer's total is a sum over days, not a count over visits. */
export const visitorDailyCounts = pgTable(
  'visitor_daily_counts',
  {
    day: date('day').primaryKey(),
    uv: integer('uv').notNull().default(0),
    pv: integer('pv').notNull().default(0),
  },
  (t) => [index('visitor_daily_counts_day_idx').on(t.day, t.uv)],
);

export type VisitorDay = typeof visitorDays.$inferSelect;
export type VisitorDailyCount = typeof visitorDailyCounts.$inferSelect;
