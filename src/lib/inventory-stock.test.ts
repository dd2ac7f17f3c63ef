import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, stockAgainst, STOCK_UNITS, type StockUnit } from './inventory-stock';

describe('stock against a minimum', () => {
  it('converts within mass and volume, and between them through the density', () => {
    expect(convertAmount(2500, 'mg', 'g', null)).toBe(2.5);
    expect(convertAmount(1.5, 'L', 'mL', null)).toBe(1500);
    expect(convertAmount(500, 'mL', 'g', 0.791)).toBeCloseTo(395.5, 6);
    expect(convertAmount(395.5, 'g', 'mL', 0.791)).toBeCloseTo(500, 6);
    expect(convertAmount(500, 'mL', 'g', null)).toBeNull();
    expect(convertAmount(3, 'ea', 'g', 1)).toBeNull();
    expect(convertAmount(3, 'ea', 'ea', null)).toBe(3);
  });

  it('sums the containers in the minimum’s unit and says below or not comparable', () => {
    expect(stockAgainst(1, 'kg', [{ remaining: 400, unit: 'g', density: null }, { remaining: 500, unit: 'mL', density: 0.791 }]))
      .toEqual({ current: 0.7955, comparable: true, below: true });
    expect(stockAgainst(1, 'L', [{ remaining: 1.2, unit: 'L', density: null }])).toEqual({ current: 1.2, comparable: true, below: false });
    expect(stockAgainst(1, 'kg', [{ remaining: 500, unit: 'mL', density: null }])).toEqual({ current: null, comparable: false, below: false });
    expect(stockAgainst(1, 'g', [])).toEqual({ current: 0, comparable: true, below: true });
  });

  it('a conversion there and back returns the amount, for any unit of the same kind', () => {
    const mass: StockUnit[] = ['mg', 'g', 'kg'];
    fc.assert(fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), fc.constantFrom(...mass), fc.constantFrom(...mass), (v, a, b) => {
      const there = convertAmount(v, a, b, null)!;
      expect(convertAmount(there, b, a, null)!).toBeCloseTo(v, 6);
    }));
    expect(STOCK_UNITS).toHaveLength(7);
  });
});
