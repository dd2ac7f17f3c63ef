import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inOut, ledgerColumns, type LedgerExportRow } from './ledger-export';

/** Movements of a few containers as the shelf keeps them: each row's balance the sum of its container's deltas so far. */
const ledger = fc.array(
  fc.record({ container: fc.integer({ min: 1, max: 3 }), kind: fc.constantFrom('used', 'moved', 'disposed', 'correction' as const), units: fc.integer({ min: -50_000_000, max: 50_000_000 }) }),
  { maxLength: 60 },
).map((moves) => {
  const balances = new Map<number, number>();
  const rows: LedgerExportRow[] = [];
  let id = 0;
  for (const c of [1, 2, 3]) {
    balances.set(c, 100_000_000);
    rows.push(row(++id, c, 'received', 100_000_000, 100_000_000));
  }
  for (const m of moves) {
    const before = balances.get(m.container) ?? 0;
    const delta = m.kind === 'moved' ? 0 : Math.max(-before, m.kind === 'correction' ? m.units : -Math.abs(m.units));
    balances.set(m.container, before + delta);
    rows.push(row(++id, m.container, m.kind, delta, before + delta));
  }
  return rows;
});

function decimal(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  return `${sign}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
}

function row(id: number, container: number, kind: LedgerExportRow['kind'], delta: number, balance: number): LedgerExportRow {
  return {
    id, containerId: container, nameZh: `化学品${container}`, nameEn: `Chemical ${container}`, cas: '', lotNo: '', code: `C000000${container}`, unit: 'mL',
    happenedOn: '2026-01-01', kind, delta: decimal(delta), balance: decimal(balance), actorName: '张三', purpose: '', locationId: null,
  };
}

describe('the ledger export’s columns', () => {
  it('has a balance that is the running sum of quantity in minus quantity out, per container, in both languages', () => {
    fc.assert(fc.property(ledger, fc.constantFrom('zh', 'en' as const), (rows, lang) => {
      const columns = ledgerColumns(lang, new Map());
      const col = (name: 'in' | 'out' | 'balance') => columns[{ in: 6, out: 7, balance: 8 }[name]]!;
      const sums = new Map<string, number>();
      for (const r of rows) {
        const qIn = col('in').value(r);
        const qOut = col('out').value(r);
        // A row is in, or out, or neither (a move), never both; quantities are positive.
        expect(qIn === null || qOut === null).toBe(true);
        if (typeof qIn === 'number') expect(qIn).toBeGreaterThan(0);
        if (typeof qOut === 'number') expect(qOut).toBeGreaterThan(0);
        const code = String(columns[3]!.value(r));
        const sum = Math.round(((sums.get(code) ?? 0) + Number(qIn ?? 0) - Number(qOut ?? 0)) * 10_000) / 10_000;
        sums.set(code, sum);
        expect(col('balance').value(r)).toBeCloseTo(sum, 4);
      }
    }));
  });

  it('splits a change into in and out', () => {
    expect(inOut('12.5000')).toEqual({ in: 12.5, out: null });
    expect(inOut('-0.0001')).toEqual({ in: null, out: 0.0001 });
    expect(inOut('0.0000')).toEqual({ in: null, out: null });
  });

  it('names each movement in the language asked', () => {
    const kinds = ['received', 'used', 'moved', 'disposed', 'correction'] as const;
    const name = (lang: 'zh' | 'en') => kinds.map((k) => ledgerColumns(lang, new Map())[5]!.value(row(1, 1, k, 0, 0)));
    expect(name('zh')).toEqual(['入库', '领用', '移库', '处置', '更正']);
    expect(name('en')).toEqual(['Received', 'Used', 'Moved', 'Disposed', 'Correction']);
  });
});
