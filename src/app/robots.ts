import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-dynamic';

/** robots.txt: the storefront is open; the API, the account area and the back-office are not for crawlers. */
export default function robots(): MetadataRoute.Robots {
  const base = siteUrl();
  const privatePaths = ['/api/', '/admin', '/sys', '/order', '/profile', '/redirect/', '/401', '/404'];
  const disallow = [...privatePaths, ...['/zh', '/en'].flatMap((p) => privatePaths.filter((x) => !x.startsWith('/api')).map((x) => `${p}${x}`))];
  return { rules: [{ userAgent: '*', allow: '/', disallow }], sitemap: `${base}/sitemap.xml`, host: base };
}
