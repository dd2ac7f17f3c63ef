import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerKind } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { applyMovement, type Holding } from './movement';

type Step = { kind: Exclude<LedgerKind, 'received'>; amount: number };
const step = fc.record<Step>({ kind: fc.constantFrom('used', 'moved', 'disposed', 'correction'), amount: fc.integer({ min: -50_000, max: 50_000 }) });

/** Plays random movements against one container the way the ledger records them; refused ones leave nothing. */
function play(received: number, steps: readonly Step[]) {
  let holding: Holding = applyMovement({ remaining: 0, state: 'in_use' }, 'received', received);
  const ledger = [{ delta: received, balance: holding.remaining }];
  for (const s of steps) {
    const delta = s.kind === 'moved' ? 0 : s.kind === 'disposed' ? -holding.remaining : s.kind === 'used' ? -Math.abs(s.amount) : s.amount;
    try {
      holding = applyMovement(holding, s.kind, delta);
      ledger.push({ delta, balance: holding.remaining });
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
    }
  }
  return { holding, ledger };
}

describe('applyMovement', () => {
  it('keeps the balance equal to the sum of the movements, and never below zero, over any sequence', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.array(step, { maxLength: 40 }), (received, steps) => {
      const { holding, ledger } = play(received, steps);
      let sum = 0;
      for (const row of ledger) {
        sum += row.delta;
        expect(row.balance).toBe(sum);
        expect(row.balance).toBeGreaterThanOrEqual(0);
      }
      expect(holding.remaining).toBe(sum);
    }));
  });

  it('gives the state from the balance: empty at 0 after a use, disposed for good, back in use after a correction', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.array(step, { maxLength: 40 }), (received, steps) => {
      const { holding } = play(received, steps);
      if (holding.state === 'in_use') expect(holding.remaining).toBeGreaterThan(0);
      if (holding.state === 'disposed' || holding.state === 'empty') expect(holding.remaining).toBe(0);
    }));
    const empty = applyMovement({ remaining: 5, state: 'in_use' }, 'used', -5);
    expect(empty).toEqual({ remaining: 0, state: 'empty' });
    expect(applyMovement(empty, 'correction', 2)).toEqual({ remaining: 2, state: 'in_use' });
    const disposed = applyMovement({ remaining: 5, state: 'in_use' }, 'disposed', -5);
    for (const kind of ['used', 'moved', 'correction'] as const) expect(() => applyMovement(disposed, kind, kind === 'moved' ? 0 : 1)).toThrow(AppError);
  });

  it('refuses a use of more than is left with the 400 of a balance below zero', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (left, extra) => {
      try {
        applyMovement({ remaining: left, state: 'in_use' }, 'used', -(left + extra));
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ code: 400, messageKey: 'inventoryBelowZero' });
      }
    }));
  });
});
