import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLinkUrl, linkUrlKind, settingHref } from './link-url';

describe('linkUrlKind', () => {
  it('accepts absolute http(s) URLs with a host and paths starting with exactly one /', () => {
    expect(linkUrlKind('https://en.reagent.example.com')).toBe('absolute');
    expect(linkUrlKind('HTTP://chat.example.com/room?id=7#top')).toBe('absolute');
    expect(linkUrlKind('http://localhost:3000/en')).toBe('absolute');
    expect(linkUrlKind('/en')).toBe('path');
    expect(linkUrlKind('/')).toBe('path');
    expect(linkUrlKind('/news/index?type=2#list')).toBe('path');
  });

  it('refuses links that leave the site or that browsers rewrite', () => {
    for (const bad of [
      '', '//evil.example', '///evil.example', '/\\evil.example', '\\\\evil.example', '/en\\..\\x', ' /en', '/en ', '/e n', '/en\t',
      '/en\u0000', '/en\u0085', '\u200b/en', 'https://en.example.com\\@evil.example', 'https://shop.example.com@evil.example',
      'https://user:pw@shop.example.com/', 'https:evil.example', 'https:/evil.example', 'https:///evil.example', 'https://', 'ftp://example.com',
      'javascript:alert(1)', 'JavaScript://%0aalert(1)', 'data:text/html,x', 'mailto:a@b.example', 'en.example.com', 'en', `/${'a'.repeat(2000)}`,
    ]) {
      expect(linkUrlKind(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('never lets a path leave the site, whatever follows the slash', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (tail) => {
      const value = `/${tail}`;
      if (linkUrlKind(value) === 'path') expect(new URL(value, 'https://shop.example.com').host).toBe('shop.example.com');
    }));
  });

  it('an absolute link always has an http(s) scheme and a host', () => {
    fc.assert(fc.property(fc.webUrl(), fc.string({ maxLength: 20 }), (url, noise) => {
      for (const value of [url, `${url}${noise}`, `${noise}${url}`]) {
        if (linkUrlKind(value) !== 'absolute') continue;
        const parsed = new URL(value);
        expect(['http:', 'https:']).toContain(parsed.protocol);
        expect(parsed.hostname).not.toBe('');
        expect(isLinkUrl(value)).toBe(true);
      }
    }));
  });
});

describe('settingHref', () => {
  it('keeps a path or an absolute URL, makes a bare host https, and drops anything else', () => {
    expect(settingHref('/en')).toBe('/en');
    expect(settingHref('https://en.reagent.example.com')).toBe('https://en.reagent.example.com');
    expect(settingHref('en.reagent.example.com')).toBe('https://en.reagent.example.com');
    for (const bad of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'evil.example/\\x', null, undefined, '']) {
      expect(settingHref(bad), String(bad)).toBeNull();
    }
  });
});
