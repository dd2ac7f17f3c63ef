import { localisedPath, siteUrl, VARIANTS } from '@/lib/seo';
import { getDb } from '@/server/db/client';
import { listContentForSitemap, productSitemapRows } from '@/server/modules/content/sitemap';

export const dynamic = 'force-dynamic';

const STATIC_PATHS = [
  '/', '/news/index', '/news/list', '/applications/list', '/citations/list', '/support/index', '/resources/index',
  '/resources/index/coa', '/resources/index/coas', '/resources/index/msds', '/resources/index/protocols',
  '/about/index/about', '/about/index/partners', '/contact/contact',
];
const DETAIL: Record<string, string> = {
  news: '/news/detail', application: '/applications/detail', citation: '/citations/detail', support: '/support/detail',
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One <url> for the default variant with hreflang alternates for all three. */
function urlEntry(base: string, path: string, lastmod?: Date): string {
  const alternates = VARIANTS.map((v) => `<xhtml:link rel="alternate" hreflang="${v.hreflang}" href="${escapeXml(base + localisedPath(v.locale, path))}"/>`).join('');
  return `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>\n`;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

/** GET /sitemaps/pages.xml and /sitemaps/products-N.xml — streamed, product rows read in keyset batches. */
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
    return new Response(`${body}</urlset>\n`, { headers: HEADERS });
  }
  const match = /^products-(\d{1,6})\.xml$/.exec(name);
  if (!match) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const index = Number(match[1]);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode(HEAD));
        for await (const rows of productSitemapRows(db, index)) {
          controller.enqueue(encoder.encode(rows.map((r) => urlEntry(base, `/product/detail?id=${r.id}`, r.createdAt)).join('')));
        }
        controller.enqueue(encoder.encode('</urlset>\n'));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(stream, { headers: HEADERS });
}
