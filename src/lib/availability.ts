/**
 * How a pack meets a line's quantity, the one rule of the cart, the checkout and a quotation's
 * conversion: what stock covers ships now; the rest is a backorder delivered within the pack's lead
 * time (0: the lead time is confirmed with the order). A short stock never refuses the line.
 */
export type LineAvailability =
  | { kind: 'inStock' }
  | { kind: 'backorder'; shortBy: number; leadTimeDays: number };

export function lineAvailability(pack: { stock: number; leadTimeDays: number }, num: number): LineAvailability {
  const stock = Math.max(0, pack.stock);
  if (stock >= num) return { kind: 'inStock' };
  return { kind: 'backorder', shortBy: num - stock, leadTimeDays: Math.max(0, pack.leadTimeDays) };
}

/** The message (namespace `availability`) that tells a backorder: its quantity and lead time, or that the lead time is confirmed with the order. */
export type BackorderMessage =
  | { key: 'backorder'; values: { short: number; days: number } }
  | { key: 'backorderOpen'; values: { short: number } };

export function backorderMessage(backorder: { shortBy: number; leadTimeDays: number }): BackorderMessage {
  return backorder.leadTimeDays > 0
    ? { key: 'backorder', values: { short: backorder.shortBy, days: backorder.leadTimeDays } }
    : { key: 'backorderOpen', values: { short: backorder.shortBy } };
}
