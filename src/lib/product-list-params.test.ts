import { describe, expect, it } from 'vitest';
import { listQuery, parseListParams, parseSearchKey } from './product-list-params';

describe('parseListParams', () => {
  it('reads sort, brands, stock, category, cursor and view', () => {
    expect(parseListParams({ sort: 'priceAsc', brand: ['3', '5,7'], stock: '1', cat: '12', cursor: 'eyJ2IjoxfQ', view: 'list' })).toEqual({
      sort: 'priceAsc', brandIds: [3, 5, 7], inStock: true, cat: 12, cursor: 'eyJ2IjoxfQ', view: 'list',
    });
  });

  it('drops what is malformed instead of failing', () => {
    expect(parseListParams({ sort: 'random', brand: 'x,-1,0,2,2', stock: 'yes', cat: '1e3', cursor: "a'b", view: 'grid' })).toEqual({
      sort: undefined, brandIds: [2], inStock: false, cat: undefined, cursor: undefined, view: undefined,
    });
  });

  it('keeps at most 20 brands', () => {
    expect(parseListParams({ brand: Array.from({ length: 30 }, (_, i) => String(i + 1)).join(',') }).brandIds).toHaveLength(20);
  });
});

describe('parseSearchKey', () => {
  it('cleans the key by the shared rule and treats an empty result as no key', () => {
    expect(parseSearchKey(" 'ethanol'; ")).toBe('ethanol');
    expect(parseSearchKey(['64-17-5', 'other'])).toBe('64-17-5');
    expect(parseSearchKey('.*')).toBeUndefined();
    expect(parseSearchKey(undefined)).toBeUndefined();
  });
});

describe('listQuery', () => {
  it('keeps only values that say something', () => {
    expect(listQuery({ sk: 'x', type: 2, stock: true, off: false, brand: [1, 2], none: [], empty: '', missing: undefined })).toEqual({
      sk: 'x', type: '2', stock: '1', brand: '1,2',
    });
  });
});
