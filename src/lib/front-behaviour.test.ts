import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isInAppNavigation, mayReloadAfterChunkError, progressAt } from './front-behaviour';

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
