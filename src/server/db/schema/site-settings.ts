import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Web settings (docs/requirements/storefront.md#web-settings): type 1 English-site address, 2/3 hotlines, 4 chat contact, 5 sales e-mail, … */
export const webSettings = pgTable(
  'web_settings',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    content: text('content').notNull(),
    labelZh: text('label_zh').notNull().default(''),
    labelEn: text('label_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_settings_type_idx').on(t.type, t.sort)],
);

export type WebSetting = typeof webSettings.$inferSelect;
export type NewWebSetting = typeof webSettings.$inferInsert;
