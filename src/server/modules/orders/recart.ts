import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { RecartDto } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { cartItems, orderItems, productPacks, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { fillTemplate } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import type { Lang } from '@/lib/lang';
import type { OrderActor } from './access';
import { findVisibleOrder } from './queries';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { centsText } from '@/contracts/quotations';
import { assertCartRoom } from '@/server/modules/cart/room';

/**
 * Adds packs to the actor's cart in one transaction (the same pack again raises its quantity, at most
 * 9,999), if the cart has room for them (`assertCartRoom`).
 */
export async function addPacksToCart(tx: Db, actor: OrderActor, lines: readonly { productId: number; packId: number; num: number }[]): Promise<void> {
  await assertCartRoom(tx, actor, lines.map((l) => l.packId));
  for (const line of lines) {
    await tx
      .insert(cartItems)
      .values({ companyId: actor.companyId, userId: actor.userId, productId: line.productId, packId: line.packId, num: line.num })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.packId],
        set: { num: sql`least(${cartItems.num} + excluded.num, 9999)`, updatedAt: sql`now()` },
      });
  }
}

async function cartCount(tx: Db, actor: OrderActor): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(cartItems).where(and(eq(cartItems.companyId, actor.companyId), eq(cartItems.userId, actor.userId)));
  return Number(row?.n ?? 0);
}

/**
 * Puts an order's packs back in the cart at today's prices (reorder, and "back to the cart" for a
 * rejected order). Packs no longer sold are left out with a note; a changed price is noted.
 */
export async function recartOrder(db: Db, actor: OrderActor, orderId: number, lang: Lang): Promise<RecartDto> {
  const { order } = await findVisibleOrder(db, actor, orderId);
  const t = serverMessages(lang).orders.recart;
  return db.transaction(async (tx) => {
    const lines = await tx
      .select({
        itemNo: orderItems.itemNo, size: orderItems.size, num: orderItems.num, unitPrice: orderItems.unitPrice, packId: orderItems.packId,
        productId: products.id, price: productPacks.price, active: products.active,
      })
      .from(orderItems)
      .leftJoin(productPacks, eq(productPacks.id, orderItems.packId))
      .leftJoin(products, eq(products.id, productPacks.productId))
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.companyId, actor.companyId)))
      .orderBy(asc(orderItems.id));
    const notes: RecartDto['notes'] = [];
    const available: { productId: number; packId: number; num: number }[] = [];
    // Today's price is the buyer's own (ADR 0083): their agreement's, else the catalogue's.
    const prices = await buyerPrices(tx, actor.companyId, lines.filter((l) => l.price !== null).map((l) => ({ packId: l.packId, num: l.num })));
    const todayOf = new Map(prices.map((p) => [`${p.packId}:${p.num}`, centsText(p.cents)]));
    for (const line of lines) {
      if (line.productId === null || line.price === null || !line.active) {
        notes.push({ itemNo: line.itemNo, size: line.size, kind: 'gone', text: fillTemplate(t.gone, { item: line.itemNo, size: line.size }) });
        continue;
      }
      const today = todayOf.get(`${line.packId}:${line.num}`) ?? line.price;
      if (today !== line.unitPrice) {
        notes.push({
          itemNo: line.itemNo, size: line.size, kind: 'priceChanged',
          text: fillTemplate(t.priceChanged, { item: line.itemNo, size: line.size, from: line.unitPrice, to: today }),
        });
      }
      available.push({ productId: line.productId, packId: line.packId, num: line.num });
    }
    await addPacksToCart(tx, actor, available);
    return { added: available.length, notes, count: await cartCount(tx, actor) };
  });
}

/** Quick order's last step: the resolved lines go to the cart together (all or none). */
export async function addQuickLines(db: Db, actor: OrderActor, lines: readonly { packId: number; num: number }[]): Promise<{ added: number; count: number }> {
  return db.transaction(async (tx) => {
    const packs = await tx
      .select({ packId: productPacks.id, productId: products.id, active: products.active })
      .from(productPacks)
      .innerJoin(products, eq(products.id, productPacks.productId))
      .where(inArray(productPacks.id, lines.map((l) => l.packId)));
    const resolved = lines.map((l) => {
      const pack = packs.find((p) => p.packId === l.packId);
      return pack && pack.active ? { productId: pack.productId, packId: l.packId, num: l.num } : null;
    });
    if (resolved.some((r) => r === null)) throw new AppError(404, 'packNotFound');
    await addPacksToCart(tx, actor, resolved as { productId: number; packId: number; num: number }[]);
    return { added: resolved.length, count: await cartCount(tx, actor) };
  });
}
