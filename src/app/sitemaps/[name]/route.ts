import { siteUrl } from '@/lib/seo';
import { URLSET_HEAD as HEAD, URLSET_TAIL, urlEntry } from '@/lib/sitemap-xml';
import { getDb } from '@/server/db/client';
import { listContentForSitemap, productSitemapRows, URLS_PER_SITEMAP } from '@/server/modules/content/sitemap';
import { substanceSitemapRows } from '@/server/modules/substances/page';

export const dynamic = 'force-dynamic';

const STATIC_PATHS = [
  '/', '/news/index', '/news/list', '/applications/list', '/citations/list', '/support/index', '/resources/index',
  '/resources/index/coa', '/resources/index/coas', '/resources/index/msds', '/resources/index/protocols',
  '/about/index/about', '/about/index/partners', '/contact/contact', '/privacy',
];
const DETAIL: Record<string, string> = {
  news: '/news/detail', application: '/applications/detail', citation: '/citations/detail', support: '/support/detail',
};

const HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

/** GET /sitemaps/pages.xml, /sitemaps/products-N.xml and /sitemaps/substances-N.xml — streamed, rows read in keyset batches. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  const { name } = await params;
  const base = siteUrl();
  const db = await getDb();
  if (name === 'pages.xml') {
    const content = await listContentForSitemap(db);
    let body = HEAD;
    for (const path of STATIC_PATHS) body += urlEntry(base, path);
    for (const c of content) {
      const detail = DETAIL[c.kind];
      if (detail) body += urlEntry(base, `${detail}?id=${c.id}`, c.publishedAt);
    }
    return new Response(body + URLSET_TAIL, { headers: HEADERS });
  }
  const match = /^(products|substances)-(\d{1,6})\.xml$/.exec(name);
  if (!match) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const index = Number(match[2]);
  // Each entry names its page in both languages (hreflang alternates, urlEntry).
  const entries = match[1] === 'substances'
    ? async function* () { for await (const rows of substanceSitemapRows(db, index, URLS_PER_SITEMAP)) yield rows.map((r) => urlEntry(base, `/substance/${r.inchikey}`, r.createdAt)).join(''); }
    : async function* () { for await (const rows of productSitemapRows(db, index)) yield rows.map((r) => urlEntry(base, `/product/detail?id=${r.id}`, r.createdAt)).join(''); };
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode(HEAD));
        for await (const chunk of entries()) controller.enqueue(encoder.encode(chunk));
        controller.enqueue(encoder.encode(URLSET_TAIL));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(stream, { headers: HEADERS });
}
