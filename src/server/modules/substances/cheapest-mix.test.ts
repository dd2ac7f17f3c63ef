import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestMix, type MixPack } from './cheapest-mix';

const pack = (id: number, amount: number, max: number, unitCents: number): MixPack => ({
  id, amount, max, costs: Array.from({ length: max }, (_, k) => (k + 1) * unitCents),
});

/** Every count vector within the stock: the least cost, then the fewest packs, of those reaching the target. */
function bruteForce(packs: readonly MixPack[], target: number): { cents: number; packs: number } | null {
  let best: { cents: number; packs: number } | null = null;
  const walk = (i: number, amount: number, cents: number, n: number) => {
    if (i === packs.length) {
      if (amount >= target && (!best || cents < best.cents || (cents === best.cents && n < best.packs))) best = { cents, packs: n };
      return;
    }
    const p = packs[i] as MixPack;
    walk(i + 1, amount, cents, n);
    for (let k = 1; k <= Math.min(p.max, p.costs.length); k++) walk(i + 1, amount + k * p.amount, cents + (p.costs[k - 1] as number), n + k);
  };
  walk(0, 0, 0, 0);
  return best;
}

describe('cheapestMix', () => {
  it('beats the greedy choice of the lowest price per gram', () => {
    // 1.2 kg: greedy by price per gram takes 1 kg, then 500 g (¥160); 1 kg + 250 g costs ¥140.
    const packs = [pack(1, 1000, 5, 100_00), pack(2, 500, 5, 60_00), pack(3, 250, 5, 40_00)];
    const answer = cheapestMix(packs, 1200);
    expect(answer).toEqual({ kind: 'mix', lines: [{ id: 1, num: 1 }, { id: 3, num: 1 }], cents: 140_00, packs: 2, amount: 1250 });
  });

  it('keeps within the stock and says when everything in stock is short', () => {
    expect(cheapestMix([pack(1, 500, 2, 10_00)], 1200)).toEqual({ kind: 'short', available: 1000 });
    expect(cheapestMix([pack(1, 500, 2, 10_00), pack(2, 100, 3, 1_00)], 1200)).toMatchObject({ kind: 'mix', lines: [{ id: 1, num: 2 }, { id: 2, num: 2 }] });
  });

  it('breaks a tie on cost with fewer packs', () => {
    const answer = cheapestMix([pack(1, 100, 10, 10_00), pack(2, 1000, 1, 100_00)], 1000);
    expect(answer).toMatchObject({ kind: 'mix', lines: [{ id: 2, num: 1 }], cents: 100_00, packs: 1 });
  });

  it('prices k packs as the costs say (quantity breaks)', () => {
    // From 3 on the 100 g pack costs ¥5 each: 3 × 100 g (¥15) beats 250 g at ¥20.
    const broken: MixPack = { id: 1, amount: 100, max: 5, costs: [10_00, 20_00, 15_00, 20_00, 25_00] };
    expect(cheapestMix([broken, pack(2, 250, 1, 20_00)], 250)).toMatchObject({ lines: [{ id: 1, num: 3 }], cents: 15_00 });
  });

  it('answers too-large rather than running long', () => {
    // Sizes with no common step: a table of 1.5 billion cells.
    expect(cheapestMix([pack(1, 999_983, 2000, 1), pack(2, 1_000_003, 2000, 1)], 1_500_000_000)).toEqual({ kind: 'too-large' });
  });

  it('finds the brute force optimum on small cases', () => {
    const packArb = fc.record({
      amount: fc.integer({ min: 1, max: 60 }),
      max: fc.integer({ min: 0, max: 4 }),
      unit: fc.integer({ min: 0, max: 5000 }),
      breakAt: fc.integer({ min: 2, max: 5 }),
      breakCents: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(fc.property(fc.array(packArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 200 }), (specs, target) => {
      const packs: MixPack[] = specs.map((s, i) => ({
        id: i + 1, amount: s.amount, max: s.max,
        costs: Array.from({ length: s.max }, (_, k) => (k + 1) * (k + 1 >= s.breakAt ? Math.min(s.unit, s.breakCents) : s.unit)),
      }));
      const answer = cheapestMix(packs, target);
      const best = bruteForce(packs, target);
      if (!best) {
        expect(answer.kind).toBe('short');
        return;
      }
      expect(answer.kind).toBe('mix');
      if (answer.kind !== 'mix') return;
      expect({ cents: answer.cents, packs: answer.packs }).toEqual(best);
      // The lines themselves add up to what the answer says, within the stock.
      const byId = new Map(packs.map((p) => [p.id, p]));
      const cents = answer.lines.reduce((s, l) => s + ((byId.get(l.id) as MixPack).costs[l.num - 1] as number), 0);
      expect(cents).toBe(answer.cents);
      expect(answer.amount).toBeGreaterThanOrEqual(target);
      for (const l of answer.lines) expect(l.num).toBeLessThanOrEqual((byId.get(l.id) as MixPack).max);
    }), { numRuns: 400 });
  });
});
