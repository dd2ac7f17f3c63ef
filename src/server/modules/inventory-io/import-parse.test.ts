import { describe, expect, it } from 'vitest';
import { mapStockHeader, STOCK_COLUMNS, bilingualHeader } from './import-columns';
import { parseAmount, parseDay, parseLocation, parseStockRows } from './import-parse';

const header = mapStockHeader(STOCK_COLUMNS.map(bilingualHeader));
const cellsOf = (values: Partial<Record<(typeof STOCK_COLUMNS)[number], string>>) => STOCK_COLUMNS.map((c) => values[c] ?? '');

describe('the stock import’s rows', () => {
  it('reads the template’s bilingual header, either language’s header alone, and the keys', () => {
    expect([...header.keys()]).toEqual([...STOCK_COLUMNS]);
    expect(mapStockHeader(['数量', 'Unit', 'name_zh', '存放位置']).get('unit')).toBe(1);
    expect(mapStockHeader(['数量', 'Unit', 'name_zh', '存放位置']).get('location')).toBe(3);
  });

  it('parses days, amounts and locations as labs write them', () => {
    expect(parseDay('2026-03-01')).toBe('2026-03-01');
    expect(parseDay('2026/3/1')).toBe('2026-03-01');
    expect(parseDay('2026年3月1日')).toBe('2026-03-01');
    expect(parseDay('46082')).toBe('2026-03-01');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('soon')).toBeNull();
    expect(parseAmount('1,000.5')).toBe('1000.5');
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1.23456')).toBeNull();
    expect(parseLocation('化学楼 / 301 / A柜')).toEqual(['化学楼', '301', 'A柜']);
    expect(parseLocation('A > B')).toEqual(['A', 'B']);
    expect(parseLocation('a/b/c/d')).toBeNull();
    expect(parseLocation('a//c')).toBeNull();
  });

  it('names the row and the column of each problem in both languages, and keeps the good rows', () => {
    const result = parseStockRows(header, [
      { rowNo: 2, cells: cellsOf({ name_zh: '乙醇', amount: '500', unit: 'ml', received_on: '2026-01-02', location: '楼 / 室' }) },
      { rowNo: 3, cells: cellsOf({ name_zh: '丙酮', amount: 'abc', unit: 'bottle', received_on: '2026-13-01', cas: '67-64-1' }) },
      { rowNo: 4, cells: cellsOf({}) },
      { rowNo: 5, cells: cellsOf({ amount: '1', unit: 'g' }) },
      { rowNo: 6, cells: cellsOf({ name_en: 'Toluene', amount: '1', unit: 'L', cas: '108883', control: '易制毒', hazardous: '是' }) },
    ], '2026-06-01');
    expect(result.rows.map((r) => [r.row, r.unit, r.location])).toEqual([[2, 'mL', ['楼', '室']], [6, 'L', []]]);
    // Digits alone are a CAS number too; an empty day received is today.
    expect(result.rows[1]).toMatchObject({ controlClass: 'precursor', hazardous: true, receivedOn: '2026-06-01', cas: '108-88-3' });
    expect(result.issues.map((i) => [i.row, i.column])).toEqual([[3, 'amount'], [3, 'unit'], [3, 'received_on'], [5, 'name_zh']]);
    expect(result.issues[0]!.messageZh).toBe('第 3 行「数量」：数量须为正数，最多四位小数');
    expect(result.issues[0]!.messageEn).toBe('Row 3, Amount: the amount must be positive, with at most four decimals');
    expect(result.issues[1]!.messageEn).toContain('unknown unit');
  });

  it('refuses a CAS number whose check digit is wrong', () => {
    const result = parseStockRows(header, [{ rowNo: 2, cells: cellsOf({ name_zh: '甲苯', amount: '1', unit: 'L', cas: '108-88-4' }) }], '2026-06-01');
    expect(result.issues.map((i) => [i.row, i.column])).toEqual([[2, 'cas']]);
  });
});
