import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_STATES, AGREEMENT_TRANSITIONS, FLOOR_DISCOUNT_BP, ruleBelowFloor, type AgreementActorKind } from '@/contracts/price-agreements';
import { isBelowFloor, netCentsOf, QUOTE_FLOOR_BP } from '@/contracts/quotations';
import { agreementMoveRefusal, submitTarget } from './status';

const ACTORS: AgreementActorKind[] = ['staff', 'approval'];

describe('the price agreement state machine', () => {
  it('allows exactly the table\'s moves, each to its actors, with the facts a move needs', () => {
    const legal = AGREEMENT_STATES.flatMap((from) => AGREEMENT_STATES.flatMap((to) => ACTORS
      .filter((kind) => agreementMoveRefusal(from, to, kind, { belowFloor: to === 'pending_approval' || from === 'pending_approval', hasRules: true }) === null)
      .map((kind) => `${from}>${to}:${kind}`)));
    expect(legal.sort()).toEqual([
      'active>withdrawn:staff', 'draft>active:staff', 'draft>pending_approval:staff',
      'pending_approval>active:approval', 'pending_approval>rejected:approval', 'pending_approval>withdrawn:staff',
    ]);
  });

  it('refuses every move outside the table whatever the facts; a draft is submitted only with rules, to approval exactly when below the floor', () => {
    const state = fc.constantFrom(...AGREEMENT_STATES);
    fc.assert(fc.property(state, state, fc.constantFrom(...ACTORS), fc.boolean(), fc.boolean(), (from, to, kind, belowFloor, hasRules) => {
      const refusal = agreementMoveRefusal(from, to, kind, { belowFloor, hasRules });
      const allowed = AGREEMENT_TRANSITIONS[from][to];
      if (!allowed) expect(refusal).toBe('agreementTransitionInvalid');
      else if (!allowed.includes(kind)) expect(refusal).toBe('agreementTransitionNotYours');
      else if (from === 'draft' && !hasRules) expect(refusal).toBe('agreementRulesRequired');
      if (from === 'draft' && kind === 'staff' && hasRules) {
        expect(agreementMoveRefusal(from, submitTarget({ belowFloor, hasRules }), kind, { belowFloor, hasRules })).toBeNull();
        expect(agreementMoveRefusal(from, belowFloor ? 'active' : 'pending_approval', kind, { belowFloor, hasRules })).not.toBeNull();
      }
    }));
  });
});

describe('the below-the-floor rule of agreement rules', () => {
  const list = fc.integer({ min: 0, max: 9_999_999_99 });

  it('a net or break price is below the floor exactly when isBelowFloor says so of the pack\'s list price, and lower is never better', () => {
    fc.assert(fc.property(fc.constantFrom('net' as const, 'break' as const), fc.integer({ min: 0, max: 9_999_999_99 }), list, (kind, netCents, listCents) => {
      const below = ruleBelowFloor({ kind, discountBp: null, netCents }, listCents);
      expect(below).toBe(netCents * 10000 < listCents * QUOTE_FLOOR_BP);
      expect(below).toBe(isBelowFloor(netCents, listCents));
      if (below && netCents > 0) expect(ruleBelowFloor({ kind, discountBp: null, netCents: netCents - 1 }, listCents)).toBe(true);
      // A price at or above the list price is never below the floor (a net price may even exceed the list price).
      if (netCents >= listCents) expect(below).toBe(false);
    }));
  });

  it('a discount is below the floor exactly when the discounted price of some pack would be: more than 15 %', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10000 }), fc.integer({ min: 1, max: 99_999 }), (bp, yuanTens) => {
      // A list price in whole multiples of 100.00: the discounted price is exact, with no rounding to hide the floor.
      const listCents = yuanTens * 10000;
      expect(ruleBelowFloor({ kind: 'discount', discountBp: bp, netCents: null }, null)).toBe(isBelowFloor(netCentsOf(listCents, bp), listCents));
      expect(ruleBelowFloor({ kind: 'discount', discountBp: bp, netCents: null }, null)).toBe(bp > FLOOR_DISCOUNT_BP);
    }));
  });

  it('a net or break rule on a pack whose price is unknown is not judged below the floor', () => {
    expect(ruleBelowFloor({ kind: 'net', discountBp: null, netCents: 1 }, null)).toBe(false);
  });
});
