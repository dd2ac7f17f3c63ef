import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netCentsOf } from '@/contracts/quotations';
import { breakLadder, pickPrice, pricesOn, type ActiveRule, type PackFacts } from './pick';

const pack: PackFacts = { packId: 7, listCents: 12_345, brandId: 3, categoryPath: [30, 20, 10] };
let nextId = 1;
const rule = (extra: Partial<ActiveRule>): ActiveRule => ({
  id: nextId++, agreementId: 1, kind: 'discount', scope: 'all', brandId: null, categoryId: null, packId: null,
  discountBp: null, netCents: null, minQty: 1, ...extra,
});

const discountArb = fc.record({
  scope: fc.constantFrom('all', 'brand', 'category') as fc.Arbitrary<'all' | 'brand' | 'category'>,
  brandId: fc.integer({ min: 1, max: 5 }),
  categoryId: fc.constantFrom(10, 20, 30, 40),
  discountBp: fc.integer({ min: 1, max: 10_000 }),
}).map(({ scope, brandId, categoryId, discountBp }) => rule({
  scope, discountBp, brandId: scope === 'brand' ? brandId : null, categoryId: scope === 'category' ? categoryId : null,
}));
const packRuleArb = fc.record({
  kind: fc.constantFrom('net', 'break') as fc.Arbitrary<'net' | 'break'>,
  packId: fc.constantFrom(7, 8),
  netCents: fc.integer({ min: 0, max: 50_000 }),
  minQty: fc.integer({ min: 2, max: 50 }),
}).map(({ kind, packId, netCents, minQty }) => rule({ kind, scope: 'pack', packId, netCents, minQty: kind === 'break' ? minQty : 1 }));
const packArb = fc.record({
  packId: fc.constant(7), listCents: fc.integer({ min: 0, max: 10_000_000 }), brandId: fc.integer({ min: 1, max: 5 }),
  categoryPath: fc.constantFrom<number[]>([30, 20, 10], [40], [20, 10]),
});

describe('breakLadder', () => {
  it('gives, from each threshold on, the price pickPrice charges there, and nothing for a pack without breaks', () => {
    fc.assert(fc.property(packArb, fc.array(packRuleArb, { maxLength: 8 }), fc.array(discountArb, { maxLength: 3 }), (p, packRules, discounts) => {
      const rules = [...packRules, ...discounts];
      const ladder = breakLadder(p.packId, rules);
      expect(ladder.map((s) => s.minQty)).toEqual([...new Set(packRules.filter((r) => r.kind === 'break' && r.packId === p.packId).map((r) => r.minQty))].sort((a, b) => a - b));
      for (let num = 1; num <= 52; num++) {
        const step = ladder.filter((s) => s.minQty <= num).at(-1);
        const got = pickPrice(p, num, rules);
        if (step) expect(got).toMatchObject({ kind: 'break', cents: step.cents });
        else expect(got.kind).not.toBe('break');
      }
    }));
  });
});

describe('pickPrice', () => {
  it('no rules: the catalogue price', () => {
    expect(pickPrice(pack, 1, [])).toEqual({ cents: 12_345, ruleId: null, agreementId: null, kind: 'list' });
  });

  it('discounts alone never price above the list price, and the largest covering one wins', () => {
    fc.assert(fc.property(packArb, fc.array(discountArb, { maxLength: 6 }), fc.integer({ min: 1, max: 9999 }), (p, rules, num) => {
      const got = pickPrice(p, num, rules);
      expect(got.cents).toBeLessThanOrEqual(p.listCents);
      expect(got.cents).toBeGreaterThanOrEqual(0);
      const covering = rules.filter((r) => r.scope === 'all' || (r.scope === 'brand' && r.brandId === p.brandId) || (r.scope === 'category' && p.categoryPath.includes(r.categoryId!)));
      if (covering.length === 0) expect(got.kind).toBe('list');
      else {
        const best = Math.max(...covering.map((r) => r.discountBp!));
        expect(got.kind).toBe('discount');
        expect(got.cents).toBe(netCentsOf(p.listCents, best));
      }
    }));
  });

  it('above the list price only when a net price or a break of the pack says so', () => {
    fc.assert(fc.property(packArb, fc.array(fc.oneof(discountArb, packRuleArb), { maxLength: 8 }), fc.integer({ min: 1, max: 60 }), (p, rules, num) => {
      const got = pickPrice(p, num, rules);
      if (got.cents > p.listCents) {
        const r = rules.find((x) => x.id === got.ruleId)!;
        expect(['net', 'break']).toContain(r.kind);
        expect(r.packId).toBe(p.packId);
        expect(r.netCents).toBe(got.cents);
      }
      // Rules of another pack never price this one.
      if (got.ruleId !== null) expect(rules.find((x) => x.id === got.ruleId)!.packId ?? p.packId).toBe(p.packId);
    }));
  });

  it('a break applies exactly from its threshold, the highest threshold reached wins, and beats a net price', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 9000 }), fc.integer({ min: 1, max: 500 }), (threshold, step) => {
      const net = rule({ kind: 'net', scope: 'pack', packId: 7, netCents: 11_000 });
      const low = rule({ kind: 'break', scope: 'pack', packId: 7, netCents: 10_000, minQty: threshold });
      const high = rule({ kind: 'break', scope: 'pack', packId: 7, netCents: 9_000, minQty: threshold + step });
      const rules = [high, net, low];
      expect(pickPrice(pack, threshold - 1, rules)).toMatchObject({ kind: 'net', cents: 11_000, ruleId: net.id });
      expect(pickPrice(pack, threshold, rules)).toMatchObject({ kind: 'break', cents: 10_000, ruleId: low.id });
      expect(pickPrice(pack, threshold + step - 1, rules)).toMatchObject({ kind: 'break', cents: 10_000, ruleId: low.id });
      expect(pickPrice(pack, threshold + step, rules)).toMatchObject({ kind: 'break', cents: 9_000, ruleId: high.id });
    }));
  });

  it('a pack rule beats any discount, even a deeper one; a category discount covers the category\'s descendants', () => {
    const deep = rule({ discountBp: 9_000 });
    const net = rule({ kind: 'net', scope: 'pack', packId: 7, netCents: 12_000, agreementId: 4 });
    expect(pickPrice(pack, 1, [deep, net])).toEqual({ cents: 12_000, ruleId: net.id, agreementId: 4, kind: 'net' });
    const root = rule({ scope: 'category', categoryId: 10, discountBp: 800 });
    expect(pickPrice(pack, 1, [root])).toMatchObject({ kind: 'discount', cents: netCentsOf(12_345, 800), ruleId: root.id });
    expect(pickPrice({ ...pack, categoryPath: [40] }, 1, [root]).kind).toBe('list');
    const otherBrand = rule({ scope: 'brand', brandId: 4, discountBp: 800 });
    expect(pickPrice(pack, 1, [otherBrand]).kind).toBe('list');
  });

  it('rounds a discount half-up to the cent', () => {
    // 12345 × 0.92 = 11357.4 → 11357; 125 × 0.5 = 62.5 → 63.
    expect(pickPrice(pack, 1, [rule({ discountBp: 800 })]).cents).toBe(11_357);
    expect(pickPrice({ ...pack, listCents: 125 }, 1, [rule({ discountBp: 5_000 })]).cents).toBe(63);
  });
});

describe('pricesOn', () => {
  it('prices from its first to its last day, both included, and only while active', () => {
    fc.assert(fc.property(fc.date({ min: new Date('2020-01-02'), max: new Date('2030-12-30'), noInvalidDate: true }), fc.integer({ min: 0, max: 400 }), (from, len) => {
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const to = new Date(from.getTime() + len * 86_400_000);
      const a = { state: 'active', validFrom: day(from), validTo: day(to) };
      expect(pricesOn(a, day(from))).toBe(true);
      expect(pricesOn(a, day(to))).toBe(true);
      expect(pricesOn(a, day(new Date(from.getTime() - 86_400_000)))).toBe(false);
      expect(pricesOn(a, day(new Date(to.getTime() + 86_400_000)))).toBe(false);
      for (const state of ['draft', 'pending_approval', 'rejected', 'withdrawn']) expect(pricesOn({ ...a, state }, day(from))).toBe(false);
    }));
  });
});
