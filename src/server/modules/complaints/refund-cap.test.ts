import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { allocateRefund, lineRoomOf, linesWithinAmounts, type RefundLine } from './refund-cap';

const MAX = 9_999_999_999;

/** An order line as the filing sees it: its amount, what other complaints claim (maybe beyond it, from before the cap), the value complained about. */
const line: fc.Arbitrary<RefundLine> = fc.record({ amountCents: fc.integer({ min: 1, max: MAX }), claimedShare: fc.double({ min: 0, max: 1.5, noNaN: true }), valueShare: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ amountCents, claimedShare, valueShare }) => ({
    amountCents, claimedCents: Math.floor(amountCents * claimedShare), valueCents: Math.max(1, Math.floor(amountCents * valueShare)),
  }));

const refusal = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.code}:${(error.details as { field: string; message: string }[])[0]?.message}`;
  }
};

describe('allocateRefund, the one rule of what a complaint may apply for', () => {
  it('splits an accepted refund exactly, each line within what its other complaints left; refuses exactly the rest', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), fc.integer({ min: 1, max: MAX }), fc.double({ min: 0, max: 1.2, noNaN: true }), (lines, raw, share) => {
      const room = lines.reduce((s, l) => s + lineRoomOf(l), 0);
      const value = lines.reduce((s, l) => s + l.valueCents, 0);
      // Near the room as often as anywhere: the edges are where a cap goes wrong.
      const applied = Math.max(1, share <= 1 ? Math.floor(room * share) || raw : room + Math.ceil((share - 1) * 1000));
      const outcome = refusal(() => allocateRefund(applied, lines));
      expect(outcome).toBe(applied > value ? '400:refundAboveLines' : applied > room ? '400:refundAboveRemaining' : null);
      if (outcome !== null) return;
      const parts = allocateRefund(applied, lines);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(applied);
      parts.forEach((p, i) => {
        const l = lines[i]!;
        expect(Number.isInteger(p) && p >= 0).toBe(true);
        expect(p).toBeLessThanOrEqual(l.valueCents);
        // The line with this part added stays within its amount, unless others had already passed it (then the part is 0).
        if (l.claimedCents <= l.amountCents) expect(l.claimedCents + p).toBeLessThanOrEqual(l.amountCents);
        else expect(p).toBe(0);
      });
    }));
  });

  it('the probe: ¥108 then three × ¥324 on a ¥324 line', () => {
    let claimed = 0;
    const file = (applied: number) => {
      const parts = allocateRefund(applied, [{ amountCents: 32400, claimedCents: claimed, valueCents: 32400 }]);
      claimed += parts[0] ?? 0;
    };
    file(10800);
    for (let i = 0; i < 3; i++) expect(refusal(() => file(32400))).toBe('400:refundAboveRemaining');
    expect(claimed).toBe(10800);
    file(21600);
    expect(claimed).toBe(32400);
    expect(refusal(() => file(1))).toBe('400:refundAboveRemaining');
  });

  it('linesWithinAmounts: true for lines built within their amounts, false once any one line is pushed past it', () => {
    // Lines built from their room (what is left below the amount), so the expectation does not restate the check.
    const within = fc.array(fc.record({ amountCents: fc.nat(MAX), roomShare: fc.double({ min: 0, max: 1, noNaN: true }) })
      .map(({ amountCents, roomShare }) => ({ amountCents, claimedCents: amountCents - Math.floor(amountCents * roomShare) })), { maxLength: 20 });
    fc.assert(fc.property(within, (lines) => {
      expect(linesWithinAmounts(lines)).toBe(true);
    }));
    fc.assert(fc.property(within, fc.nat(), fc.integer({ min: 1, max: MAX }), fc.nat(), (lines, at, over, insertAt) => {
      const base = lines.length > 0 ? lines : [{ amountCents: 0, claimedCents: 0 }];
      const i = at % base.length;
      const pushed = base.map((l, j) => (j === i ? { amountCents: l.amountCents, claimedCents: l.amountCents + over } : l));
      expect(linesWithinAmounts(pushed)).toBe(false);
      // A full line (claimed = amount) is within its amount, wherever it stands among the others.
      const full = { amountCents: 500, claimedCents: 500 };
      expect(linesWithinAmounts([...lines.slice(0, insertAt % (lines.length + 1)), full, ...lines.slice(insertAt % (lines.length + 1))])).toBe(true);
    }));
    expect(linesWithinAmounts([])).toBe(true);
  });

  it('allocateRefund fills the lines in order: a line gets a part only when every line before it is full', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (lines, share) => {
      const room = lines.reduce((s, l) => s + lineRoomOf(l), 0);
      const applied = Math.floor(room * share);
      if (applied < 1) return;
      const parts = allocateRefund(applied, lines);
      const firstShort = parts.findIndex((p, i) => p < lineRoomOf(lines[i]!));
      if (firstShort >= 0) parts.slice(firstShort + 1).forEach((p) => expect(p).toBe(0));
    }));
  });
});
