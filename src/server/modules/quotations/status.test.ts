import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUOTATION_ACTORS, QUOTATION_STATES, QUOTATION_TRANSITIONS, QUOTE_FLOOR_BP, isBelowFloor, netCentsOf, staffMovesFrom, type QuotationStateName,
} from '@/contracts/quotations';
import { quotationMoveRefusal, type QuotationFacts } from './status';

const PLAIN: QuotationFacts = { belowFloor: false, hasLines: true, expired: false };

/** The facts a legal move needs (a floor breach for approval, validity passed for expiry). */
const factsFor = (from: QuotationStateName, to: QuotationStateName): QuotationFacts => ({
  ...PLAIN, belowFloor: to === 'pending_approval', expired: to === 'expired',
});

const TABLE: [QuotationStateName, QuotationStateName, string][] = [
  ['requested', 'draft', 'staff'],
  ['draft', 'pending_approval', 'staff'], ['draft', 'sent', 'staff'],
  ['pending_approval', 'approved', 'approval'], ['pending_approval', 'rejected', 'approval'], ['pending_approval', 'draft', 'staff'],
  ['approved', 'sent', 'staff'], ['approved', 'draft', 'staff'], ['rejected', 'draft', 'staff'],
  ['sent', 'accepted', 'customer'], ['sent', 'declined', 'customer'], ['sent', 'renegotiation', 'customer'], ['sent', 'expired', 'system'],
  ['accepted', 'converted', 'system'], ['accepted', 'renegotiation', 'staff'], ['accepted', 'renegotiation', 'customer'],
  ['renegotiation', 'draft', 'staff'],
];

describe('the quotation state machine', () => {
  it('allows exactly the table’s moves, each to its actors', () => {
    const legal = QUOTATION_STATES.flatMap((from) => QUOTATION_STATES.flatMap((to) => QUOTATION_ACTORS
      .filter((kind) => quotationMoveRefusal(from, to, kind, factsFor(from, to)) === null).map((kind) => `${from}>${to}:${kind}`)));
    expect(legal.sort()).toEqual(TABLE.map(([f, t, k]) => `${f}>${t}:${k}`).sort());
  });

  it('refuses every move outside the table, whatever the facts and the actor', () => {
    const state = fc.constantFrom(...QUOTATION_STATES);
    fc.assert(fc.property(state, state, fc.constantFrom(...QUOTATION_ACTORS), fc.boolean(), fc.boolean(), fc.boolean(), (from, to, kind, belowFloor, hasLines, expired) => {
      const refusal = quotationMoveRefusal(from, to, kind, { belowFloor, hasLines, expired });
      const allowed = QUOTATION_TRANSITIONS[from][to];
      if (!allowed) expect(refusal).toBe('quotationTransitionInvalid');
      else if (!allowed.includes(kind)) expect(refusal).toBe('quotationTransitionNotYours');
    }));
  });

  it('never sends a draft below the floor, never sends without lines, lets the customer answer only before expiry', () => {
    fc.assert(fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (belowFloor, hasLines, expired) => {
      const facts = { belowFloor, hasLines, expired };
      const send = quotationMoveRefusal('draft', 'sent', 'staff', facts);
      expect(send === null).toBe(!belowFloor && hasLines);
      expect(quotationMoveRefusal('draft', 'pending_approval', 'staff', facts) === null).toBe(belowFloor && hasLines);
      for (const to of ['accepted', 'declined', 'renegotiation'] as const) expect(quotationMoveRefusal('sent', to, 'customer', facts) === null).toBe(!expired);
      expect(quotationMoveRefusal('sent', 'expired', 'system', facts) === null).toBe(expired);
    }));
  });

  it('has terminal states and offers staff only staff moves', () => {
    for (const s of ['declined', 'expired', 'converted'] as const) expect(staffMovesFrom(s)).toEqual([]);
    expect(staffMovesFrom('sent')).toEqual([]);
    expect(staffMovesFrom('draft')).toEqual(['pending_approval', 'sent']);
  });
});

describe('quotation money', () => {
  it('rounds the net price half-up to the cent in integers', () => {
    expect(netCentsOf(19999, 333)).toBe(19333);
    expect(netCentsOf(15, 1000)).toBe(14); // 13.5 → 14
    expect(netCentsOf(25, 1000)).toBe(23); // 22.5 → 23
    expect(netCentsOf(100, 0)).toBe(100);
    expect(netCentsOf(100, 10000)).toBe(0);
    fc.assert(fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 0, max: 10000 }), (unit, bp) => {
      const net = netCentsOf(unit, bp);
      expect(Number.isInteger(net)).toBe(true);
      expect(Math.abs(net * 10000 - unit * (10000 - bp))).toBeLessThanOrEqual(5000);
    }));
  });

  it('puts the floor at 85% of the list price exactly', () => {
    expect(QUOTE_FLOOR_BP).toBe(8500);
    expect(isBelowFloor(8500, 10000)).toBe(false);
    expect(isBelowFloor(8499, 10000)).toBe(true);
    expect(isBelowFloor(17, 20)).toBe(false);
    expect(isBelowFloor(16, 19)).toBe(true); // the floor of 19 is 16.15
  });
});
