import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASE_STATUSES, CASE_TRANSITIONS, caseInputSchema, serviceFeeOf, type CaseStatusName } from '@/contracts/cases';
import { EXPENSE_STATUSES, expenseInputSchema } from '@/contracts/expenses';
import { centsToMoney, moneySchema, moneyToCents } from '@/contracts/money';
import { AppError } from '@/server/errors';
import { escapeFormula as excelText } from '@/lib/spreadsheet-cell';
import { transitionExpense } from '@/server/modules/expenses/status';
import { transitionCase } from './status';

const codeOf = (fn: () => unknown): string | number => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? `${error.code}:${error.messageKey}` : 'other';
  }
};

describe('the testing-case state machine', () => {
  // Every pair of states, legal or not: the table is the one source, written out here once more.
  const legal = new Set(['reviewing>passed', 'reviewing>rejected', 'reviewing>lost', 'passed>test_finished', 'passed>lost', 'test_finished>resolved', 'test_finished>lost']);
  const pairs = CASE_STATUSES.flatMap((from) => CASE_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', (from, to) => {
    const result = codeOf(() => transitionCase(from, to, { reason: '客户取消', hasReport: true }));
    expect(result).toBe(legal.has(`${from}>${to}`) ? 'ok' : '409:caseTransitionInvalid');
  });

  it('a rejection and a loss need a reason of at most 50 characters', () => {
    expect(codeOf(() => transitionCase('reviewing', 'rejected', { reason: '  ', hasReport: false }))).toBe('400:validation');
    expect(codeOf(() => transitionCase('passed', 'lost', { reason: '', hasReport: false }))).toBe('400:validation');
    expect(codeOf(() => transitionCase('passed', 'lost', { reason: '字'.repeat(51), hasReport: false }))).toBe('400:validation');
    expect(transitionCase('passed', 'lost', { reason: '字'.repeat(50), hasReport: false })).toBe('lost');
  });

  it('resolving needs the report', () => {
    expect(codeOf(() => transitionCase('test_finished', 'resolved', { reason: '', hasReport: false }))).toBe('409:caseReportMissing');
  });

  it('property: any walk ends in a final state only through legal moves, and final states never move', () => {
    const state = fc.constantFrom(...CASE_STATUSES);
    fc.assert(fc.property(fc.array(state, { maxLength: 12 }), (targets) => {
      let current: CaseStatusName = 'reviewing';
      for (const to of targets) {
        const before = current;
        try {
          current = transitionCase(current, to, { reason: '原因', hasReport: true });
          expect(CASE_TRANSITIONS[before]).toContain(to);
        } catch {
          expect(CASE_TRANSITIONS[before]).not.toContain(to);
        }
        if (['rejected', 'resolved', 'lost'].includes(before)) expect(current).toBe(before);
      }
    }));
  });
});

describe('the expense state machine', () => {
  const legal = new Set(['draft>pending>applicant', 'pending>approved>approval', 'pending>rejected>approval', 'pending>draft>applicant', 'rejected>draft>applicant']);
  const cells = EXPENSE_STATUSES.flatMap((from) => EXPENSE_STATUSES.flatMap((to) => (['applicant', 'approval'] as const).map((by) => [from, to, by] as const)));

  it.each(cells)('%s → %s by %s', (from, to, by) => {
    expect(codeOf(() => transitionExpense(from, to, by))).toBe(legal.has(`${from}>${to}>${by}`) ? 'ok' : '409:expenseTransitionInvalid');
  });

  it('property: the applicant never approves or rejects, and the engine never submits', () => {
    fc.assert(fc.property(fc.constantFrom(...EXPENSE_STATUSES), fc.constantFrom(...EXPENSE_STATUSES), (from, to) => {
      if (to === 'approved' || to === 'rejected') expect(codeOf(() => transitionExpense(from, to, 'applicant'))).toBe('409:expenseTransitionInvalid');
      if (to === 'pending' || to === 'draft') expect(codeOf(() => transitionExpense(from, to, 'approval'))).toBe('409:expenseTransitionInvalid');
    }));
  });
});

describe('money rules', () => {
  it.each([
    ['0.00', '0.00'], ['0.01', '0.01'], ['0.03', '0.03'], ['0.10', '0.12'], ['0.30', '0.35'], ['0.70', '0.81'], ['1.00', '1.15'], ['1.10', '1.27'],
    ['2.30', '2.65'], ['1999.99', '2299.99'], ['1200.10', '1380.12'], ['99999999.99', '114999999.99'], ['33.33', '38.33'], ['0.90', '1.04'],
  ])('service fee of %s is %s (× 1.15, half-up to the cent)', (fee, service) => {
    expect(serviceFeeOf(fee)).toBe(service);
  });

  it('property: the service fee is the exact product rounded half-up', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
      const exactTimes100 = BigInt(cents) * 115n; // the fee in hundredths of a cent
      const rounded = (exactTimes100 + 50n) / 100n;
      expect(serviceFeeOf(centsToMoney(cents))).toBe(centsToMoney(Number(rounded)));
      expect(moneyToCents(centsToMoney(cents))).toBe(cents);
    }));
  });

  it('money input takes two decimals at most and normalises', () => {
    expect(moneySchema.parse('12.5')).toBe('12.50');
    expect(moneySchema.parse(7)).toBe('7.00');
    expect(moneySchema.safeParse('1.234').success).toBe(false);
    expect(moneySchema.safeParse('-1').success).toBe(false);
    expect(moneySchema.safeParse('1e3').success).toBe(false);
    expect(expenseInputSchema.parse({ category: 'travel', spentOn: '2026-11-01' }).amount).toBe('0.00');
  });

  it('a 6% special VAT invoice needs the tax number; a 3% ordinary one does not', () => {
    const base = { customerName: '客户', samples: '样品', testFee: '100' };
    expect(caseInputSchema.safeParse({ ...base, invoiceType: 'ordinary' }).success).toBe(true);
    const special = caseInputSchema.safeParse({ ...base, invoiceType: 'special' });
    expect(special.success).toBe(false);
    expect(special.error?.issues[0]).toMatchObject({ path: ['taxNo'], message: 'taxNoRequired' });
    expect(caseInputSchema.safeParse({ ...base, invoiceType: 'special', taxNo: '91310104MA1FR8XK3P' }).success).toBe(true);
    expect(caseInputSchema.safeParse({ ...base, invoiceType: 'special', taxNo: 'abc' }).success).toBe(false);
  });
});

describe('export cells', () => {
  it.each([['=1+1', "'=1+1"], ['+86 138', "'+86 138"], ['-2', "'-2"], ['@SUM(A1)', "'@SUM(A1)"], ['\tx', "'\tx"], ['华东理工', '华东理工'], ['a=b', 'a=b']])('%j is written as %j', (input, output) => {
    expect(excelText(input)).toBe(output);
  });
});

describe('expense dates', () => {
  it.each([['2026-11-01', true], ['2024-02-29', true], ['2026-02-30', false], ['2026-13-01', false], ['0000-01-01', false], ['1999-12-31', false], ['2026-1-1', false]])('%s is accepted: %s', (spentOn, ok) => {
    expect(expenseInputSchema.safeParse({ category: 'travel', spentOn }).success).toBe(ok);
  });
});
