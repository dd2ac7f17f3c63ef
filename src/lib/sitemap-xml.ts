import { localisedPath, VARIANTS } from './seo';

export const URLSET_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_TAIL = '</urlset>\n';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One <url> for the default (unprefixed) variant, with hreflang alternates for all three variants. */
export function urlEntry(base: string, path: string, lastmod?: Date): string {
  const alternates = VARIANTS.map((v) => `<xhtml:link rel="alternate" hreflang="${v.hreflang}" href="${escapeXml(base + localisedPath(v.locale, path))}"/>`).join('');
  return `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>\n`;
}

export function sitemapIndex(base: string, names: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
    .map((n) => `  <sitemap><loc>${escapeXml(`${base}/sitemaps/${n}`)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}
