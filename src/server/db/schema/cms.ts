import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contentItems } from './content';

/** Editable text blocks of the site (about, footer, home intro, contact): bilingual rich text. */
export const siteBlocks = pgTable(
  'site_blocks',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_blocks_key_uq').on(t.key)],
);

/** Tags (topics) of editorial content. */
export const contentTags = pgTable(
  'content_tags',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('content_tags_slug_uq').on(t.slug)],
);

export const contentItemTags = pgTable(
  'content_item_tags',
  {
    contentId: integer('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => contentTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.tagId] }), index('content_item_tags_tag_idx').on(t.tagId, t.contentId)],
);

/** A visitor who chose a name to comment under (the content service's addUser), tied to the visitor cookie. */
export const cmsUsers = pgTable(
  'cms_users',
  {
    id: serial('id').primaryKey(),
    visitorId: text('visitor_id').notNull(),
    nickname: text('nickname').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_users_visitor_uq').on(t.visitorId)],
);

/** Comments on content; the body is plain text (stored after sanitising), shown once stored. */
export const contentComments = pgTable(
  'content_comments',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
    cmsUserId: integer('cms_user_id').references(() => cmsUsers.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The client address it came from ('' when unknown): comments are throttled per address too. */
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_comments_content_idx').on(t.contentId, t.createdAt, t.id),
    index('content_comments_visitor_idx').on(t.visitorId, t.createdAt),
    index('content_comments_ip_idx').on(t.ip, t.createdAt),
    check('content_comments_body_len', sql`char_length(${t.body}) between 1 and 1000`),
  ],
);

/** Likes ("tips"): one row per content item and visitor (a signed-in user counts as one visitor). */
export const contentTips = pgTable(
  'content_tips',
  {
    contentId: integer('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.voterKey] })],
);

export type SiteBlock = typeof siteBlocks.$inferSelect;
export type NewSiteBlock = typeof siteBlocks.$inferInsert;
export type ContentTag = typeof contentTags.$inferSelect;
export type NewContentTag = typeof contentTags.$inferInsert;
export type CmsUser = typeof cmsUsers.$inferSelect;
export type ContentComment = typeof contentComments.$inferSelect;
