import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInvoiceAmount, invoiceAmountCap, invoiceStatusOf, type InvoiceAmountFacts } from './amount';

const cents = fc.integer({ min: 0, max: 10_000_000 });

/** An order's invoicing as it can be: blue invoices within the total, corrections within them. */
const state = fc.record({ total: cents, blue: cents, red: cents, note: cents, noteUsed: cents, oneBlue: cents, oneCorrected: cents })
  .map((s) => {
    const blue = Math.min(s.blue, s.total);
    const red = Math.min(s.red, blue);
    const oneBlue = Math.min(s.oneBlue, blue);
    const oneCorrected = Math.min(s.oneCorrected, oneBlue, red);
    return { total: s.total, blue, red, note: s.note, noteUsed: Math.min(s.noteUsed, s.note), oneBlue, oneCorrected };
  });

type State = { total: number; blue: number; red: number; note: number; noteUsed: number; oneBlue: number; oneCorrected: number };

const factsOf = (s: State, kind: 'blue' | 'red', amountCents: number, taxCents: number): InvoiceAmountFacts => ({
  kind, amountCents, taxCents, orderTotalCents: s.total, issuedBlueCents: s.blue, issuedRedCents: s.red,
  ...(kind === 'red' ? { blue: { amountCents: s.oneBlue, correctedCents: s.oneCorrected }, creditNote: { amountCents: s.note, correctedCents: s.noteUsed } } : {}),
});

describe('the invoice amount rule', () => {
  it('keeps the blue invoices net of corrections within the order total', () => {
    fc.assert(fc.property(state, cents, (s, amount) => {
      const ok = checkInvoiceAmount(factsOf(s, 'blue', amount, 0)) === null;
      const net = s.blue - s.red;
      expect(ok).toBe(amount > 0 && net + amount <= s.total);
    }));
  });

  it('keeps a red-letter invoice within the credit note and the blue invoice not yet corrected', () => {
    fc.assert(fc.property(state, cents, (s, amount) => {
      const ok = checkInvoiceAmount(factsOf(s, 'red', amount, 0)) === null;
      expect(ok).toBe(amount > 0 && amount <= s.note - s.noteUsed && amount <= s.oneBlue - s.oneCorrected);
      if (ok) expect(s.oneCorrected + amount).toBeLessThanOrEqual(s.oneBlue);
    }));
  });

  it('accepts exactly the cap and nothing above it', () => {
    fc.assert(fc.property(state, fc.constantFrom('blue' as const, 'red' as const), (s, kind) => {
      const cap = invoiceAmountCap(factsOf(s, kind, 0, 0));
      expect(cap).toBeGreaterThanOrEqual(0);
      expect(checkInvoiceAmount(factsOf(s, kind, cap + 1, 0))).not.toBeNull();
      if (cap > 0) expect(checkInvoiceAmount(factsOf(s, kind, cap, cap))).toBeNull();
    }));
  });

  it('refuses a tax above the amount and an amount of nothing', () => {
    fc.assert(fc.property(state, fc.integer({ min: 1, max: 1000 }), (s, extra) => {
      const cap = invoiceAmountCap(factsOf(s, 'blue', 0, 0));
      expect(checkInvoiceAmount(factsOf(s, 'blue', cap, cap + extra))).toBe('invoiceTaxTooHigh');
      expect(checkInvoiceAmount(factsOf(s, 'blue', 0, 0))).toBe('invoiceAmountTooHigh');
      expect(checkInvoiceAmount(factsOf(s, 'red', 0, 0))).toBe('invoiceCorrectionTooHigh');
    }));
  });

  it('names the order\'s state from its invoices', () => {
    fc.assert(fc.property(state, fc.boolean(), (s, requested) => {
      const status = invoiceStatusOf({ issuedBlueCents: s.blue, issuedRedCents: s.red, requested });
      if (s.blue === 0) expect(status).toBe(requested ? 'requested' : 'none');
      else expect(status).toBe(s.red < s.blue ? 'issued' : 'reversed');
    }));
  });
});
