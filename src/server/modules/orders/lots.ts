import 'server-only';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { productDocuments, productLots } from '@/server/db/schema';
import { documentUrl } from '@/server/modules/content/documents';

/** A lot of a pack that can be allocated: in stock and not expired. */
export interface AllocatableLot { packId: number; lotNo: string; quantity: number }

/**
 * The lot a line of `num` units gets from its pack's allocatable lots, which come soonest expiry (or
 * retest) first: the first that holds the whole quantity, else the first (the rest follows from the
 * next lots or as a backorder). Null when the pack holds no allocatable lot.
 */
export function pickLot(lots: readonly AllocatableLot[], packId: number, num: number): string | null {
  const own = lots.filter((l) => l.packId === packId);
  return (own.find((l) => l.quantity >= num) ?? own[0])?.lotNo ?? null;
}

/** The allocatable lots of these packs (quantity above 0, not expired on today's date in China), soonest first. */
export async function allocatableLots(db: Db, packIds: readonly number[]): Promise<AllocatableLot[]> {
  if (packIds.length === 0) return [];
  const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
  return db
    .select({ packId: productLots.packId, lotNo: productLots.lotNo, quantity: productLots.quantity })
    .from(productLots)
    .where(and(
      inArray(productLots.packId, [...new Set(packIds)]), gt(productLots.quantity, 0),
      or(isNull(productLots.expiresOn), sql`${productLots.expiresOn} >= ${today}`),
    ))
    .orderBy(asc(productLots.packId), sql`coalesce(${productLots.expiresOn}, ${productLots.retestOn}) asc nulls last`, asc(productLots.lotNo));
}

/** The lot of each line (by position), allocated from its own pack's lots. */
export async function allocateLots(db: Db, lines: readonly { packId: number; num: number }[]): Promise<(string | null)[]> {
  const lots = await allocatableLots(db, lines.map((l) => l.packId));
  return lines.map((l) => pickLot(lots, l.packId, l.num));
}

/** The current COA of each (product, lot) asked for, as a download address; keyed `productId:lotNo`. */
export async function coaUrls(db: Db, wanted: readonly { productId: number; lotNo: string }[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  if (wanted.length === 0) return urls;
  const rows = await db
    .select({ id: productDocuments.id, productId: productDocuments.productId, lotNo: productDocuments.lotNo })
    .from(productDocuments)
    .where(and(
      inArray(productDocuments.productId, [...new Set(wanted.map((w) => w.productId))]),
      inArray(productDocuments.lotNo, [...new Set(wanted.map((w) => w.lotNo))]),
      eq(productDocuments.kind, 'coa'), eq(productDocuments.state, 'current'), isNull(productDocuments.missingSince),
    ))
    .orderBy(asc(productDocuments.id));
  for (const r of rows) if (r.lotNo) urls.set(`${r.productId}:${r.lotNo}`, documentUrl(r.id));
  return urls;
}
