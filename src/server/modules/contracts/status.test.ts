import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACT_ACTORS, CONTRACT_STATES, CONTRACT_TRANSITIONS, contractCreateSchema, contractStaffMoves } from '@/contracts/contracts';
import { contractMoveRefusal } from './status';

const facts = { hasSignedScan: true, reason: '客户取消采购' };
const code = (r: ReturnType<typeof contractMoveRefusal>) => (r ? `${r.status}:${r.key}` : 'ok');

describe('the contract state machine', () => {
  // Every legal move with who makes it, written out once more apart from the table.
  const legal = new Set([
    'draft>pending_approval:staff', 'draft>cancelled:staff',
    'pending_approval>approved:approval', 'pending_approval>rejected:approval', 'pending_approval>cancelled:staff',
    'approved>sent:staff', 'approved>cancelled:staff', 'rejected>draft:staff', 'rejected>cancelled:staff',
    'sent>signed:staff', 'sent>cancelled:staff',
  ]);
  const moves = (s: string) => [...legal].some((m) => m.startsWith(`${s}:`));
  const triples = CONTRACT_STATES.flatMap((from) => CONTRACT_STATES.flatMap((to) => CONTRACT_ACTORS.map((by) => [from, to, by] as const)));

  it.each(triples)('%s → %s by %s', (from, to, by) => {
    const result = code(contractMoveRefusal(from, to, by, facts));
    if (legal.has(`${from}>${to}:${by}`)) expect(result).toBe('ok');
    else if (moves(`${from}>${to}`)) expect(result).toBe('403:contractMoveNotYours');
    else expect(result).toBe('409:contractTransitionInvalid');
  });

  it('the table says the same as the list above', () => {
    const fromTable = CONTRACT_STATES.flatMap((from) => Object.entries(CONTRACT_TRANSITIONS[from]).flatMap(([to, by]) => (by ?? []).map((b) => `${from}>${to}:${b}`)));
    expect(new Set(fromTable)).toEqual(legal);
  });

  it('any random move: legal exactly when the table has it for that actor (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...CONTRACT_STATES), fc.constantFrom(...CONTRACT_STATES), fc.constantFrom(...CONTRACT_ACTORS), (from, to, by) => {
      const ok = contractMoveRefusal(from, to, by, facts) === null;
      expect(ok).toBe(Boolean(CONTRACT_TRANSITIONS[from][to]?.includes(by)));
    }));
  });

  it('any walk of legal moves ends in signed or cancelled or stays open; nothing leaves signed or cancelled (property)', () => {
    fc.assert(fc.property(fc.array(fc.nat(20), { maxLength: 30 }), (picks) => {
      let state: (typeof CONTRACT_STATES)[number] = 'draft';
      for (const pick of picks) {
        const options = CONTRACT_STATES.flatMap((to) => CONTRACT_ACTORS.filter((by) => contractMoveRefusal(state, to, by, facts) === null).map((by) => ({ to, by })));
        if (state === 'signed' || state === 'cancelled') expect(options).toEqual([]);
        const next = options[pick % Math.max(options.length, 1)];
        if (!next) break;
        state = next.to;
      }
    }));
  });

  it('signing needs a countersigned scan; cancelling a reason of 1–50 characters', () => {
    expect(code(contractMoveRefusal('sent', 'signed', 'staff', { ...facts, hasSignedScan: false }))).toBe('409:contractSignedScanRequired');
    expect(code(contractMoveRefusal('draft', 'cancelled', 'staff', { ...facts, reason: '  ' }))).toBe('400:contractReasonRequired');
    expect(code(contractMoveRefusal('draft', 'cancelled', 'staff', { ...facts, reason: '字'.repeat(51) }))).toBe('400:reasonTooLong');
    expect(code(contractMoveRefusal('draft', 'cancelled', 'staff', { ...facts, reason: '字'.repeat(50) }))).toBe('ok');
  });

  it('staff buttons never offer the engine\'s moves', () => {
    expect(contractStaffMoves('pending_approval')).toEqual(['cancelled']);
    expect(contractStaffMoves('draft')).toEqual(['pending_approval', 'cancelled']);
    expect(contractStaffMoves('signed')).toEqual([]);
  });

  it('the input: amount to cents, title at most 60, end not before signing', () => {
    expect(contractCreateSchema.parse({ companyId: 1, title: '年度供货合同', amount: '1234.5' }).amount).toBe(123450);
    expect(contractCreateSchema.safeParse({ companyId: 1, title: 'x'.repeat(61), amount: '1' }).success).toBe(false);
    expect(contractCreateSchema.safeParse({ companyId: 1, title: 'x', amount: '0' }).success).toBe(false);
    expect(contractCreateSchema.safeParse({ companyId: 1, title: 'x', amount: '1', signingDate: '2026-05-02', endDate: '2026-05-01' }).success).toBe(false);
  });
});
