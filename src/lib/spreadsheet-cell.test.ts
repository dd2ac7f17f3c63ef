import { describe, expect, it } from 'vitest';
import { csvField, escapeFormula } from './spreadsheet-cell';

describe('spreadsheet cells', () => {
  it('prefixes every formula start with an apostrophe and leaves other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(escapeFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(escapeFormula('64-17-5')).toBe('64-17-5');
    expect(escapeFormula('乙醇')).toBe('乙醇');
    expect(escapeFormula('')).toBe('');
  });

  it('quotes CSV fields with separators, quotes and line breaks, after escaping', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('plain')).toBe('plain');
  });
});
