import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Newsletter subscriptions; the address is stored lower-cased and is unique. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    lang: text('lang').$type<'zh' | 'en'>().notNull().default('zh'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_email_uq').on(t.email)],
);

export type Subscription = typeof subscriptions.$inferSelect;
