import 'server-only';
import { inArray } from 'drizzle-orm';
import type { CartDto } from '@/contracts/cart';
import type { DeliveryChoiceDto } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { deliveryOptions, type DeliveryBasis } from './delivery';
import { centsText, GOODS_VAT_PERCENT, orderMoney, toCents } from './money';
import { isHazardous } from '@/server/modules/catalog/hazards';

export interface CheckoutSummary {
  /** Each line at the buyer's price (`unitPrice`, ADR 0083) beside the catalogue's (`listPrice`). */
  lines: { id: number; itemNo: string; name: string; size: string; num: number; unitPrice: string; listPrice: string; lineTotal: string }[];
  lineCount: number;
  subtotal: string;
  taxRate: number;
  /** Each delivery option with its fee and the order's total and included tax with it, computed here. */
  delivery: DeliveryChoiceDto[];
}

/**
 * The checkout's lines and money from the server-priced cart: goods include VAT (13 %), the invoice
 * type changes nothing here (ADR 0065); the delivery options depend on the lines' hazards and shipping.
 */
export async function checkoutSummary(db: Db, cart: CartDto): Promise<CheckoutSummary> {
  const subtotal = toCents(cart.total);
  const ids = [...new Set(cart.list.map((l) => l.productId))];
  const facts = ids.length === 0 ? [] : await db
    .select({ id: products.id, ghs: products.ghs, shipping: products.shipping })
    .from(products)
    .where(inArray(products.id, ids));
  const factOf = new Map(facts.map((f) => [f.id, f]));
  const delivery = pricedDeliveryOptions({
    subtotal,
    lines: cart.list.map((l) => ({ hazardous: isHazardous(factOf.get(l.productId)?.ghs ?? null), shipping: factOf.get(l.productId)?.shipping ?? 'ambient' })),
  });
  return {
    lines: cart.list.map((l) => ({ id: l.id, itemNo: l.itemNo, name: l.name, size: l.size, num: l.num, unitPrice: l.unitPrice, listPrice: l.listPrice, lineTotal: l.lineTotal })),
    lineCount: cart.count,
    subtotal: cart.total,
    taxRate: Number(GOODS_VAT_PERCENT),
    delivery,
  };
}

/**
 * The delivery options of goods (ADR 0065) with each one's fee and the order's total and included tax,
 * for the checkout and a quotation's acceptance alike; the order's submission prices the chosen one the same way.
 */
export function pricedDeliveryOptions(basis: DeliveryBasis): DeliveryChoiceDto[] {
  return deliveryOptions(basis).map((o) => {
    const money = orderMoney({ subtotal: basis.subtotal, deliveryFee: o.fee, taxIncluded: true, percent: GOODS_VAT_PERCENT });
    return { method: o.method, fee: centsText(o.fee), unavailable: o.unavailable, tax: centsText(money.tax), total: centsText(money.total) };
  });
}
