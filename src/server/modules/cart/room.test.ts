import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesAfter } from './room';

describe('linesAfter (the room rule of ADR 0099)', () => {
  it('is the number of distinct packs in the cart and the packs added together', () => {
    const packs = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 40 });
    fc.assert(fc.property(packs, packs, (cart, adding) => {
      const present = adding.filter((p) => cart.includes(p)).length;
      expect(linesAfter({ lines: cart.length, present }, adding.length)).toBe(new Set([...cart, ...adding]).size);
    }));
  });

  it('never shrinks a cart, and packs it holds take no room', () => {
    // A cart of `lines` holding `present` of the `adding` packs (so present ≤ both).
    const state = fc.tuple(fc.nat(1000), fc.nat(200)).chain(([lines, adding]) =>
      fc.record({ lines: fc.constant(lines), adding: fc.constant(adding), present: fc.nat(Math.min(lines, adding)) }));
    fc.assert(fc.property(state, ({ lines, adding, present }) => {
      expect(linesAfter({ lines, present }, adding)).toBeGreaterThanOrEqual(lines);
      if (adding <= lines) expect(linesAfter({ lines, present: adding }, adding)).toBe(lines);
    }));
  });
});
