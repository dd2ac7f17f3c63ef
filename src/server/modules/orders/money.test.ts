import { describe, expect, it } from 'vitest';
import { deliveryOptions } from './delivery';
import { centsText, GOODS_VAT_PERCENT, includedTax, orderMoney, taxOf, toCents } from './money';

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

  it('finds the VAT a tax-included amount contains at 13 %, rounded half up to the cent', () => {
    expect(GOODS_VAT_PERCENT).toBe(13n);
    expect(includedTax(toCents('113.00'), 13n)).toBe(1300n);
    expect(includedTax(toCents('977.00'), 13n)).toBe(11240n); // 112.398… → 112.40
    expect(includedTax(toCents('500.00'), 13n)).toBe(5752n); // 57.522… → 57.52
    expect(includedTax(toCents('0.05'), 13n)).toBe(1n); // 0.575 cents → 1
    expect(includedTax(0n, 13n)).toBe(0n);
  });

  it('keeps the total of a tax-included order at goods plus delivery, whatever the invoice; earlier orders add their rate', () => {
    expect(orderMoney({ subtotal: toCents('977.00'), deliveryFee: 0n, taxIncluded: true, percent: 13n })).toEqual({ tax: 11240n, total: 97700n });
    expect(orderMoney({ subtotal: toCents('100.00'), deliveryFee: 2000n, taxIncluded: true, percent: 13n })).toEqual({ tax: 1381n, total: 12000n });
    expect(orderMoney({ subtotal: toCents('977.00'), deliveryFee: 0n, taxIncluded: false, percent: 6n })).toEqual({ tax: 5862n, total: 103562n });
  });

  it('prices delivery: standard free from ¥500, no air for dangerous goods, cold chain once per order', () => {
    const fees = (subtotal: string, lines: { hazardous: boolean; shipping: string }[]) =>
      Object.fromEntries(deliveryOptions({ subtotal: toCents(subtotal), lines }).map((o) => [o.method, [centsText(o.fee), o.unavailable]]));
    expect(fees('499.99', [{ hazardous: false, shipping: 'ambient' }])).toEqual({ standard: ['20.00', null], express: ['45.00', null], pickup: ['0.00', null] });
    expect(fees('500.00', [{ hazardous: true, shipping: 'ambient' }])).toEqual({ standard: ['0.00', null], express: ['45.00', 'hazardousByGround'], pickup: ['0.00', null] });
    expect(fees('800.00', [{ hazardous: false, shipping: 'ice-pack' }, { hazardous: false, shipping: 'dry-ice' }, { hazardous: false, shipping: 'dry-ice' }]))
      .toEqual({ standard: ['60.00', null], express: ['105.00', null], pickup: ['0.00', null] });
  });
});
