import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * "Could not find it" requests left on an empty search (issue 3 item 2, `/api/product/sx/feedback`):
 * the key and type searched, an optional contact and note, for staff to follow up.
 */
export const catalogFeedback = pgTable(
  'catalog_feedback',
  {
    id: serial('id').primaryKey(),
    searchKey: text('search_key').notNull(),
    searchType: smallint('search_type').notNull(),
    contact: text('contact'),
    note: text('note'),
    lang: text('lang').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientAddress: text('client_address').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_feedback_status_idx').on(t.status, t.createdAt)],
);

export type CatalogFeedback = typeof catalogFeedback.$inferSelect;
export type NewCatalogFeedback = typeof catalogFeedback.$inferInsert;
