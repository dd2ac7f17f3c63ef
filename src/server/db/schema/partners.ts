import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './catalog';

/**
 * The partners page's entries (docs/requirements/storefront.md#content; ADR 0042): a name and a description in
 * both languages, a logo image (files module), a link (the partner's brand page in this shop, or an
 * address), the order of the page, and draft or published — only published partners are shown.
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** ISO 3166 country code, or ''. */
    country: text('country').notNull().default(''),
    /** The brand of this shop the partner is (its card links to the brand page); null for others. */
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** An http(s) address of the partner's own site ('' for none); used when there is no brand. */
    link: text('link').notNull().default(''),
    /** The logo's key in the files store ('' for none: the name shows instead). */
    logoPath: text('logo_path').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** draft → published → draft; partners/transition.ts. */
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partners_order_idx').on(t.sort, t.id),
    check('partners_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);
