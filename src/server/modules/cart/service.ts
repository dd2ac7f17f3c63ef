import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { CartDto } from '@/contracts/cart';
import type { Db } from '@/server/db/client';
import { preparedPerHandle } from '@/server/db/prepared';
import { brands, cartItems, productPacks, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { byLang, type Lang } from '@/lib/lang';
import { hazardOf } from '@/server/modules/catalog/hazards';
import { approvalPreview } from '@/server/modules/orders/approval-preview';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { centsText } from '@/contracts/quotations';
import { assertCartRoom } from './room';

export interface CartOwner {
  companyId: number;
  userId: number;
}

/** Adds a pack; the same pack again raises its quantity in one atomic statement (no lost update). */
export async function addCartItem(db: Db, owner: CartOwner, params: { packId: number; num: number }): Promise<void> {
  const [pack] = await db
    .select({ productId: productPacks.productId, active: products.active })
    .from(productPacks)
    .innerJoin(products, eq(products.id, productPacks.productId))
    .where(eq(productPacks.id, params.packId))
    .limit(1);
  if (!pack || !pack.active) throw new AppError(404, 'packNotFound');
  await assertCartRoom(db, owner, [params.packId]);
  const [line] = await db
    .insert(cartItems)
    .values({ companyId: owner.companyId, userId: owner.userId, productId: pack.productId, packId: params.packId, num: params.num })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.packId],
      set: { num: sql`least(${cartItems.num} + excluded.num, 9999)`, updatedAt: sql`now()` },
    })
    .returning({ id: cartItems.id });
  if (!line) throw new AppError(500);
}

/** The cart at the buyer's prices (`buyerPrices`); totals are computed here, never taken from the client. */
export async function getCart(db: Db, owner: CartOwner, lang: Lang): Promise<CartDto> {
  const rows = await db
    .select({
      id: cartItems.id, productId: cartItems.productId, packId: cartItems.packId, num: cartItems.num,
      itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, size: productPacks.size,
      stock: productPacks.stock, leadTimeDays: productPacks.leadTimeDays,
      brandZh: brands.nameZh, brandEn: brands.nameEn, grade: products.grade, gradeZh: products.gradeZh, purity: products.purity,
      ghs: products.ghs, controlClass: products.controlClass,
    })
    .from(cartItems)
    .innerJoin(productPacks, eq(productPacks.id, cartItems.packId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(cartItems.companyId, owner.companyId), eq(cartItems.userId, owner.userId)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  // Each line at this buyer's price (ADR 0083): their company's agreement, else the catalogue's.
  const prices = await buyerPrices(db, owner.companyId, rows.map((r) => ({ packId: r.packId, num: r.num })));
  const cents = prices.reduce((sum, p) => sum + BigInt(p.cents) * BigInt(p.num), 0n);
  const approval = rows.length > 0 ? await approvalPreview(db, owner.companyId) : null;
  return {
    // Brand, grade and item number tell apart two lines of the same substance (two brands of 乙醇).
    // The hazards and the approval they will need, before the buyer submits (as the order will say).
    list: rows.map(({ nameZh, nameEn, brandZh, brandEn, grade, gradeZh, ghs, controlClass, ...r }, i) => {
      const hazard = hazardOf({ ghs, controlClass });
      const price = prices[i]!;
      return {
      ...r,
      unitPrice: centsText(price.cents),
      listPrice: centsText(price.listCents),
      breakQty: price.breakQty,
      lineTotal: centsText(price.cents * r.num),
      hazard,
      approval: approval ? approval(hazard) : null,
      name: byLang(lang, { zh: nameZh, en: nameEn }),
      brand: byLang(lang, { zh: brandZh, en: brandEn }),
      grade: lang === 'zh' && gradeZh ? gradeZh : grade,
      };
    }),
    count: rows.length,
    total: `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`,
  };
}

/** Sets a line's quantity; a line of another cart is not found (404), never changed. */
export async function updateCartItem(db: Db, owner: CartOwner, params: { id: number; num: number }): Promise<void> {
  const updated = await db
    .update(cartItems)
    .set({ num: params.num, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, params.id), eq(cartItems.companyId, owner.companyId), eq(cartItems.userId, owner.userId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw new AppError(404, 'cartLineNotFound');
}

const cartCount = preparedPerHandle((db: Db) => db
  .select({ n: count() })
  .from(cartItems)
  .where(and(eq(cartItems.companyId, sql.placeholder('companyId')), eq(cartItems.userId, sql.placeholder('userId'))))
  .prepare('cart_count'));

/** The number of distinct lines in the cart (docs/requirements/account.md#cart). */
export async function countCartItems(db: Db, owner: CartOwner): Promise<number> {
  const [row] = await cartCount(db).execute({ companyId: owner.companyId, userId: owner.userId });
  return Number(row?.n ?? 0);
}

/** Removes the owner's lines among `ids`; ids of other carts are ignored. */
export async function deleteCartItems(db: Db, owner: CartOwner, ids: number[]): Promise<number> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.companyId, owner.companyId), eq(cartItems.userId, owner.userId), inArray(cartItems.id, ids)))
    .returning({ id: cartItems.id });
  return deleted.length;
}

export async function cleanCart(db: Db, owner: CartOwner): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.companyId, owner.companyId), eq(cartItems.userId, owner.userId)));
}
