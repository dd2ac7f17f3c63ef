import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOffer } from './best-pack';

const offer = (packId: number, size: string, cents: number, density: string | null = null) => ({ packId, productId: 1, itemNo: `A${packId}`, size, density, cents });

describe('the best pack to reorder', () => {
  it('takes the lowest price per amount, in mass through the density', () => {
    expect(bestOffer([offer(1, '100g', 5000), offer(2, '500g', 20000), offer(3, '25g', 1500)])?.packId).toBe(2);
    // 1 L at 0.8 g/mL is 800 g for 24000 (30/kg) beats 500 g for 20000 (40/kg).
    expect(bestOffer([offer(2, '500g', 20000), offer(4, '1L', 24000, '0.800')])?.packId).toBe(4);
    // A volume without density is not set against masses.
    expect(bestOffer([offer(2, '500g', 20000), offer(5, '1L', 100)])?.packId).toBe(2);
    // Nothing comparable: the cheapest pack.
    expect(bestOffer([offer(6, '10 pcs', 900), offer(7, '96 tests', 800)])?.packId).toBe(7);
    expect(bestOffer([])).toBeNull();
  });

  it('never picks a pack dearer per gram than another mass pack', () => {
    const sizes = fc.constantFrom('1g', '5g', '25g', '100g', '500g', '1kg');
    fc.assert(fc.property(fc.array(fc.tuple(sizes, fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 8 }), (xs) => {
      const offers = xs.map(([s, c], i) => offer(i + 1, s, c));
      const best = bestOffer(offers)!;
      const grams = (s: string) => (s.endsWith('kg') ? Number(s.slice(0, -2)) * 1000 : Number(s.slice(0, -1)));
      for (const o of offers) expect(best.cents / grams(best.size)).toBeLessThanOrEqual(o.cents / grams(o.size) + 1e-9);
    }));
  });
});
