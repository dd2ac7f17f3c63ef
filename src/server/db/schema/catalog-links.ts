import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { contentItems } from './content';

/**
 * Content linked to a product: news and application articles that use it, and citations
 * (customer publications) that name it. The content item's `kind` says which.
 */
export const productArticles = pgTable(
  'product_articles',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    contentId: integer('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'product_articles_pk', columns: [t.productId, t.contentId] }),
    index('product_articles_content_idx').on(t.contentId),
  ],
);

export type ProductArticle = typeof productArticles.$inferSelect;
export type NewProductArticle = typeof productArticles.$inferInsert;
