import { describe, expect, it } from 'vitest';
import { amountAs, densityMilli, parseAmount, pricePerUnit } from './pack-amount';

describe('parseAmount', () => {
  it('reads catalogue sizes and typed amounts in whole micro-units', () => {
    expect(parseAmount('500mL')).toEqual({ kind: 'volume', micro: 500_000 });
    expect(parseAmount('2.5L')).toEqual({ kind: 'volume', micro: 2_500_000 });
    expect(parseAmount('25 g')).toEqual({ kind: 'mass', micro: 25_000_000 });
    expect(parseAmount('1kg')).toEqual({ kind: 'mass', micro: 1_000_000_000 });
    expect(parseAmount(' 1.2 kg ')).toEqual({ kind: 'mass', micro: 1_200_000_000 });
    expect(parseAmount('1,5 g')).toEqual({ kind: 'mass', micro: 1_500_000 });
    expect(parseAmount('500 mg')).toEqual({ kind: 'mass', micro: 500_000 });
    expect(parseAmount('3 L')).toEqual({ kind: 'volume', micro: 3_000_000 });
    expect(parseAmount('10µL')).toEqual({ kind: 'volume', micro: 10 });
    expect(parseAmount('2 公斤')).toEqual({ kind: 'mass', micro: 2_000_000_000 });
    expect(parseAmount('100 毫升')).toEqual({ kind: 'volume', micro: 100_000 });
  });

  it('rounds a fraction below the unit up to the next micro-unit', () => {
    expect(parseAmount('0.5 µg')).toEqual({ kind: 'mass', micro: 1 });
    expect(parseAmount('0.0000011 g')).toBeNull();
    expect(parseAmount('1.000001 kg')).toEqual({ kind: 'mass', micro: 1_000_001_000 });
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'kg', '50pcs', '100 units', '-1 g', '0 g', '1e3 g', '1.2.3 g', '999999999 kg', 'abc']) expect(parseAmount(text), text).toBeNull();
  });
});

describe('conversions', () => {
  it('turns a volume into a mass exactly through a density of three decimals', () => {
    const d = densityMilli('0.789');
    expect(d).toBe(789);
    expect(amountAs({ kind: 'volume', micro: 500_000 }, 'mass', d)).toBe(394_500_000);
    expect(amountAs({ kind: 'volume', micro: 500_000 }, 'mass', null)).toBeNull();
    expect(amountAs({ kind: 'mass', micro: 7 }, 'mass', null)).toBe(7);
    expect(densityMilli(null)).toBeNull();
    expect(densityMilli('0')).toBeNull();
  });

  it('prices a gram or a millilitre', () => {
    expect(pricePerUnit('50.00', '25g')).toEqual({ value: 2, kind: 'mass' });
    expect(pricePerUnit('120.00', '2.5L')).toEqual({ value: 0.048, kind: 'volume' });
    expect(pricePerUnit('10.00', '50pcs')).toBeNull();
  });
});
