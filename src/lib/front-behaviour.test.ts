import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isInAppNavigation, mayReloadAfterChunkError, progressAt, routesLinkClick, shouldSkipPrefetch } from './front-behaviour';

describe('shouldSkipPrefetch', () => {
  it('skips on 2g and data saver, not otherwise', () => {
    expect(shouldSkipPrefetch({ effectiveType: '2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: 'slow-2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '3g' })).toBe(false);
    expect(shouldSkipPrefetch(undefined)).toBe(false);
  });
});

describe('mayReloadAfterChunkError', () => {
  it('reloads at most once a minute', () => {
    expect(mayReloadAfterChunkError(null, 1_000)).toBe(true);
    expect(mayReloadAfterChunkError(1_000, 30_000)).toBe(false);
    expect(mayReloadAfterChunkError(1_000, 61_000)).toBe(true);
    expect(mayReloadAfterChunkError(90_000, 1_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises chunk failures only', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('progressAt', () => {
  it('rises and stays below 90% until the navigation finishes', () => {
    const values = [0, 200, 1000, 5000, 60_000].map((ms) => progressAt(ms));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(values[values.length - 1]).toBeLessThanOrEqual(0.9);
  });
});

describe('isInAppNavigation', () => {
  const here = { href: 'http://shop.test/news/index', origin: 'http://shop.test' };
  const plain = { meta: false, ctrl: false, shift: false, alt: false, button: 0 };
  const link = (href: string, extra: Partial<{ target: string; download: boolean }> = {}) => ({ href, target: '', download: false, origin: new URL(href).origin, ...extra });
  it('is true for same-origin links to another page', () => {
    expect(isInAppNavigation(link('http://shop.test/news/list?typeId=2'), here, plain)).toBe(true);
  });
  it('is false for new tabs, downloads, other sites, API files, hashes and modified clicks', () => {
    expect(isInAppNavigation(link('http://shop.test/x', { target: '_blank' }), here, plain)).toBe(false);
    expect(isInAppNavigation(link('http://shop.test/api/web/files/document/1'), here, plain)).toBe(false);
    expect(isInAppNavigation(link('http://shop.test/x', { download: true }), here, plain)).toBe(false);
    expect(isInAppNavigation(link('https://other.test/x'), here, plain)).toBe(false);
    expect(isInAppNavigation(link('http://shop.test/news/index#top'), here, plain)).toBe(false);
    expect(isInAppNavigation(link('http://shop.test/x'), here, { ...plain, ctrl: true })).toBe(false);
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
