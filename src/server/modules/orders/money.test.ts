import { describe, expect, it } from 'vitest';
import { centsText, taxOf, toCents } from './money';

describe('money', () => {
  it('reads and writes amounts exactly', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('0.07')).toBe(7n);
    expect(toCents('12')).toBe(1200n);
    expect(centsText(123450n)).toBe('1234.50');
    expect(centsText(7n)).toBe('0.07');
    expect(() => toCents('1e3')).toThrow();
  });

  it('rounds tax half up to the cent', () => {
    expect(taxOf(toCents('100.00'), 6n)).toBe(600n);
    expect(taxOf(toCents('0.50'), 3n)).toBe(2n); // 1.5 cents → 2
    expect(taxOf(toCents('0.49'), 3n)).toBe(1n); // 1.47 cents → 1
  });
});
