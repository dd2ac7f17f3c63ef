import { describe, expect, it } from 'vitest';
import { listQuery, parseListParams, parseSearchKey, MAX_LIST_PAGE, pagerNumbers } from './product-list-params';

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

describe('numbered pages', () => {
  it('reads page 2 and up, caps it at the last counted page and drops anything else', () => {
    expect(parseListParams({ page: '3' }).page).toBe(3);
    expect(parseListParams({ page: '1' }).page).toBeUndefined();
    expect(parseListParams({ page: '0' }).page).toBeUndefined();
    expect(parseListParams({ page: '-2' }).page).toBeUndefined();
    expect(parseListParams({ page: '2x' }).page).toBeUndefined();
    // One page, one URL: a leading zero is not a page number (nor an id).
    expect(parseListParams({ page: '03' }).page).toBeUndefined();
    expect(parseListParams({ page: '003' }).page).toBeUndefined();
    expect(parseListParams({ cat: '012', brand: '05,7' })).toMatchObject({ cat: undefined, brandIds: [7] });
    expect(parseListParams({ page: '99999' }).page).toBe(MAX_LIST_PAGE);
  });

  it('shows the first and last page, two on each side of the current one, and gaps', () => {
    expect(pagerNumbers(1, 1, true)).toEqual([1]);
    expect(pagerNumbers(1, 5, true)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerNumbers(6, 20, true)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    // A gap of one page shows the page instead of "…".
    expect(pagerNumbers(4, 20, true)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    expect(pagerNumbers(20, 20, true)).toEqual([1, null, 18, 19, 20]);
    // With a capped count the last page is unknown: the pager ends with a gap.
    expect(pagerNumbers(1, 500, false)).toEqual([1, 2, 3, null]);
    expect(pagerNumbers(500, 500, false)).toEqual([1, null, 498, 499, 500]);
  });
});
