import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import { CART_LINES_MAX } from '@/contracts/cart';
import type { Db } from '@/server/db/client';
import { isAnyOf, preparedPerHandle } from '@/server/db/prepared';
import { cartItems } from '@/server/db/schema';
import { AppError } from '@/server/errors';

/**
 * The lines a cart would hold after adding `adding` distinct packs, `present` of which it already holds
 * (they only gain quantity).
 */
export function linesAfter(cart: { lines: number; present: number }, adding: number): number {
  return cart.lines + adding - cart.present;
}

const linesAndPresent = preparedPerHandle((db: Db) => db
  .select({ lines: count(), present: sql<number>`count(*) filter (where ${isAnyOf(cartItems.packId, 'packIds')})`.mapWith(Number) })
  .from(cartItems)
  .where(and(eq(cartItems.companyId, sql.placeholder('companyId')), eq(cartItems.userId, sql.placeholder('userId'))))
  .prepare('cart_room'));

/**
 * The one rule for room in a cart (ADR 0099), asked by every way of adding to one (a pack, quick order,
 * a reorder, a requisition list, a reorder suggestion): after adding `packIds` the owner's cart holds at
 * most `CART_LINES_MAX` lines, or nothing is added and the buyer reads why (400 `cartFull`). Asked just
 * before the write, in its transaction where there is one; two adds of the same buyer at the same moment
 * may both pass, going over by at most their own lines.
 */
export async function assertCartRoom(db: Db, owner: { companyId: number; userId: number }, packIds: readonly number[]): Promise<void> {
  const distinct = [...new Set(packIds)];
  if (distinct.length === 0) return;
  const [row] = await linesAndPresent(db).execute({ companyId: owner.companyId, userId: owner.userId, packIds: distinct });
  if (linesAfter({ lines: Number(row?.lines ?? 0), present: Number(row?.present ?? 0) }, distinct.length) > CART_LINES_MAX) {
    throw new AppError(400, 'cartFull', { max: CART_LINES_MAX });
  }
}
