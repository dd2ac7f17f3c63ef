import { backorderMessage, lineAvailability, type BackorderMessage } from '@/lib/availability';

/** What a cart line says of its stock, by the one availability rule: in stock, or the backorder and its lead time. */
export type CartLineStock = { kind: 'inStock'; stock: number } | ({ kind: 'backorder' } & BackorderMessage);

export function cartLineStock(line: { stock: number; leadTimeDays: number; num: number }): CartLineStock {
  const a = lineAvailability(line, line.num);
  return a.kind === 'inStock' ? { kind: 'inStock', stock: line.stock } : { kind: 'backorder', ...backorderMessage(a) };
}
