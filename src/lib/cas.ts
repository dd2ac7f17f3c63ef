/**
 * CAS Registry Numbers: 2–7 digits, 2 digits and a check digit (NNNNNNN-NN-N). Users type them
 * with or without hyphens, so everything here accepts both and hands back the hyphenated form.
 */

const CAS_HYPHENATED = /^(\d{2,7})-(\d{2})-(\d)$/;
const CAS_DIGITS = /^\d{5,10}$/;

/**
 * The check digit of the leading digits (the first two groups run together): each digit times
 * its position counted from the right, starting at 1, summed, modulo 10.
 */
export function casCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error(`casCheckDigit expects digits only, got "${digits}"`);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  }
  return sum % 10;
}

/** Hyphenates a run of 5–10 digits as a CAS number, or null when the length cannot be one. */
export function formatCasDigits(digits: string): string | null {
  if (!CAS_DIGITS.test(digits)) return null;
  return `${digits.slice(0, -3)}-${digits.slice(-3, -1)}-${digits.slice(-1)}`;
}

/** The canonical hyphenated CAS number, or null when the input is not a valid one. */
export function normaliseCas(input: string): string | null {
  const trimmed = input.trim();
  let hyphenated: string | null;
  if (CAS_HYPHENATED.test(trimmed)) hyphenated = trimmed;
  else if (CAS_DIGITS.test(trimmed)) hyphenated = formatCasDigits(trimmed);
  else return null;
  const match = hyphenated ? CAS_HYPHENATED.exec(hyphenated) : null;
  if (!match) return null;
  const [, first = '', second = '', check = ''] = match;
  // Registry numbers never start with a zero; a leading zero is a typo, not a shorter number.
  if (first.startsWith('0')) return null;
  return casCheckDigit(first + second) === Number(check) ? `${first}-${second}-${check}` : null;
}

export function isValidCas(input: string): boolean {
  return normaliseCas(input) !== null;
}
