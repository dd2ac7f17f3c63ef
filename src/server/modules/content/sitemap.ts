import 'server-only';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, products } from '@/server/db/schema';

/** URLs per sitemap file (the protocol's limit). */
export const URLS_PER_SITEMAP = 50_000;
const BATCH = 5_000;

/** How many product sitemaps there are: ids are split into ranges of 50,000 (one primary-key lookup). */
export async function countProductSitemaps(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${products.id})` }).from(products);
  const max = Number(row?.max ?? 0);
  return max > 0 ? Math.ceil(max / URLS_PER_SITEMAP) : 0;
}

/**
 * The products of sitemap `index` (ids in (index × 50,000, (index + 1) × 50,000]), read by keyset
 * over products.id in batches, so memory stays flat whatever the catalogue size.
 */
export async function* productSitemapRows(db: Db, index: number): AsyncGenerator<{ id: number; createdAt: Date }[]> {
  const last = (index + 1) * URLS_PER_SITEMAP;
  let after = index * URLS_PER_SITEMAP;
  for (;;) {
    const rows = await db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(and(gt(products.id, after), lte(products.id, last), eq(products.active, true)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? last;
    if (rows.length < BATCH) return;
  }
}

export async function listContentForSitemap(db: Db): Promise<{ id: number; kind: string; publishedAt: Date }[]> {
  return db.select({ id: contentItems.id, kind: contentItems.kind, publishedAt: contentItems.publishedAt }).from(contentItems).where(eq(contentItems.status, 'published')).orderBy(asc(contentItems.id));
}
