import { describe, expect, it } from 'vitest';
import { routesLinkClick, shouldSkipPrefetch } from './link-behaviour';

describe('shouldSkipPrefetch', () => {
  it('skips on 2g and data saver, not otherwise', () => {
    expect(shouldSkipPrefetch({ effectiveType: '2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: 'slow-2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '3g' })).toBe(false);
    expect(shouldSkipPrefetch(undefined)).toBe(false);
  });
});

describe('routesLinkClick', () => {
  const origin = 'https://shop.example.com';
  const plain = { meta: false, ctrl: false, shift: false, alt: false, button: 0 };
  const link = (href: string, extra: { target?: string; download?: boolean } = {}) => ({ href, target: extra.target ?? '', download: extra.download ?? false });

  it('leaves a plain click on a link of this site to the router, a jump within the page included', () => {
    expect(routesLinkClick(link(`${origin}/product/detail?id=1`), origin, plain)).toBe(true);
    expect(routesLinkClick(link(`${origin}/en`, { target: '_self' }), origin, plain)).toBe(true);
    expect(routesLinkClick(link(`${origin}/about#team`), origin, plain)).toBe(true);
  });

  it('leaves new tabs, other buttons, downloads and other windows to the browser', () => {
    for (const key of ['meta', 'ctrl', 'shift', 'alt'] as const) {
      expect(routesLinkClick(link(`${origin}/news/index`), origin, { ...plain, [key]: true })).toBe(false);
    }
    expect(routesLinkClick(link(`${origin}/news/index`), origin, { ...plain, button: 1 })).toBe(false);
    expect(routesLinkClick(link(`${origin}/files/sds.pdf`, { download: true }), origin, plain)).toBe(false);
    expect(routesLinkClick(link(`${origin}/news/index`, { target: '_blank' }), origin, plain)).toBe(false);
  });

  it('leaves other sites, other schemes and unreadable addresses to the browser', () => {
    expect(routesLinkClick(link('https://other.example.com/'), origin, plain)).toBe(false);
    expect(routesLinkClick(link('http://shop.example.com/'), origin, plain)).toBe(false);
    expect(routesLinkClick(link('mailto:sales@example.com'), origin, plain)).toBe(false);
    expect(routesLinkClick(link('tel:+862100000000'), origin, plain)).toBe(false);
    expect(routesLinkClick(link('not a url'), origin, plain)).toBe(false);
  });
});
