import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planAllocation, type PlanLine, type PlanLot } from './allocation';

const TODAY = '2026-12-03';
const lot = (id: number, packId: number, quantity: number, expiresOn: string | null, retestOn: string | null = null, lotNo = `L${id}`): PlanLot =>
  ({ id, packId, lotNo, quantity, expiresOn, retestOn });

/** The plan as `itemId → lotId → units`, leaving out empty takes. */
const asMap = (plan: ReturnType<typeof planAllocation>) => Object.fromEntries(plan.map((l) => [l.itemId, Object.fromEntries(l.takes.map((t) => [t.lotId, t.quantity]))]));

/**
 * A brute-force model: every usable unit of stock laid out one by one, in first-expiring-first order (the
 * comparison written out again: the expiry day, else the retest day, undated last, then the lot number), and
 * each line in turn takes the first units of its pack still there.
 */
function modelPlan(lots: readonly PlanLot[], lines: readonly PlanLine[], today: string) {
  const key = (l: PlanLot) => [l.expiresOn ?? l.retestOn ?? '9999-99-99~', l.lotNo, String(l.id).padStart(9, '0')].join('|');
  const units = lots
    .filter((l) => l.expiresOn === null || l.expiresOn >= today)
    .flatMap((l) => Array.from({ length: Math.max(0, l.quantity) }, () => l))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const used = units.map(() => false);
  const out: Record<number, Record<number, number>> = {};
  const short: Record<number, number> = {};
  for (const line of lines) {
    const mine: Record<number, number> = {};
    let need = line.need;
    for (let i = 0; i < units.length && need > 0; i++) {
      const u = units[i]!;
      if (used[i] || u.packId !== line.packId) continue;
      used[i] = true;
      mine[u.id] = (mine[u.id] ?? 0) + 1;
      need--;
    }
    out[line.itemId] = mine;
    short[line.itemId] = need;
  }
  return { out, short };
}

const day = fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2026, 10, 10 + d)).toISOString().slice(0, 10));
const lotsArb = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 500 }), packId: fc.integer({ min: 1, max: 3 }), quantity: fc.integer({ min: 0, max: 12 }),
    expiresOn: fc.option(day, { nil: null }), retestOn: fc.option(day, { nil: null }), lotNo: fc.constantFrom('A', 'B', 'C', 'D'),
  }),
  { selector: (l) => l.id, maxLength: 8 },
);
const linesArb = fc.uniqueArray(fc.record({ itemId: fc.integer({ min: 1, max: 99 }), packId: fc.integer({ min: 1, max: 3 }), need: fc.integer({ min: 0, max: 20 }) }), { selector: (l) => l.itemId, maxLength: 5 });

describe('planAllocation (FEFO)', () => {
  it('takes the first-expiring lot first, then the next, and leaves the rest as the backorder', () => {
    const lots = [lot(1, 7, 5, '2027-06-01'), lot(2, 7, 3, '2027-01-01'), lot(3, 7, 9, null), lot(4, 8, 50, '2027-01-01')];
    const plan = planAllocation(lots, [{ itemId: 10, packId: 7, need: 10 }], TODAY);
    expect(plan).toEqual([{ itemId: 10, takes: [{ lotId: 2, lotNo: 'L2', quantity: 3 }, { lotId: 1, lotNo: 'L1', quantity: 5 }, { lotId: 3, lotNo: 'L3', quantity: 2 }], short: 0 }]);
    expect(planAllocation(lots, [{ itemId: 10, packId: 7, need: 20 }], TODAY)[0]!.short).toBe(3);
  });

  it('never takes an expired lot; a lot is good through its expiry day; a past retest day does not bar it', () => {
    const lots = [lot(1, 7, 5, '2026-12-02'), lot(2, 7, 2, TODAY), lot(3, 7, 4, null, '2026-01-01')];
    expect(asMap(planAllocation(lots, [{ itemId: 1, packId: 7, need: 10 }], TODAY))).toEqual({ 1: { 2: 2, 3: 4 } });
  });

  it('orders undated lots last and equal days by lot number; lines of one pack are served in turn', () => {
    const lots = [lot(1, 7, 2, null, null, 'A'), lot(2, 7, 2, '2027-03-01', null, 'Z'), lot(3, 7, 2, '2027-03-01', null, 'B'), lot(4, 7, 2, null, '2027-02-01', 'C')];
    const plan = planAllocation(lots, [{ itemId: 1, packId: 7, need: 3 }, { itemId: 2, packId: 7, need: 4 }], TODAY);
    expect(plan.map((l) => l.takes.map((t) => [t.lotNo, t.quantity]))).toEqual([[['C', 2], ['B', 1]], [['B', 1], ['Z', 2], ['A', 1]]]);
  });

  it('matches the unit-by-unit model, never over-allocates a lot and never leaves a usable unit idle while a line is short', () => {
    fc.assert(fc.property(lotsArb, linesArb, (lots, lines) => {
      const plan = planAllocation(lots, lines, TODAY);
      const model = modelPlan(lots, lines, TODAY);
      expect(asMap(plan)).toEqual(model.out);
      expect(Object.fromEntries(plan.map((l) => [l.itemId, l.short]))).toEqual(model.short);
      const taken = new Map<number, number>();
      for (const l of plan) for (const t of l.takes) taken.set(t.lotId, (taken.get(t.lotId) ?? 0) + t.quantity);
      for (const l of lots) {
        expect(taken.get(l.id) ?? 0).toBeLessThanOrEqual(l.quantity);
        if (l.expiresOn !== null && l.expiresOn < TODAY) expect(taken.get(l.id) ?? 0).toBe(0);
      }
      for (const line of lines) {
        const planned = plan.find((p) => p.itemId === line.itemId)!;
        expect(planned.takes.reduce((s, t) => s + t.quantity, 0) + planned.short).toBe(line.need);
        for (const t of planned.takes) expect(lots.find((l) => l.id === t.lotId)!.packId).toBe(line.packId);
        if (planned.short > 0) {
          const idle = lots.filter((l) => l.packId === line.packId && !(l.expiresOn !== null && l.expiresOn < TODAY)).some((l) => (taken.get(l.id) ?? 0) < l.quantity);
          expect(idle).toBe(false);
        }
      }
    }), { numRuns: 300 });
  });
});
