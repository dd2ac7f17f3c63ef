import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditVerdict, type CreditFigures } from './credit-hold';

const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n });
const figures = fc.record({ overdue: fc.boolean(), creditLimit: cents, openInvoices: cents, uninvoicedOrders: cents, orderTotal: cents });
const base: CreditFigures = { overdue: false, creditLimit: 1000_00n, openInvoices: 300_00n, uninvoicedOrders: 200_00n, orderTotal: 400_00n };

describe('creditVerdict', () => {
  it('holds for an overdue invoice first, for the limit next, and passes an exposure equal to the limit', () => {
    expect(creditVerdict(base)).toBeNull();
    expect(creditVerdict({ ...base, orderTotal: 500_00n })).toBeNull();
    expect(creditVerdict({ ...base, orderTotal: 500_01n })).toBe('credit_limit');
    expect(creditVerdict({ ...base, overdue: true, orderTotal: 500_01n })).toBe('overdue');
    expect(creditVerdict({ ...base, overdue: true })).toBe('overdue');
    expect(creditVerdict({ ...base, creditLimit: 0n, orderTotal: 9_999_999_00n })).toBeNull();
  });

  it('holds exactly when an invoice is overdue or a set limit is exceeded, and the limit alone names credit_limit', () => {
    fc.assert(fc.property(figures, (f) => {
      const exposure = f.openInvoices + f.uninvoicedOrders + f.orderTotal;
      const verdict = creditVerdict(f);
      expect(verdict !== null).toBe(f.overdue || (f.creditLimit > 0n && exposure > f.creditLimit));
      if (f.overdue) expect(verdict).toBe('overdue');
      if (verdict === 'credit_limit') expect(exposure).toBeGreaterThan(f.creditLimit);
    }));
  });

  it('never holds less when the exposure grows or the limit shrinks (monotone)', () => {
    fc.assert(fc.property(figures, cents, (f, more) => {
      if (creditVerdict(f) === null) return;
      expect(creditVerdict({ ...f, orderTotal: f.orderTotal + more })).not.toBeNull();
      if (f.creditLimit > 0n) expect(creditVerdict({ ...f, creditLimit: f.creditLimit - (more % f.creditLimit) })).not.toBeNull();
    }));
  });
});
