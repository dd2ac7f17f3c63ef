import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { TOTAL_MAX_CENTS } from '@/contracts/money';
import { isBelowFloor, netCentsOf } from '@/contracts/quotations';
import type { Db } from '@/server/db/client';
import { productPacks, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';

export interface PricedLine {
  productId: number; packId: number; itemNo: string; nameZh: string; nameEn: string; size: string; num: number;
  listCents: number; unitCents: number; netCents: number; lineCents: number; comment: string; belowFloor: boolean;
}

export interface PricedVersion {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  belowFloor: boolean;
}

/** A decimal price text (`12.50`) in integer cents. */
export function centsOf(price: string): number {
  const [whole = '0', frac = ''] = price.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/** The packs of active products, by id, with their list prices in cents and stock. */
export async function loadPacks(db: Db, packIds: number[]) {
  if (!packIds.length) return new Map<number, never>();
  const rows = await db.select({
    packId: productPacks.id, productId: products.id, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn,
    size: productPacks.size, price: productPacks.price, stock: productPacks.stock, active: products.active,
  }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).where(inArray(productPacks.id, packIds));
  return new Map(rows.map((r) => [r.packId, { ...r, listCents: centsOf(r.price) }]));
}

/**
 * Prices a version on the server for the quotation's company: each line's list price and default unit
 * price come from the one price function (`buyerPrices`, ADR 0083: the company's agreement price, else
 * the catalogue's), the net price is the unit price less the version's discount (half-up to the cent),
 * totals are sums of integer cents, and a line whose net price is below the floor of its list price
 * flags the version. A pack that does not exist or whose product is inactive refuses the whole version
 * (400), and so does a line or a subtotal above TOTAL_MAX_CENTS (400 `totalTooLarge` on `lines`): an
 * accepted quotation must fit an order.
 */
export async function priceVersion(
  db: Db, companyId: number | null, lines: { packId: number; num: number; unitCents?: number; comment: string }[], discountBp: number,
): Promise<PricedVersion> {
  const packs = await loadPacks(db, [...new Set(lines.map((l) => l.packId))]);
  const missing = lines.filter((l) => !packs.get(l.packId)?.active).map((l) => l.packId);
  if (missing.length) throw new AppError(400, 'validation', [{ field: 'lines', message: 'quotePackUnavailable' }]);
  const prices = await buyerPrices(db, companyId, lines);
  const priced = lines.map((l, i): PricedLine => {
    const p = packs.get(l.packId)!;
    const { cents: buyerCents, listCents } = prices[i]!;
    const unitCents = l.unitCents ?? buyerCents;
    const netCents = netCentsOf(unitCents, discountBp);
    return {
      productId: p.productId, packId: p.packId, itemNo: p.itemNo, nameZh: p.nameZh, nameEn: p.nameEn, size: p.size, num: l.num,
      listCents, unitCents, netCents, lineCents: netCents * l.num, comment: l.comment, belowFloor: isBelowFloor(netCents, listCents),
    };
  });
  const subtotalCents = priced.reduce((s, l) => s + l.unitCents * l.num, 0);
  const totalCents = priced.reduce((s, l) => s + l.lineCents, 0);
  if (subtotalCents > TOTAL_MAX_CENTS || priced.some((l) => l.unitCents * l.num > TOTAL_MAX_CENTS)) {
    throw new AppError(400, 'validation', [{ field: 'lines', message: 'totalTooLarge' }]);
  }
  return { lines: priced, subtotalCents, discountCents: subtotalCents - totalCents, totalCents, belowFloor: priced.some((l) => l.belowFloor) };
}
