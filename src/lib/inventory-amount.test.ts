import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containerAmountOf, fromUnits, shortAmount, toUnits } from './inventory-amount';

describe('inventory amounts', () => {
  it('reads and writes decimals of four places exactly', () => {
    expect(toUnits('12.5')).toBe(125_000);
    expect(toUnits('-0.0001')).toBe(-1);
    expect(toUnits('1.23456')).toBeNull();
    expect(toUnits('abc')).toBeNull();
    expect(shortAmount('12.5000')).toBe('12.5');
    fc.assert(fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (n) => {
      expect(toUnits(fromUnits(n))).toBe(n);
    }));
  });

  it('takes a pack size as the container\'s amount in its own unit, and anything else as one each', () => {
    expect(containerAmountOf('500mL')).toEqual({ amount: '500', unit: 'mL' });
    expect(containerAmountOf('2.5 L')).toEqual({ amount: '2.5', unit: 'L' });
    expect(containerAmountOf('25g')).toEqual({ amount: '25', unit: 'g' });
    expect(containerAmountOf('100µg')).toEqual({ amount: '0.1', unit: 'mg' });
    expect(containerAmountOf('10 µL')).toEqual({ amount: '10', unit: 'µL' });
    expect(containerAmountOf('500克')).toEqual({ amount: '500', unit: 'g' });
    expect(containerAmountOf('96 tests')).toEqual({ amount: '1', unit: 'ea' });
    expect(containerAmountOf('1pcs')).toEqual({ amount: '1', unit: 'ea' });
  });
});
