import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DeliveryChoiceDto, DeliveryMethodDto } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { addresses, products, quotationLines, quotationVersions } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { isHazardous } from '@/server/modules/catalog/hazards';
import { pricedDeliveryOptions } from '@/server/modules/orders/totals';

/**
 * The delivery options of a quotation's version as its order would have them (ADR 0065): the goods at
 * the quoted net prices, each line's hazard and shipping condition — the checkout's function and fees.
 */
export async function quotationDelivery(db: Db, quotationId: number, version: number): Promise<DeliveryChoiceDto[]> {
  const lines = await db
    .select({ num: quotationLines.num, netCents: quotationLines.netCents, ghs: products.ghs, shipping: products.shipping })
    .from(quotationLines)
    .innerJoin(quotationVersions, eq(quotationVersions.id, quotationLines.versionId))
    .leftJoin(products, eq(products.id, quotationLines.productId))
    .where(and(eq(quotationVersions.quotationId, quotationId), eq(quotationVersions.version, version)));
  return pricedDeliveryOptions({
    subtotal: lines.reduce((sum, l) => sum + BigInt(l.netCents) * BigInt(l.num), 0n),
    lines: lines.map((l) => ({ hazardous: isHazardous(l.ghs ?? null), shipping: l.shipping ?? 'ambient' })),
  });
}

/**
 * Refuses an acceptance whose order could not be made as asked, before the quotation changes: an address
 * not of the company (`addressNotFound`), a delivery the goods cannot take (`deliveryUnavailable`: next-day
 * air for a hazardous line). Each error names its field, as the checkout's do.
 */
export async function assertAcceptable(
  tx: Db, companyId: number, quotation: { id: number; version: number }, input: { addressId: number; deliveryMethod: DeliveryMethodDto },
): Promise<void> {
  const [address] = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.id, input.addressId), eq(addresses.companyId, companyId)));
  if (!address) throw new AppError(400, 'addressNotFound', [{ field: 'addressId', message: 'addressNotFound' }]);
  const chosen = (await quotationDelivery(tx, quotation.id, quotation.version)).find((o) => o.method === input.deliveryMethod);
  if (!chosen || chosen.unavailable) {
    throw new AppError(400, 'deliveryUnavailable', [{ field: 'deliveryMethod', message: chosen?.unavailable ?? 'deliveryUnavailable' }]);
  }
}
