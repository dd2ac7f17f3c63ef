import { describe, expect, it } from 'vitest';
import { jsonLd, localisedPath, pageMetadata, positiveInt } from './seo';

describe('pageMetadata', () => {
  it('gives a canonical URL per variant and hreflang alternates for all three', () => {
    process.env.SITE_URL = 'https://www.reagent.example.com/';
    const meta = pageMetadata({ locale: 'en', path: '/news/detail', query: { id: 12 }, title: 'T', description: 'D' });
    expect(meta.alternates?.canonical).toBe('https://www.reagent.example.com/en/news/detail?id=12');
    expect(meta.alternates?.languages).toEqual({
      'zh-CN': 'https://www.reagent.example.com/news/detail?id=12',
      zh: 'https://www.reagent.example.com/zh/news/detail?id=12',
      'en-US': 'https://www.reagent.example.com/en/news/detail?id=12',
      'x-default': 'https://www.reagent.example.com/news/detail?id=12',
    });
    const home = pageMetadata({ locale: 'zh', path: '/', title: 'T', description: 'D' });
    expect(home.alternates?.canonical).toBe('https://www.reagent.example.com/zh');
    delete process.env.SITE_URL;
  });
});

describe('helpers', () => {
  it('localisedPath', () => {
    expect(localisedPath('zh-CN', '/')).toBe('/');
    expect(localisedPath('en', '/')).toBe('/en');
    expect(localisedPath('zh', '/about/index/about')).toBe('/zh/about/index/about');
  });

  it('jsonLd escapes <', () => {
    expect(jsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
  });

  it('positiveInt', () => {
    expect(positiveInt('12')).toBe(12);
    expect(positiveInt('999999999')).toBe(999_999_999);
    for (const bad of ['0', '-1', 'x', '1e3', '9999999999', undefined, '', '01', '007', '00', '+1', ' 1', '1 ', '1.0', '１２']) expect(positiveInt(bad), bad).toBeUndefined();
    expect(positiveInt(['3', '4'])).toBe(3);
  });
});
