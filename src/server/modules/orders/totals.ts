import 'server-only';
import type { CartDto } from '@/contracts/cart';
import { centsText, TAX_PERCENT, taxOf, toCents } from './money';

/** The checkout's totals for each invoice choice, from the server-priced cart. */
export function checkoutTotals(cart: CartDto) {
  const subtotal = toCents(cart.total);
  const of = (percent: bigint) => {
    const tax = taxOf(subtotal, percent);
    return { tax: centsText(tax), total: centsText(subtotal + tax) };
  };
  return {
    subtotal: cart.total,
    lineCount: cart.count,
    byInvoice: { none: of(TAX_PERCENT.none), ordinary: of(TAX_PERCENT.ordinary), special: of(TAX_PERCENT.special) },
  };
}
