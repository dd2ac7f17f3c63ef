import { describe, expect, it } from 'vitest';
import { copyField, copyRow } from './copy-text';

describe('COPY text encoding', () => {
  it('writes NULL, booleans, numbers and dates the way COPY reads them', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(42)).toBe('42');
    expect(copyField(new Date('2026-10-01T00:00:00Z'))).toBe('2026-10-01T00:00:00.000Z');
  });

  it('escapes backslash, tab, newline and carriage return', () => {
    expect(copyField('a\\b')).toBe('a\\\\b');
    expect(copyField('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
    expect(copyField('N,N-二甲基甲酰胺')).toBe('N,N-二甲基甲酰胺');
  });

  it('serialises objects as JSON and joins a row with tabs and a final newline', () => {
    expect(copyField({ pictograms: ['GHS07'], note: 'tab\there' })).toBe('{"pictograms":["GHS07"],"note":"tab\\\\there"}');
    expect(copyRow(['G00000001', null, 1.5, false])).toBe('G00000001\t\\N\t1.5\tf\n');
  });
});
