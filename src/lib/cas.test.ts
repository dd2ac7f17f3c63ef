import { describe, expect, it } from 'vitest';
import { casCheckDigit, formatCasDigits, isValidCas, normaliseCas } from './cas';

describe('casCheckDigit', () => {
  it('weights digits by their position from the right (water: 105 → 5)', () => {
    expect(casCheckDigit('773218')).toBe(5);
    expect(casCheckDigit('6417')).toBe(5);
    expect(casCheckDigit('5000')).toBe(0);
  });

  it('refuses non-digits', () => {
    expect(() => casCheckDigit('77a2')).toThrow();
  });
});

describe('isValidCas', () => {
  it('accepts real registry numbers with hyphens', () => {
    for (const cas of ['7732-18-5', '64-17-5', '50-00-0', '141-78-6', '7647-14-5', '1634-04-4', '26628-22-8']) {
      expect(isValidCas(cas), cas).toBe(true);
    }
  });

  it('accepts the same numbers typed without hyphens and with surrounding spaces', () => {
    expect(isValidCas('7732185')).toBe(true);
    expect(isValidCas('64175')).toBe(true);
    expect(isValidCas(' 50-00-0 ')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidCas('7732-18-4')).toBe(false);
    expect(isValidCas('64-17-6')).toBe(false);
    expect(isValidCas('7732184')).toBe(false);
  });

  it('rejects groups that are too short or too long', () => {
    expect(isValidCas('7-18-5')).toBe(false);
    expect(isValidCas('12345678-18-5')).toBe(false);
    expect(isValidCas('7732-8-5')).toBe(false);
    expect(isValidCas('7732-118-5')).toBe(false);
    expect(isValidCas('1234')).toBe(false);
    expect(isValidCas('12345678901')).toBe(false);
  });

  it('rejects letters, stray punctuation and empty input', () => {
    expect(isValidCas('77A2-18-5')).toBe(false);
    expect(isValidCas('CAS 64-17-5')).toBe(false);
    expect(isValidCas('64_17_5')).toBe(false);
    expect(isValidCas('')).toBe(false);
  });
});

describe('normaliseCas', () => {
  it('returns the hyphenated canonical form', () => {
    expect(normaliseCas('7732185')).toBe('7732-18-5');
    expect(normaliseCas('141786')).toBe('141-78-6');
    expect(normaliseCas('64-17-5')).toBe('64-17-5');
  });

  it('returns null for invalid input', () => {
    expect(normaliseCas('7732-18-4')).toBeNull();
    expect(normaliseCas('ethanol')).toBeNull();
    expect(normaliseCas('064-17-5')).toBeNull();
  });
});

describe('formatCasDigits', () => {
  it('inserts the two hyphens without validating the check digit', () => {
    expect(formatCasDigits('7732185')).toBe('7732-18-5');
    expect(formatCasDigits('7732184')).toBe('7732-18-4');
  });

  it('returns null when the digit count cannot be a CAS number', () => {
    expect(formatCasDigits('1234')).toBeNull();
    expect(formatCasDigits('12a45')).toBeNull();
  });
});
