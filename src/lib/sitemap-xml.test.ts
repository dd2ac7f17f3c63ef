import { describe, expect, it } from 'vitest';
import { sitemapIndex, urlEntry } from './sitemap-xml';

describe('sitemap XML', () => {
  it('writes one url with alternates for the three variants, escaped', () => {
    const xml = urlEntry('https://s.example', '/news/detail?id=1&x=<', new Date('2026-01-02T03:04:05Z'));
    expect(xml).toContain('<loc>https://s.example/news/detail?id=1&amp;x=&lt;</loc>');
    expect(xml).toContain('<lastmod>2026-01-02T03:04:05.000Z</lastmod>');
    expect(xml).toContain('hreflang="zh-CN" href="https://s.example/news/detail?id=1&amp;x=&lt;"');
    expect(xml).toContain('hreflang="zh" href="https://s.example/zh/news/detail');
    expect(xml).toContain('hreflang="en-US" href="https://s.example/en/news/detail');
  });

  it('writes an index of files', () => {
    expect(sitemapIndex('https://s.example', ['pages.xml', 'products-0.xml'])).toContain('<sitemap><loc>https://s.example/sitemaps/products-0.xml</loc></sitemap>');
  });
});
