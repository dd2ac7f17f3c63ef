import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** The kinds of editorial content the storefront shows (docs/requirements/storefront.md#content). */
export const CONTENT_KINDS = ['news', 'application', 'citation', 'support', 'resource'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Whether the storefront shows an item (ADR 0033): drafts are seen by staff only. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Slideshow and promotion images; position says where they appear. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    position: text('position').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    subtitleZh: text('subtitle_zh').notNull().default(''),
    subtitleEn: text('subtitle_en').notNull().default(''),
    imagePath: text('image_path').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('banners_position_idx').on(t.position, t.sort)],
);

/** Types of news, application categories, support types, resource types (docs/requirements/storefront.md#content). */
export const contentCategories = pgTable(
  'content_categories',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentKind>().notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('content_categories_kind_idx').on(t.kind, t.sort)],
);

export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentKind>().notNull(),
    categoryId: integer('category_id').references(() => contentCategories.id),
    brandId: integer('brand_id'),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    summaryZh: text('summary_zh').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    /** Where a citation appeared, as the Chinese pages show it; `source_en` the English pages' (empty: the same). */
    source: text('source').notNull().default(''),
    sourceEn: text('source_en').notNull().default(''),
    filePath: text('file_path'),
    featured: boolean('featured').notNull().default(false),
    /** An illustration, not a real record (the seeded citations name real journals): the storefront labels it so. */
    example: boolean('example').notNull().default(false),
    /** `published` rows are shown on the storefront; `draft` rows only in the back-office and its preview. */
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    views: integer('views').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('content_items_kind_idx').on(t.kind, t.publishedAt),
    index('content_items_category_idx').on(t.categoryId, t.publishedAt),
    index('content_items_brand_idx').on(t.brandId, t.publishedAt),
  ],
);

export type Banner = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;
export type ContentCategory = typeof contentCategories.$inferSelect;
export type NewContentCategory = typeof contentCategories.$inferInsert;
export type ContentItem = typeof contentItems.$inferSelect;
export type NewContentItem = typeof contentItems.$inferInsert;

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

/**
 * Where a comment stands in moderation (ADR 0036): new comments are `pending` and shown on the
 * storefront only once staff approve them; `hidden` ones are kept for the record but not shown.
 */
export const COMMENT_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Comments on content; the body is plain text (stored after sanitising), shown once approved. */
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
    /** Comments stored before moderation existed were shown at once: the column's default keeps them approved; new ones are written `pending`. */
    status: text('status').$type<CommentStatus>().notNull().default('approved'),
    /** A staff answer shown under the comment (plain text), with who wrote it and when. */
    reply: text('reply'),
    replyStaffName: text('reply_staff_name'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_comments_content_idx').on(t.contentId, t.createdAt, t.id),
    index('content_comments_shown_idx').on(t.contentId, t.status, t.createdAt, t.id),
    index('content_comments_queue_idx').on(t.status, t.createdAt, t.id),
    index('content_comments_visitor_idx').on(t.visitorId, t.createdAt),
    index('content_comments_ip_idx').on(t.ip, t.createdAt),
    check('content_comments_body_len', sql`char_length(${t.body}) between 1 and 1000`),
    check('content_comments_status', sql`${t.status} in ('pending', 'approved', 'hidden')`),
  ],
);

/**
 * Content linked to content (a case to the Q&A entries that explain it, and so on): stored in both
 * directions, written and removed together, so either side lists its links with one indexed read and
 * orders them by its own `sort`.
 */
export const contentLinks = pgTable(
  'content_links',
  {
    contentId: integer('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
    linkedId: integer('linked_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'content_links_pk', columns: [t.contentId, t.linkedId] }),
    index('content_links_linked_idx').on(t.linkedId),
    check('content_links_not_self', sql`${t.contentId} <> ${t.linkedId}`),
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
export type ContentLink = typeof contentLinks.$inferSelect;
