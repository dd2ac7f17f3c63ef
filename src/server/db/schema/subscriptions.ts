import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Newsletter subscriptions; the address is stored lower-cased and is unique. An address counts
 * as subscribed once its owner opens the confirmation link (`confirmed_at`); until then the
 * row holds the SHA-256 of the link's token.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    lang: text('lang').$type<'zh' | 'en'>().notNull().default('zh'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('subscriptions_email_uq').on(t.email), index('subscriptions_confirm_token_idx').on(t.confirmTokenHash)],
);

export type Subscription = typeof subscriptions.$inferSelect;
