import { date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Back-office settings of one staff member (docs/requirements/back-office.md#application-settings: theme colour, tags view,
 * fixed header, sidebar logo, size), kept on the server so that they follow the member to every device.
 */
export const staffSettings = pgTable('staff_settings', {
  staffId: integer('staff_id').primaryKey().references(() => staff.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Options of the whole back-office chosen by an administrator, one row per key (today `adminLayout`:
 * the layout staff get until they choose their own). Changes are audited.
 */
export const siteOptions = pgTable('site_options', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Storefront searches counted per day, search type and key (lower case, trimmed): the dashboard's top
 * searches and searches that found nothing. One row per distinct key a day, not one per search.
 */
export const searchDailyCounts = pgTable(
  'search_daily_counts',
  {
    day: date('day').notNull(),
    searchType: smallint('search_type').notNull(),
    searchKey: text('search_key').notNull(),
    searches: integer('searches').notNull().default(0),
    /** Searches of the key that found no product. */
    emptySearches: integer('empty_searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.searchType, t.searchKey] }), index('search_daily_counts_day_idx').on(t.day)],
);

export type SiteOptionRow = typeof siteOptions.$inferSelect;
export type StaffSettingsRow = typeof staffSettings.$inferSelect;
export type SearchDailyCount = typeof searchDailyCounts.$inferSelect;
