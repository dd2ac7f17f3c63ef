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

/** The VAT rate of goods (ADR 0065): catalogue and quoted prices include it, whatever invoice the buyer asks for. */
export const GOODS_VAT_PERCENT = 13n;

/** The tax on a subtotal at a whole percentage, rounded half up to the cent (orders of the earlier model, ADR 0026). */
export function taxOf(subtotal: bigint, percent: bigint): bigint {
  return (subtotal * percent + 50n) / 100n;
}

/** The tax contained in a tax-included amount at a whole percentage (gross × p / (100 + p)), rounded half up to the cent. */
export function includedTax(gross: bigint, percent: bigint): bigint {
  const base = 100n + percent;
  return (gross * percent * 2n + base) / (2n * base);
}

/**
 * An order's money from its goods subtotal and delivery fee. Tax included (every order since ADR 0065):
 * the total is goods plus delivery and the tax is the part of it that is VAT. Tax on top (orders of
 * ADR 0026, recomputed when an approver edits them): the tax is added to the subtotal.
 */
export function orderMoney(src: { subtotal: bigint; deliveryFee: bigint; taxIncluded: boolean; percent: bigint }): { tax: bigint; total: bigint } {
  if (src.taxIncluded) {
    const total = src.subtotal + src.deliveryFee;
    return { tax: includedTax(total, src.percent), total };
  }
  const tax = taxOf(src.subtotal, src.percent);
  return { tax, total: src.subtotal + tax + src.deliveryFee };
}
