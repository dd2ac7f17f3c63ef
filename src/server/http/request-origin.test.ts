import { describe, expect, it } from 'vitest';
import { originVerdict } from './request-origin';

const SITE = 'http://shop.test:3000';

describe('originVerdict', () => {
  it('is same for this scheme, host and port', () => {
    expect(originVerdict({ origin: 'http://shop.test:3000' }, SITE)).toBe('same');
    expect(originVerdict({ origin: 'HTTP://SHOP.TEST:3000' }, SITE)).toBe('same');
    expect(originVerdict({ secFetchSite: 'same-origin' }, SITE)).toBe('same');
    expect(originVerdict({ referer: 'http://shop.test:3000/news/index?x=1' }, SITE)).toBe('same');
  });

  it('is cross for another scheme, host or port, a null origin, or a cross-site fetch', () => {
    expect(originVerdict({ origin: 'https://shop.test:3000' }, SITE)).toBe('cross');
    expect(originVerdict({ origin: 'http://shop.test:3001' }, SITE)).toBe('cross');
    expect(originVerdict({ origin: 'http://evil.example' }, SITE)).toBe('cross');
    expect(originVerdict({ origin: 'null' }, SITE)).toBe('cross');
    expect(originVerdict({ origin: '' }, SITE)).toBe('cross');
    expect(originVerdict({ referer: 'http://evil.example/page' }, SITE)).toBe('cross');
    expect(originVerdict({ referer: 'http://shop.test:3000.evil.example/' }, SITE)).toBe('cross');
    expect(originVerdict({ secFetchSite: 'cross-site' }, SITE)).toBe('cross');
    expect(originVerdict({ secFetchSite: 'same-site' }, SITE)).toBe('cross');
  });

  it('believes the strictest header when they disagree', () => {
    expect(originVerdict({ secFetchSite: 'same-origin', origin: 'http://evil.example' }, SITE)).toBe('cross');
    expect(originVerdict({ secFetchSite: 'cross-site', origin: SITE }, SITE)).toBe('cross');
    // Origin wins over Referer: a same-origin Referer cannot vouch for a foreign Origin.
    expect(originVerdict({ origin: 'http://evil.example', referer: `${SITE}/` }, SITE)).toBe('cross');
  });

  it('is unknown without browser headers', () => {
    expect(originVerdict({}, SITE)).toBe('unknown');
    expect(originVerdict({ secFetchSite: 'none' }, SITE)).toBe('unknown');
  });
});
