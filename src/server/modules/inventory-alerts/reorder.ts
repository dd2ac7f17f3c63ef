import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ReorderInput, ReorderResultDto } from '@/contracts/inventory-alerts';
import type { Db } from '@/server/db/client';
import { inventoryContainers, productPacks, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { addCartItem } from '@/server/modules/cart/service';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { addLines } from '@/server/modules/requisition-lists/lines';
import { listLists } from '@/server/modules/requisition-lists/lists';
import { bestOffer, type PackOffer } from './best-pack';
import { mayReorder, type ShelfUser } from './rules';

/** The pack a container reorders: its own if still sold, else the best pack of its substance (or product) at the buyer's price. */
export async function reorderPack(db: Db, user: ShelfUser, containerId: number, at = new Date()): Promise<PackOffer & { samePack: boolean }> {
  const [container] = await db
    .select({ companyId: inventoryContainers.companyId, packId: inventoryContainers.packId, productId: inventoryContainers.productId, substanceId: inventoryContainers.substanceId })
    .from(inventoryContainers)
    .where(and(eq(inventoryContainers.id, containerId), eq(inventoryContainers.companyId, user.companyId)));
  if (!container) throw new AppError(404, 'inventoryReorderContainerNotFound');
  if (!mayReorder(user, container)) throw new AppError(403);
  const columns = { packId: productPacks.id, productId: products.id, itemNo: products.itemNo, size: productPacks.size, density: products.density };
  const offers = container.substanceId !== null
    ? await db.select(columns).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
      .where(and(eq(products.substanceId, container.substanceId), eq(products.active, true)))
    : container.productId !== null
      ? await db.select(columns).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
        .where(and(eq(products.id, container.productId), eq(products.active, true)))
      : [];
  if (offers.length === 0) throw new AppError(409, 'inventoryReorderNoPack');
  const prices = await buyerPrices(db, user.companyId, offers.map((o) => ({ packId: o.packId, num: 1 })), at);
  const centsOf = new Map(prices.map((p) => [p.packId, p.cents]));
  const priced = offers.map((o) => ({ ...o, cents: centsOf.get(o.packId) ?? Number.MAX_SAFE_INTEGER }));
  const same = priced.find((o) => o.packId === container.packId);
  if (same) return { ...same, samePack: true };
  return { ...bestOffer(priced)!, samePack: false };
}

/** Puts the container's best pack (one unit) into the buyer's cart or one of their requisition lists. */
export async function reorderContainer(db: Db, user: ShelfUser, input: ReorderInput): Promise<ReorderResultDto> {
  const pack = await reorderPack(db, user, input.id);
  if (input.target === 'cart') await addCartItem(db, { companyId: user.companyId, userId: user.userId }, { packId: pack.packId, num: 1 });
  else await addLines(db, user, { id: input.listId!, source: 'packs', lines: [{ packId: pack.packId, num: 1 }] });
  return {
    target: input.target, listId: input.target === 'list' ? input.listId! : null, packId: pack.packId, productId: pack.productId,
    itemNo: pack.itemNo, size: pack.size, price: (pack.cents / 100).toFixed(2), samePack: pack.samePack,
  };
}

/** The requisition lists the user may add lines to (the lists' own rule), for the reorder dialog. */
export async function editableLists(db: Db, user: ShelfUser): Promise<{ id: number; name: string }[]> {
  return (await listLists(db, user)).filter((l) => l.canEdit).map((l) => ({ id: l.id, name: l.name }));
}
