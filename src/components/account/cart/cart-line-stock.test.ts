import { describe, expect, it } from 'vitest';
import { cartLineStock } from './cart-line-stock';

describe('cartLineStock', () => {
  it('is in stock only when the stock covers the quantity', () => {
    expect(cartLineStock({ stock: 5, leadTimeDays: 7, num: 5 })).toEqual({ kind: 'inStock', stock: 5 });
  });

  it('backorders what the stock lacks, even when some is in stock', () => {
    expect(cartLineStock({ stock: 3, leadTimeDays: 7, num: 5 })).toEqual({ kind: 'backorder', key: 'backorder', values: { short: 2, days: 7 } });
    expect(cartLineStock({ stock: 0, leadTimeDays: 10, num: 2 })).toEqual({ kind: 'backorder', key: 'backorder', values: { short: 2, days: 10 } });
  });

  it('says the lead time is confirmed with the order when the pack has none', () => {
    expect(cartLineStock({ stock: 0, leadTimeDays: 0, num: 1 })).toEqual({ kind: 'backorder', key: 'backorderOpen', values: { short: 1 } });
  });
});
