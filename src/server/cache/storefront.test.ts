import { describe, expect, it } from 'vitest';
import { revalidateStorefront, STOREFRONT_CACHE_SECONDS, storefrontTags } from './storefront';

describe('the storefront cache tags (ADR 0025)', () => {
  it('names one tag per part of the site and one per product', () => {
    expect(storefrontTags.product(42)).toBe('storefront:product:42');
    expect(new Set([storefrontTags.shell, storefrontTags.catalogue, storefrontTags.content]).size).toBe(3);
  });

  it('revalidates nothing outside a Next.js request (scripts, tests), and says so', () => {
    expect(revalidateStorefront('all', 'catalogue', { product: 1 })).toBe(false);
  });

  it('keeps shared data 60 seconds unless STOREFRONT_CACHE_SECONDS says otherwise', () => {
    expect(STOREFRONT_CACHE_SECONDS).toBe(Number(process.env.STOREFRONT_CACHE_SECONDS ?? 60));
  });
});
