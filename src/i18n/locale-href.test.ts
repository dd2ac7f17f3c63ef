import { describe, expect, it } from 'vitest';
import { hrefToString, localizePath, unprefixPath } from './locale-href';
import { LOCALES } from './locales';
import { routing } from './routing';

describe('locale hrefs (as next-intl writes them for "as-needed" prefixes)', () => {
  it('leave the default locale without a prefix and prefix the others', () => {
    expect(localizePath('/news/index', 'zh-CN')).toBe('/news/index');
    expect(localizePath('/news/index', 'en')).toBe('/en/news/index');
    expect(localizePath('/news/index', 'zh')).toBe('/zh/news/index');
    expect(localizePath('/product/list?sk=acid&type=3', 'en')).toBe('/en/product/list?sk=acid&type=3');
  });

  it('write the home page without a trailing slash after the prefix', () => {
    expect(localizePath('/', 'zh-CN')).toBe('/');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?login', 'en')).toBe('/en?login');
    expect(localizePath('/?login', 'zh-CN')).toBe('/?login');
  });

  it('prefix the default locale too when a link names its locale', () => {
    expect(localizePath('/product/list', 'zh-CN', true)).toBe('/zh-CN/product/list');
    expect(localizePath('/', 'zh-CN', true)).toBe('/zh-CN');
    expect(localizePath('/product/list', 'en', true)).toBe('/en/product/list');
  });

  it('leave external and relative hrefs alone', () => {
    for (const locale of LOCALES) {
      expect(localizePath('https://example.com/x', locale)).toBe('https://example.com/x');
      expect(localizePath('mailto:sales@example.com', locale)).toBe('mailto:sales@example.com');
      expect(localizePath('#main', locale)).toBe('#main');
    }
  });

  it('serialise a query as next-intl does (arrays repeat their key)', () => {
    expect(hrefToString({ pathname: '/product/detail', query: { id: '12' } })).toBe('/product/detail?id=12');
    expect(hrefToString({ pathname: '/product/list', query: { sk: 'a b', type: 3, tags: ['x', 'y'] } })).toBe('/product/list?sk=a+b&type=3&tags=x&tags=y');
    expect(hrefToString({ pathname: '/news/index' })).toBe('/news/index');
    expect(hrefToString('/x?y=1')).toBe('/x?y=1');
  });

  it('read the path without the locale prefix', () => {
    expect(unprefixPath('/en/product/list', 'en')).toBe('/product/list');
    expect(unprefixPath('/en', 'en')).toBe('/');
    expect(unprefixPath('/english', 'en')).toBe('/english');
    expect(unprefixPath('/zh/news/index', 'zh')).toBe('/news/index');
    expect(unprefixPath('/product/list', 'zh-CN')).toBe('/product/list');
  });

  it('share their constants with the routing', () => {
    expect(routing.locales).toEqual(LOCALES);
    expect(routing.defaultLocale).toBe('zh-CN');
  });
});
