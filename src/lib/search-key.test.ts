import { describe, expect, it } from 'vitest';
import { parseSearchType, sanitiseSearchKey } from './search-key';

describe('sanitiseSearchKey', () => {
  it('replaces regex metacharacters, quotes, semicolon, equals and comma with spaces, then trims', () => {
    expect(sanitiseSearchKey(' 64-17-5 ')).toBe('64-17-5');
    expect(sanitiseSearchKey("a'b\"c;d=e,f")).toBe('a b c d e f');
    expect(sanitiseSearchKey('.*+?^${}()|[]\\/')).toBe('');
    expect(sanitiseSearchKey("'; drop table products; --")).toBe('drop table products  --');
  });

  it('keeps Chinese text and hyphens', () => {
    expect(sanitiseSearchKey('乙酸乙酯 AR')).toBe('乙酸乙酯 AR');
  });

  it('caps the key at 50 characters before cleaning', () => {
    expect(sanitiseSearchKey('x'.repeat(80))).toHaveLength(50);
  });
});

describe('parseSearchType', () => {
  it('accepts 1–4 only', () => {
    expect(parseSearchType('2')).toBe(2);
    expect(parseSearchType(5)).toBeNull();
    expect(parseSearchType('abc')).toBeNull();
  });
});
