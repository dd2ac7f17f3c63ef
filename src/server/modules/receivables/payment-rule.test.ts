import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentRefusal, unpaidCents, type PayableInvoice } from './payment-rule';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const invoice = fc.record({ amountCents: fc.bigInt({ min: 1n, max: 9_999_999_999n }), issuedOn: day })
  .chain((i) => fc.bigInt({ min: 0n, max: i.amountCents }).map((paidCents): PayableInvoice => ({ ...i, paidCents })));

describe('paymentRefusal', () => {
  it('accepts exactly the amounts above 0 and up to the unpaid part, received between the issue day and today', () => {
    fc.assert(fc.property(invoice, fc.bigInt({ min: -100n, max: 10_000_000_100n }), day, day, (inv, amountCents, receivedOn, today) => {
      const refusal = paymentRefusal({ amountCents, receivedOn }, inv, today);
      const allowed = amountCents > 0n && amountCents <= inv.amountCents - inv.paidCents && receivedOn <= today && receivedOn >= inv.issuedOn;
      expect(refusal === null).toBe(allowed);
    }));
  });

  it('never lets the paid amount pass the invoice amount, however payments follow each other', () => {
    fc.assert(fc.property(invoice, fc.array(fc.bigInt({ min: 1n, max: 2_000_000n }), { maxLength: 20 }), (inv, amounts) => {
      let paidCents = inv.paidCents;
      for (const amountCents of amounts) {
        if (paymentRefusal({ amountCents, receivedOn: inv.issuedOn }, { ...inv, paidCents }, inv.issuedOn) === null) paidCents += amountCents;
      }
      expect(paidCents <= inv.amountCents).toBe(true);
      expect(unpaidCents({ ...inv, paidCents })).toBe(inv.amountCents - paidCents);
    }));
  });

  it('names the first reason', () => {
    const inv = { amountCents: 100_00n, paidCents: 40_00n, issuedOn: '2026-03-10' };
    expect(paymentRefusal({ amountCents: 0n, receivedOn: '2026-03-10' }, inv, '2026-03-20')).toBe('paymentAmountInvalid');
    expect(paymentRefusal({ amountCents: 60_01n, receivedOn: '2026-03-10' }, inv, '2026-03-20')).toBe('paymentExceedsUnpaid');
    expect(paymentRefusal({ amountCents: 60_00n, receivedOn: '2026-03-21' }, inv, '2026-03-20')).toBe('paymentInFuture');
    expect(paymentRefusal({ amountCents: 60_00n, receivedOn: '2026-03-09' }, inv, '2026-03-20')).toBe('paymentBeforeIssue');
    expect(paymentRefusal({ amountCents: 60_00n, receivedOn: '2026-03-20' }, inv, '2026-03-20')).toBeNull();
    expect(unpaidCents({ amountCents: 10n, paidCents: 20n })).toBe(0n);
  });
});
