import { describe, expect, it } from 'vitest';
import { foldSearchText, parseSearchType, sanitiseSearchKey } from './search-key';

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

describe('sanitiseSearchKey — the exact rule (docs/requirements/storefront.md#search-key)', () => {
  it('turns every regular-expression metacharacter into a space', () => {
    for (const ch of ['\\', '^', '$', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']) {
      expect(sanitiseSearchKey(`a${ch}b`), ch).toBe('a b');
    }
  });

  it('turns quotes, semicolons, equals and commas (also full-width ones) into spaces', () => {
    for (const ch of ["'", '"', ';', '=', ',', '，', '；']) {
      expect(sanitiseSearchKey(`a${ch}b`), ch).toBe('a b');
    }
  });

  it('keeps what a reagent key needs: hyphens, digits, letters, Chinese, percent and spaces inside', () => {
    expect(sanitiseSearchKey('A12345-5g')).toBe('A12345-5g');
    expect(sanitiseSearchKey('7732-18-5')).toBe('7732-18-5');
    expect(sanitiseSearchKey('乙醇 99.5%')).toBe('乙醇 99 5%');
  });

  it('answers an empty string for keys made only of removed characters and spaces', () => {
    expect(sanitiseSearchKey('   ')).toBe('');
    expect(sanitiseSearchKey("';=,")).toBe('');
  });

  it('never lets SQL or LIKE syntax through as quotes or statement breaks', () => {
    const cleaned = sanitiseSearchKey("x' OR '1'='1'; --");
    expect(cleaned).not.toMatch(/['";=]/);
  });
});

describe('sanitiseSearchKey — binary input', () => {
  it('turns NUL and other control characters into spaces', () => {
    expect(sanitiseSearchKey('ab\u0000cd\u0007\u001b\u007f')).toBe('ab cd');
    expect(sanitiseSearchKey('\u0000\u0001')).toBe('');
  });
});

describe('foldSearchText — full-width input as the catalogue writes it', () => {
  it('folds full-width digits, letters and dashes, the ideographic space and subscript digits, one character for one', () => {
    expect(sanitiseSearchKey('６４－１７－５')).toBe('64-17-5');
    expect(sanitiseSearchKey('64－17－5')).toBe('64-17-5');
    expect(sanitiseSearchKey('Ｃ２Ｈ６Ｏ')).toBe('C2H6O');
    expect(sanitiseSearchKey('ａ２９７６９１')).toBe('a297691');
    expect(sanitiseSearchKey('64–17—5')).toBe('64-17-5');
    expect(sanitiseSearchKey('H₂O')).toBe('H2O');
    expect(sanitiseSearchKey('乙醇\u3000ＡＲ')).toBe('乙醇 AR');
    expect(foldSearchText('（丙酮）；')).toBe('(丙酮);');
    expect(sanitiseSearchKey('（丙酮）')).toBe('丙酮');
    expect(foldSearchText('乙酸乙酯')).toBe('乙酸乙酯');
  });
});
