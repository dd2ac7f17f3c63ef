import 'server-only';

/**
 * Money as whole cents (bigint), so that totals add up exactly; the database keeps numeric(12,2)
 * and the API answers text with two decimals.
 */
export function toCents(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a money amount: ${value}`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** VAT rates of the invoice choices (docs/requirements/account.md#invoices): none, 3 % ordinary, 6 % special. */
export const TAX_PERCENT = { none: 0n, ordinary: 3n, special: 6n } as const;

/** The tax on a subtotal at a whole percentage, rounded half up to the cent. */
export function taxOf(subtotal: bigint, percent: bigint): bigint {
  return (subtotal * percent + 50n) / 100n;
}
