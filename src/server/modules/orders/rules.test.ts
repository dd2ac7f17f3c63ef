import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRules, loosensApproval, type RuleInput, type RuleRow } from './rules';

const rule = (kind: RuleRow['kind'], extra: Partial<RuleRow> = {}): RuleRow => ({ kind, amount: null, requirePermit: false, active: true, ...extra });
const plain = { itemNo: 'A1', hazardous: false, controlClass: null } as const;
const flammable = { itemNo: 'H1', hazardous: true, controlClass: null } as const;
const precursor = { itemNo: 'C1', hazardous: true, controlClass: 'precursor' } as const;

const base: RuleInput = { rules: [], total: 100_00n, lines: [plain], monthSpent: 0n, monthlyLimit: null };

describe('evaluateRules', () => {
  const table: { name: string; input: Partial<RuleInput>; kinds: string[]; permit?: boolean }[] = [
    { name: 'no rules: no approval', input: {}, kinds: [] },
    { name: 'total above the amount', input: { rules: [rule('total_above', { amount: '5000.00' })], total: 5000_01n }, kinds: ['total_above'] },
    { name: 'total equal to the amount is not above it', input: { rules: [rule('total_above', { amount: '5000.00' })], total: 5000_00n }, kinds: [] },
    { name: 'a hazardous line', input: { rules: [rule('hazardous')], lines: [plain, flammable] }, kinds: ['hazardous'] },
    { name: 'no hazardous line', input: { rules: [rule('hazardous')], lines: [plain] }, kinds: [] },
    { name: 'a controlled line without permit rule', input: { rules: [rule('controlled')], lines: [precursor] }, kinds: ['controlled'], permit: false },
    { name: 'a controlled line with a permit rule', input: { rules: [rule('controlled', { requirePermit: true })], lines: [precursor] }, kinds: ['controlled'], permit: true },
    { name: 'permit rule without controlled lines', input: { rules: [rule('controlled', { requirePermit: true })], lines: [flammable] }, kinds: [], permit: false },
    { name: 'monthly limit passed by this order', input: { rules: [rule('monthly_limit')], monthSpent: 900_00n, total: 200_00n, monthlyLimit: 1000_00n }, kinds: ['monthly_limit'] },
    { name: 'monthly limit reached exactly', input: { rules: [rule('monthly_limit')], monthSpent: 800_00n, total: 200_00n, monthlyLimit: 1000_00n }, kinds: [] },
    { name: 'monthly rule but the buyer has no limit', input: { rules: [rule('monthly_limit')], monthSpent: 9_000_000_00n, monthlyLimit: null }, kinds: [] },
    { name: 'inactive rules are ignored', input: { rules: [rule('hazardous', { active: false })], lines: [flammable] }, kinds: [] },
    {
      name: 'several rules match at once',
      input: { rules: [rule('total_above', { amount: '10.00' }), rule('hazardous'), rule('controlled')], lines: [flammable, precursor] },
      kinds: ['total_above', 'hazardous', 'controlled'],
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const outcome = evaluateRules({ ...base, ...row.input });
      expect(outcome.matches.map((m) => m.kind)).toEqual(row.kinds);
      if (row.permit !== undefined) expect(outcome.permitRequired).toBe(row.permit);
    });
  }

  it('names the lines and the figures that matched', () => {
    const outcome = evaluateRules({
      ...base,
      rules: [rule('hazardous'), rule('monthly_limit')],
      lines: [flammable, flammable, plain],
      monthSpent: 950_50n,
      total: 100_00n,
      monthlyLimit: 1000_00n,
    });
    expect(outcome.matches).toEqual([
      { kind: 'hazardous', itemNos: ['H1'] },
      { kind: 'monthly_limit', limit: '1000.00', spent: '950.50' },
    ]);
  });
});

describe('loosensApproval', () => {
  const rulesArb: fc.Arbitrary<RuleRow[]> = fc.record({
    total: fc.record({ active: fc.boolean(), amount: fc.constantFrom('10.00', '500.00', '5000.00') }),
    hazardous: fc.boolean(),
    controlled: fc.record({ active: fc.boolean(), requirePermit: fc.boolean() }),
    monthly: fc.boolean(),
  }).map(({ total, hazardous, controlled, monthly }) => [
    rule('total_above', { active: total.active, amount: total.amount }),
    rule('hazardous', { active: hazardous }),
    rule('controlled', controlled),
    rule('monthly_limit', { active: monthly }),
  ]);
  const lineArb = fc.record({
    itemNo: fc.constantFrom('A1', 'B2'), hazardous: fc.boolean(), controlClass: fc.constantFrom(null, 'precursor' as const, 'explosive' as const),
  });
  const orderArb = fc.record({
    total: fc.bigInt({ min: 0n, max: 10_000_00n }),
    lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    monthSpent: fc.bigInt({ min: 0n, max: 10_000_00n }),
    monthlyLimit: fc.option(fc.bigInt({ min: 0n, max: 10_000_00n }), { nil: null }),
  });

  it('lets no order through, nor without a permit, that the rules before held, unless it says the change loosens them', () => {
    fc.assert(fc.property(rulesArb, rulesArb, orderArb, (before, after, order) => {
      if (loosensApproval(before, after)) return;
      const was = evaluateRules({ ...order, rules: before });
      const now = evaluateRules({ ...order, rules: after });
      for (const match of was.matches) expect(now.matches.map((m) => m.kind)).toContain(match.kind);
      if (was.permitRequired) expect(now.permitRequired).toBe(true);
    }), { numRuns: 3000 });
  });

  it('calls switching a rule off, raising the amount or dropping the permit a loosening, and tightening none', () => {
    const all = [rule('total_above', { amount: '500.00' }), rule('hazardous'), rule('controlled', { requirePermit: true }), rule('monthly_limit')];
    const changed = (kind: RuleRow['kind'], extra: Partial<RuleRow>) => all.map((r) => (r.kind === kind ? { ...r, ...extra } : r));
    expect(loosensApproval(all, all)).toBe(false);
    for (const kind of ['total_above', 'hazardous', 'controlled', 'monthly_limit'] as const) expect(loosensApproval(all, changed(kind, { active: false }))).toBe(true);
    expect(loosensApproval(all, changed('total_above', { amount: '500.01' }))).toBe(true);
    expect(loosensApproval(all, changed('controlled', { requirePermit: false }))).toBe(true);
    expect(loosensApproval(all, changed('total_above', { amount: '499.99' }))).toBe(false);
    const none = all.map((r) => ({ ...r, active: false, requirePermit: false }));
    expect(loosensApproval(none, all)).toBe(false);
    expect(loosensApproval([], all)).toBe(false);
  });
});
