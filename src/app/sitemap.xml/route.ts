import { siteUrl } from '@/lib/seo';
import { sitemapIndex } from '@/lib/sitemap-xml';
import { getDb } from '@/server/db/client';
import { countProductSitemaps, URLS_PER_SITEMAP } from '@/server/modules/content/sitemap';
import { countSubstanceSitemaps } from '@/server/modules/substances/page';

export const dynamic = 'force-dynamic';

/** GET /sitemap.xml — the sitemap index: pages and content, then one file per 50,000 products and per 50,000 substances. */
export async function GET(): Promise<Response> {
  const base = siteUrl();
  const db = await getDb();
  const [files, substanceFiles] = await Promise.all([countProductSitemaps(db), countSubstanceSitemaps(db, URLS_PER_SITEMAP)]);
  const names = [
    'pages.xml', ...Array.from({ length: files }, (_, i) => `products-${i}.xml`), ...Array.from({ length: substanceFiles }, (_, i) => `substances-${i}.xml`),
  ];
  return new Response(sitemapIndex(base, names), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
