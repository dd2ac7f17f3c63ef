import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { approverQuantityChanges, type EditableLine } from './approver-edits';

const linesArb = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 50 }), num: fc.integer({ min: 1, max: 9999 }) }), { minLength: 1, maxLength: 8, selector: (l) => l.id })
  .map((ls) => ls.map((l): EditableLine => ({ ...l, itemNo: `A${l.id}` })));
const changesOf = (lines: EditableLine[]) =>
  fc.array(fc.record({ itemId: fc.constantFrom(...lines.map((l) => l.id)), num: fc.integer({ min: 1, max: 9999 }) }), { maxLength: 10 });

type Outcome = { ok: { line: EditableLine; num: number }[] } | { code: number; key: string; itemNos: string[] };
function outcome(f: () => { line: EditableLine; num: number }[]): Outcome {
  try {
    return { ok: f() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const details = error.details && !Array.isArray(error.details) ? error.details : {};
    return { code: error.code, key: error.messageKey, itemNos: typeof details.itemNos === 'string' ? details.itemNos.split(', ').sort() : [] };
  }
}

describe('approverQuantityChanges', () => {
  it('never answers a quantity above the line\'s, and refuses exactly when a line\'s last change raises it', () => {
    fc.assert(fc.property(linesArb.chain((lines) => fc.tuple(fc.constant(lines), changesOf(lines))), ([lines, changes]) => {
      const last = new Map(changes.map((c) => [c.itemId, c.num]));
      const raises = lines.filter((l) => (last.get(l.id) ?? 0) > l.num).map((l) => l.itemNo);
      const result = outcome(() => approverQuantityChanges(lines, changes));
      if (raises.length) {
        expect(result).toEqual({ code: 400, key: 'orderQuantityRaised', itemNos: raises.sort() });
        return;
      }
      if (!('ok' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
      for (const a of result.ok) expect(a.num).toBeLessThan(a.line.num);
      const expected = [...last].filter(([id, num]) => lines.find((l) => l.id === id)!.num !== num);
      expect(result.ok.map((a) => [a.line.id, a.num])).toEqual(expect.arrayContaining(expected));
      expect(result.ok).toHaveLength(expected.length);
    }));
  });

  it('lowers to 1, keeps an unchanged line out, and refuses a line not of the order', () => {
    const lines: EditableLine[] = [{ id: 1, itemNo: 'A1', num: 3 }, { id: 2, itemNo: 'A2', num: 2 }];
    expect(approverQuantityChanges(lines, [{ itemId: 1, num: 1 }, { itemId: 2, num: 2 }])).toEqual([{ line: lines[0], num: 1 }]);
    expect(outcome(() => approverQuantityChanges(lines, [{ itemId: 3, num: 1 }]))).toMatchObject({ code: 404, key: 'orderLineNotFound' });
    expect(outcome(() => approverQuantityChanges(lines, [{ itemId: 2, num: 9999 }]))).toEqual({ code: 400, key: 'orderQuantityRaised', itemNos: ['A2'] });
  });
});
