import { describe, expect, it } from 'vitest';
import { decideLanguage, LANG_STORAGE_KEY, rememberLanguage } from './site-language';

const at = (address: string) => new URL(address);

describe('decideLanguage (web setting 1)', () => {
  it('makes a page on the English site\'s host English, rendered from /en plus its path', () => {
    expect(decideLanguage('https://en.reagent.example.com', at('https://en.reagent.example.com/'))).toEqual({ lang: 'en', rewrite: '/en' });
    expect(decideLanguage('https://EN.reagent.example.com/', at('http://en.reagent.example.com:3000/product/list?sk=x'))).toEqual({ lang: 'en', rewrite: '/en/product/list' });
    // A bare host saved before addresses needed a scheme reads as https:// that host (the settings' URL rule).
    expect(decideLanguage('en.reagent.example.com', at('https://en.reagent.example.com/about/index'))).toEqual({ lang: 'en', rewrite: '/en/about/index' });
  });

  it('leaves a page of another host, or outside the absolute address\'s path, in cn', () => {
    expect(decideLanguage('https://en.reagent.example.com', at('https://www.reagent.example.com/product/list'))).toEqual({ lang: 'cn', rewrite: null });
    expect(decideLanguage('https://shop.example.com/english', at('https://shop.example.com/product/list'))).toEqual({ lang: 'cn', rewrite: null });
    expect(decideLanguage('https://shop.example.com/english', at('https://other.example.com/english/x'))).toEqual({ lang: 'cn', rewrite: null });
  });

  it('makes a page under the setting\'s path English, on any host', () => {
    expect(decideLanguage('/english', at('http://localhost:3000/english'))).toEqual({ lang: 'en', rewrite: '/en' });
    expect(decideLanguage('/english/', at('https://shop.example.com/english/product/list'))).toEqual({ lang: 'en', rewrite: '/en/product/list' });
    expect(decideLanguage('https://shop.example.com/english', at('https://shop.example.com/english/news/index'))).toEqual({ lang: 'en', rewrite: '/en/news/index' });
    // The demo's /en: the page's own prefix already makes it English, so nothing is rewritten.
    expect(decideLanguage('/en', at('http://localhost:3000/en/product/list'))).toEqual({ lang: 'en', rewrite: null });
    expect(decideLanguage('/en', at('http://localhost:3000/en'))).toEqual({ lang: 'en', rewrite: null });
  });

  it('leaves a page outside the setting\'s path in cn, also when the path only starts with the same letters', () => {
    expect(decideLanguage('/en', at('http://localhost:3000/'))).toEqual({ lang: 'cn', rewrite: null });
    expect(decideLanguage('/english', at('http://localhost:3000/englishman'))).toEqual({ lang: 'cn', rewrite: null });
    expect(decideLanguage('/en', at('http://localhost:3000/product/enzymes'))).toEqual({ lang: 'cn', rewrite: null });
  });

  it('is cn without a setting, or with one that fails the URL rule, unless the page carries /en', () => {
    for (const setting of [null, undefined, '', '   ', 'javascript:alert(1)', '//evil.example.com', 'not an address']) {
      expect(decideLanguage(setting, at('https://en.reagent.example.com/product/list')), String(setting)).toEqual({ lang: 'cn', rewrite: null });
      expect(decideLanguage(setting, at('https://en.reagent.example.com/en/product/list')), String(setting)).toEqual({ lang: 'en', rewrite: null });
    }
  });

  it('lets the page\'s own prefix win over the setting (ADR 0002)', () => {
    expect(decideLanguage('https://en.reagent.example.com', at('https://en.reagent.example.com/zh/product/list'))).toEqual({ lang: 'cn', rewrite: null });
    expect(decideLanguage('/', at('https://shop.example.com/zh'))).toEqual({ lang: 'cn', rewrite: null });
    expect(decideLanguage('/', at('https://shop.example.com/contact/contact'))).toEqual({ lang: 'en', rewrite: '/en/contact/contact' });
  });
});

describe('rememberLanguage', () => {
  const memory = () => {
    const values = new Map<string, string>();
    let writes = 0;
    return {
      values,
      writes: () => writes,
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => { writes += 1; values.set(k, v); },
    };
  };

  it('stores the language under lang, writing only when it changes', () => {
    const storage = memory();
    rememberLanguage(storage, 'en');
    expect(storage.values.get(LANG_STORAGE_KEY)).toBe('en');
    rememberLanguage(storage, 'en');
    expect(storage.writes()).toBe(1);
    rememberLanguage(storage, 'cn');
    expect(storage.values.get('lang')).toBe('cn');
    expect(storage.writes()).toBe(2);
  });

  it('does not throw when storage is missing or refuses', () => {
    expect(() => rememberLanguage(null, 'en')).not.toThrow();
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => rememberLanguage(refusing, 'en')).not.toThrow();
  });
});
