import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_ACTORS, COMPLAINT_STATUSES, COMPLAINT_TRANSITIONS, complaintFileSchema, complaintMovesOf, complaintTransitionSchema, type ComplaintStatusName } from '@/contracts/complaints';
import { AppError } from '@/server/errors';
import { transitionComplaint } from './status';

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? `${error.code}:${error.messageKey}` : 'other';
  }
};
const facts = { reason: '非质量问题', appliedCents: 10_000, approvedCents: 10_000 };

describe('the complaint state machine', () => {
  // Every legal move with who makes it, written out once more apart from the table.
  const legal = new Set([
    'reviewing>approving:staff', 'reviewing>rejected:staff', 'reviewing>resolved:staff', 'reviewing>withdrawn:customer',
    'approving>reviewing:staff', 'approving>reviewing:approval', 'approving>passed:approval', 'passed>resolved:staff',
  ]);
  const moves = (s: string) => [...legal].some((m) => m.startsWith(`${s}:`));
  const triples = COMPLAINT_STATUSES.flatMap((from) => COMPLAINT_STATUSES.flatMap((to) => COMPLAINT_ACTORS.map((by) => [from, to, by] as const)));

  it.each(triples)('%s → %s by %s', (from, to, by) => {
    const result = codeOf(() => transitionComplaint(from, to, by, facts));
    if (legal.has(`${from}>${to}:${by}`)) expect(result).toBe('ok');
    else if (moves(`${from}>${to}`)) expect(result).toBe('403:complaintMoveNotYours');
    else expect(result).toBe('409:complaintTransitionInvalid');
  });

  it('the table says the same as the list above', () => {
    const fromTable = COMPLAINT_STATUSES.flatMap((from) => Object.entries(COMPLAINT_TRANSITIONS[from]).flatMap(([to, by]) => (by ?? []).map((b) => `${from}>${to}:${b}`)));
    expect(new Set(fromTable)).toEqual(legal);
  });

  it('a review failure needs a reason of at most 50 characters', () => {
    expect(codeOf(() => transitionComplaint('reviewing', 'rejected', 'staff', { ...facts, reason: '  ' }))).toBe('400:validation');
    expect(codeOf(() => transitionComplaint('reviewing', 'rejected', 'staff', { ...facts, reason: '字'.repeat(51) }))).toBe('400:validation');
    expect(transitionComplaint('reviewing', 'rejected', 'staff', { ...facts, reason: '字'.repeat(50) })).toBe('rejected');
  });

  it('a refund sent for approval is above zero and never above the applied refund (awkward values)', () => {
    const at = (applied: number, approved: number | null) => codeOf(() => transitionComplaint('reviewing', 'approving', 'staff', { reason: '', appliedCents: applied, approvedCents: approved }));
    expect(at(1, 1)).toBe('ok');
    expect(at(1, 2)).toBe('400:validation');
    expect(at(1001, 1001)).toBe('ok');
    expect(at(1001, 1002)).toBe('400:validation');
    expect(at(9_999_999_999, 9_999_999_999)).toBe('ok');
    expect(at(100, 0)).toBe('400:validation');
    expect(at(100, null)).toBe('400:validation');
    expect(at(100, 99.5)).toBe('400:validation');
  });

  it('property: any approved refund is accepted exactly when 0 < approved ≤ applied', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: -5, max: 10_000_000_000 }), (applied, approved) => {
      const ok = codeOf(() => transitionComplaint('reviewing', 'approving', 'staff', { reason: '', appliedCents: applied, approvedCents: approved })) === 'ok';
      expect(ok).toBe(approved > 0 && approved <= applied);
    }));
  });

  it('property: any walk of random moves by random actors stays inside the table', () => {
    const step = fc.tuple(fc.constantFrom(...COMPLAINT_STATUSES), fc.constantFrom(...COMPLAINT_ACTORS));
    fc.assert(fc.property(fc.array(step, { maxLength: 15 }), (walk) => {
      let state: ComplaintStatusName = 'reviewing';
      for (const [to, by] of walk) {
        const allowed = complaintMovesOf(state, by).includes(to);
        const result = codeOf(() => transitionComplaint(state, to, by, facts));
        expect(result === 'ok').toBe(allowed);
        if (allowed) state = to;
      }
      // The final states have no way out for anyone.
      if (['rejected', 'resolved', 'withdrawn'].includes(state)) for (const by of COMPLAINT_ACTORS) expect(complaintMovesOf(state, by)).toEqual([]);
    }));
  });
});

describe('the complaint inputs', () => {
  it('parse money to cents and refuse bad amounts', () => {
    const base = { orderId: 1, lines: [{ itemId: 2, quantity: 1 }], description: '破损', category: 'damaged' };
    expect(complaintFileSchema.parse({ ...base, appliedRefund: '12.5' }).appliedRefund).toBe(1250);
    expect(complaintFileSchema.parse({ ...base, appliedRefund: 0.07 }).appliedRefund).toBe(7);
    for (const bad of ['0', '0.00', '-1', '1.234', 'abc']) expect(complaintFileSchema.safeParse({ ...base, appliedRefund: bad }).success).toBe(false);
    // The refund is optional: left out or empty, none is asked for.
    expect(complaintFileSchema.parse(base).appliedRefund).toBe(0);
    expect(complaintFileSchema.parse({ ...base, appliedRefund: '' }).appliedRefund).toBe(0);
    expect(complaintFileSchema.safeParse({ ...base, appliedRefund: '1', lines: [] }).success).toBe(false);
    expect(complaintFileSchema.safeParse({ ...base, appliedRefund: '1', description: '字'.repeat(1000) }).success).toBe(true);
    expect(complaintFileSchema.safeParse({ ...base, appliedRefund: '1', description: '字'.repeat(1001) }).success).toBe(false);
    expect(complaintFileSchema.safeParse({ ...base, category: 'weather' }).success).toBe(false);
    expect(complaintTransitionSchema.safeParse({ id: 1, to: 'rejected', reason: '字'.repeat(51) }).success).toBe(false);
  });
});
