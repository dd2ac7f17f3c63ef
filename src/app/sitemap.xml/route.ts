import { siteUrl } from '@/lib/seo';
import { sitemapIndex } from '@/lib/sitemap-xml';
import { getDb } from '@/server/db/client';
import { countProductSitemaps } from '@/server/modules/content/sitemap';

export const dynamic = 'force-dynamic';

/** GET /sitemap.xml — the sitemap index: pages and content, then one file per 50,000 products. */
export async function GET(): Promise<Response> {
  const base = siteUrl();
  const files = await countProductSitemaps(await getDb());
  const names = ['pages.xml', ...Array.from({ length: files }, (_, i) => `products-${i}.xml`)];
  return new Response(sitemapIndex(base, names), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
