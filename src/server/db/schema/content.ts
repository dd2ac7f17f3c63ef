import {
  boolean, index, integer, pgTable, serial, text, timestamp,
} from 'drizzle-orm/pg-core';

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
