import { describe, expect, it } from 'vitest';
import { parseQuickLines } from './quick-parse';

describe('parseQuickLines', () => {
  it('reads tab, comma and space separated lines, with an optional pack size', () => {
    expect(parseQuickLines('RG0001\t3\n64-17-5, 2\n\nRG0002 25g 4\nRG0003')).toEqual([
      { line: 1, input: 'RG0001\t3', kind: 'item', key: 'RG0001', size: null, num: 3 },
      { line: 2, input: '64-17-5, 2', kind: 'cas', key: '64-17-5', size: null, num: 2 },
      { line: 4, input: 'RG0002 25g 4', kind: 'item', key: 'RG0002', size: '25g', num: 4 },
      { line: 5, input: 'RG0003', kind: 'item', key: 'RG0003', size: null, num: 1 },
    ]);
  });

  it('flags a bad CAS check digit and a bad quantity on their lines', () => {
    expect(parseQuickLines('64-17-6,1\nRG0001,0\nRG0001,abc\nRG0001,10000')).toEqual([
      { line: 1, input: '64-17-6,1', kind: 'error', error: 'casInvalid' },
      { line: 2, input: 'RG0001,0', kind: 'error', error: 'quantityInvalid' },
      { line: 3, input: 'RG0001,abc', kind: 'error', error: 'quantityInvalid' },
      { line: 4, input: 'RG0001,10000', kind: 'error', error: 'quantityInvalid' },
    ]);
  });

  it('accepts the Chinese comma and Windows line ends', () => {
    expect(parseQuickLines('67-64-1，5\r\n')).toEqual([{ line: 1, input: '67-64-1，5', kind: 'cas', key: '67-64-1', size: null, num: 5 }]);
  });

  it('skips lines of separators alone, as it skips blank lines', () => {
    expect(parseQuickLines(',\n ；\t，\nRG0001')).toEqual([{ line: 3, input: 'RG0001', kind: 'item', key: 'RG0001', size: null, num: 1 }]);
    expect(parseQuickLines(',')).toEqual([]);
  });
});
