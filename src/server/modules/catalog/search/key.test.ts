import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { escapeLike } from '@/server/db/like';
import { cleanKey, formulaPlan, keyCandidates, planKey } from './key';

describe('planKey', () => {
  it('reads a full CAS number with or without hyphens and checks the digit', () => {
    expect(planKey('64-17-5', 2)).toMatchObject({ casExact: '64-17-5', casCheckDigit: false });
    expect(planKey('64175', 2)).toMatchObject({ casExact: '64-17-5' });
    expect(planKey('64-17-6', 2)).toMatchObject({ casExact: null, casCheckDigit: true });
    expect(planKey('64176', 2)).toMatchObject({ casCheckDigit: true });
    // Untyped: a hyphenated CAS with a bad digit is reported; bare digits may be an item number.
    expect(planKey('64-17-6')).toMatchObject({ casCheckDigit: true });
    expect(planKey('64176')).toMatchObject({ casCheckDigit: false, casExact: null, itemNo: '64176' });
  });

  it('prefix-matches a partial CAS number', () => {
    expect(planKey('7732-', 2)).toMatchObject({ casPrefix: '7732-', casExact: null });
    expect(planKey('77', 2)).toMatchObject({ casPrefix: '77' });
    expect(planKey('abc', 2)).toMatchObject({ casPrefix: null, casExact: null, nameLike: null, itemNo: null });
  });

  it('upper-cases item numbers and splits names into trigram and gram paths', () => {
    expect(planKey('ab-123', 1)).toMatchObject({ itemNo: 'AB-123', nameLike: null, brands: false });
    expect(planKey('Benzoic', 3)).toMatchObject({ itemNo: null, nameLike: 'benzoic', brands: true });
    expect(planKey('苯甲', 3)).toMatchObject({ nameGram: '苯甲', nameLike: null });
    expect(planKey('苯甲酸', 3)).toMatchObject({ nameLike: '苯甲酸', nameGram: null });
    expect(planKey('苯 甲', 1)).toMatchObject({ itemNo: null });
  });

  it('cleans control characters and caps the length', () => {
    expect(cleanKey('a\u0000b\u001f  c ')).toBe('a b c');
    expect(cleanKey('x'.repeat(80))).toHaveLength(50);
    expect(planKey('\u0000\u0000').key).toBe('');
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

describe('cursors', () => {
  it('round-trips and refuses another sort or a malformed key', () => {
    const c = encodeCursor({ sort: 'itemNo', dir: 'n', key: ['A100', 7] });
    expect(decodeCursor(c, 'itemNo')).toEqual({ sort: 'itemNo', dir: 'n', key: ['A100', 7] });
    expect(() => decodeCursor(c, 'newest')).toThrow(InvalidCursorError);
    const good = encodeCursor({ sort: 'relevance', dir: 'n', key: [3, 12, 40] });
    expect(decodeCursor(good, 'relevance').key).toEqual([3, 12, 40]);
    const bad = encodeCursor({ sort: 'relevance', dir: 'n', key: [1, -5, 3] });
    expect(() => decodeCursor(bad, 'relevance')).toThrow(InvalidCursorError);
    expect(() => decodeCursor('not a cursor', 'newest')).toThrow(InvalidCursorError);
    const price = encodeCursor({ sort: 'priceAsc', dir: 'p', key: ["1; drop table x", 1] });
    expect(() => decodeCursor(price, 'priceAsc')).toThrow(InvalidCursorError);
  });
});

describe('keyCandidates', () => {
  it('takes a hyphenated CAS number with a right check digit, full-width or not, and nothing else as one', () => {
    expect(keyCandidates('64-17-5')).toEqual({ cas: '64-17-5', itemNo: null, formulas: null });
    expect(keyCandidates('６４－１７－５').cas).toBe('64-17-5');
    expect(keyCandidates('64-17-6').cas).toBeNull();
    expect(keyCandidates('64175').cas).toBeNull();
  });

  it('offers item numbers and formulas for the catalogue to confirm', () => {
    expect(keyCandidates('a297691')).toEqual({ cas: null, itemNo: 'A297691', formulas: null });
    expect(keyCandidates('C2H6O')).toEqual({ cas: null, itemNo: 'C2H6O', formulas: ['C2H6O'] });
    expect(keyCandidates('乙醇')).toEqual({ cas: null, itemNo: null, formulas: null });
    // A word or a bare number is no unmistakable item number: the type the buyer chose decides.
    expect(keyCandidates('countcheck').itemNo).toBeNull();
    expect(keyCandidates('64175').itemNo).toBeNull();
    expect(formulaPlan('C2H6O', ['C2H6O'])).toMatchObject({ formulas: ['C2H6O'], itemNo: null, nameLike: null, brands: false });
  });
});
