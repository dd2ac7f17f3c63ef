import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { centsToMoney } from '@/contracts/money';
import { LIST_LINES_MAX, type ListDetailDto, type ListLineDto, type ListLineFlag } from '@/contracts/requisition-lists';
import type { Db } from '@/server/db/client';
import { brands, cartItems, orderItems, productPacks, products, requisitionListLines, requisitionLists } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { byLang, type Lang } from '@/lib/lang';
import { findVisibleOrder } from '@/server/modules/orders/queries';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { listSummary, loadList } from './lists';
import type { ListUser } from './rules';

/** The columns of a line with its pack and product as they are today (both may be gone). */
export const lineColumns = {
  id: requisitionListLines.id, productId: requisitionListLines.productId, packId: requisitionListLines.packId, num: requisitionListLines.num,
  note: requisitionListLines.note, itemNo: requisitionListLines.itemNo, nameZh: requisitionListLines.nameZh, nameEn: requisitionListLines.nameEn,
  sizeAdded: requisitionListLines.sizeAdded, priceAdded: requisitionListLines.priceAdded, addedAt: requisitionListLines.addedAt,
  size: productPacks.size, price: productPacks.price, stock: productPacks.stock, leadTimeDays: productPacks.leadTimeDays,
  active: products.active, brandZh: brands.nameZh, brandEn: brands.nameEn,
};

export function lineQuery(db: Db) {
  return db
    .select(lineColumns)
    .from(requisitionListLines)
    .leftJoin(productPacks, eq(productPacks.id, requisitionListLines.packId))
    .leftJoin(products, eq(products.id, requisitionListLines.productId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}
type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['where']>>[number];

/** What has happened to a line's pack since it was added. */
export function flagsOf(r: Pick<LineRow, 'packId' | 'active' | 'size' | 'price' | 'sizeAdded' | 'priceAdded'>): ListLineFlag[] {
  const flags: ListLineFlag[] = [];
  if (r.active === false || r.active === null) flags.push('withdrawn');
  if (r.packId === null || r.size === null) flags.push('packRemoved');
  else {
    if (r.size !== r.sizeAdded) flags.push('sizeChanged');
    if (r.price !== null && r.price !== r.priceAdded) flags.push('priceChanged');
  }
  return flags;
}

/** Lines as the buyer sees them: the buyer's own price today (buyerPrices), stock, lead time and flags. */
export async function lineDtos(db: Db, user: ListUser, rows: LineRow[], lang: Lang): Promise<ListLineDto[]> {
  const priced = await buyerPrices(db, user.companyId, rows.flatMap((r) => (r.packId !== null && r.size !== null ? [{ packId: r.packId, num: r.num }] : [])));
  const priceOf = new Map(priced.map((p) => [p.packId, p]));
  return rows.map((r) => {
    const flags = flagsOf(r);
    const p = r.packId !== null ? priceOf.get(r.packId) : undefined;
    const available = !flags.includes('withdrawn') && !flags.includes('packRemoved');
    return {
      id: r.id, productId: r.productId, packId: r.packId, num: r.num, note: r.note, itemNo: r.itemNo,
      name: byLang(lang, { zh: r.nameZh, en: r.nameEn }), brand: r.brandZh !== null && r.brandEn !== null ? byLang(lang, { zh: r.brandZh, en: r.brandEn }) : '',
      size: r.size ?? r.sizeAdded, sizeAdded: r.sizeAdded, priceAdded: r.priceAdded,
      price: p && available ? centsToMoney(p.cents) : null,
      listPrice: p && available && p.listCents !== p.cents ? centsToMoney(p.listCents) : null,
      stock: r.stock, leadTimeDays: r.leadTimeDays, flags, available, addedAt: r.addedAt.toISOString(),
    };
  });
}

/** One page of a list's lines (numbered pages), in the list's order. */
export async function readList(db: Db, user: ListUser, params: { id: number; page: number; pageSize: number }, lang: Lang): Promise<ListDetailDto> {
  await loadList(db, user, params.id, 'view');
  const [counted] = await db.select({ n: count() }).from(requisitionListLines).where(eq(requisitionListLines.listId, params.id));
  const total = Number(counted?.n ?? 0);
  const rows = await lineQuery(db)
    .where(eq(requisitionListLines.listId, params.id))
    .orderBy(asc(requisitionListLines.sort), asc(requisitionListLines.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return { list: await listSummary(db, user, params.id), lines: await lineDtos(db, user, rows, lang), total, page: params.page, pageSize: params.pageSize };
}

type Wanted = { packId: number; num: number; note?: string };

/** The lines an addition brings: the packs given, the user's cart, or one of the orders they may see. */
async function wantedLines(db: Db, user: ListUser, params: { source: 'packs' | 'cart' | 'order'; lines?: Wanted[]; orderId?: number }): Promise<Wanted[]> {
  if (params.source === 'packs') return params.lines ?? [];
  if (params.source === 'cart') {
    const rows = await db.select({ packId: cartItems.packId, num: cartItems.num }).from(cartItems)
      .where(and(eq(cartItems.companyId, user.companyId), eq(cartItems.userId, user.userId))).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    if (rows.length === 0) throw new AppError(400, 'listCartEmpty', [{ field: 'source', message: 'listCartEmpty' }]);
    return rows;
  }
  await findVisibleOrder(db, { ...user, name: '' }, params.orderId ?? 0);
  return db.select({ packId: orderItems.packId, num: orderItems.num }).from(orderItems)
    .where(and(eq(orderItems.orderId, params.orderId ?? 0), eq(orderItems.companyId, user.companyId))).orderBy(asc(orderItems.id));
}

/**
 * Adds packs to a list: the same pack again raises its quantity (capped at 9999), a new pack is kept with
 * its size and price of today. Packs given by id must exist on an active product (400 naming the line);
 * from the cart or an order, the ones that cannot be bought any more are left out. A list holds at most
 * 500 lines (409). One transaction, the list's row locked.
 */
export async function addLines(db: Db, user: ListUser, params: { id: number; source: 'packs' | 'cart' | 'order'; lines?: Wanted[]; orderId?: number }): Promise<{ added: number; raised: number; lineCount: number }> {
  await loadList(db, user, params.id, 'lines');
  const wanted = await wantedLines(db, user, params);
  const packIds = [...new Set(wanted.map((w) => w.packId))];
  const packs = packIds.length === 0 ? [] : await db
    .select({ id: productPacks.id, productId: productPacks.productId, size: productPacks.size, price: productPacks.price, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn })
    .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(inArray(productPacks.id, packIds), eq(products.active, true)));
  const packOf = new Map(packs.map((p) => [p.id, p]));
  if (params.source === 'packs') {
    const missing = wanted.findIndex((w) => !packOf.has(w.packId));
    if (missing >= 0) throw new AppError(400, 'packNotFound', [{ field: `lines.${missing}.packId`, message: 'packNotFound' }]);
  }
  // The same pack twice in one addition: one line, the quantities summed.
  const merged = new Map<number, Wanted>();
  for (const w of wanted) {
    if (!packOf.has(w.packId)) continue;
    const known = merged.get(w.packId);
    merged.set(w.packId, known ? { ...known, num: Math.min(9999, known.num + w.num) } : { ...w });
  }
  return db.transaction(async (tx) => {
    await loadList(tx, user, params.id, 'lines', true);
    const existing = await tx.select({ packId: requisitionListLines.packId, sort: requisitionListLines.sort }).from(requisitionListLines).where(eq(requisitionListLines.listId, params.id));
    const inList = new Set(existing.map((e) => e.packId));
    const fresh = [...merged.values()].filter((w) => !inList.has(w.packId));
    if (existing.length + fresh.length > LIST_LINES_MAX) throw new AppError(409, 'listFull');
    let sort = existing.reduce((m, e) => Math.max(m, e.sort), 0);
    for (const w of merged.values()) {
      const p = packOf.get(w.packId)!;
      if (!inList.has(w.packId)) sort += 10;
      await tx.insert(requisitionListLines)
        .values({ listId: params.id, productId: p.productId, packId: p.id, num: w.num, note: w.note ?? '', sort, itemNo: p.itemNo, nameZh: p.nameZh, nameEn: p.nameEn, sizeAdded: p.size, priceAdded: p.price })
        .onConflictDoUpdate({ target: [requisitionListLines.listId, requisitionListLines.packId], set: { num: sql`least(${requisitionListLines.num} + excluded.num, 9999)` } });
    }
    await tx.update(requisitionLists).set({ updatedAt: sql`now()` }).where(eq(requisitionLists.id, params.id));
    return { added: fresh.length, raised: merged.size - fresh.length, lineCount: existing.length + fresh.length };
  });
}

/** Sets a line's quantity or note; a line of another list is not found. */
export async function updateLine(db: Db, user: ListUser, params: { id: number; lineId: number; num?: number; note?: string }, lang: Lang): Promise<ListLineDto> {
  await loadList(db, user, params.id, 'lines');
  const changed = await db.update(requisitionListLines)
    .set({ ...(params.num !== undefined ? { num: params.num } : {}), ...(params.note !== undefined ? { note: params.note } : {}) })
    .where(and(eq(requisitionListLines.id, params.lineId), eq(requisitionListLines.listId, params.id)))
    .returning({ id: requisitionListLines.id });
  if (changed.length === 0) throw new AppError(404, 'listLineNotFound');
  await db.update(requisitionLists).set({ updatedAt: sql`now()` }).where(eq(requisitionLists.id, params.id));
  const [row] = await lineQuery(db).where(eq(requisitionListLines.id, params.lineId));
  const [dto] = await lineDtos(db, user, row ? [row] : [], lang);
  if (!dto) throw new AppError(404, 'listLineNotFound');
  return dto;
}

/** Removes lines of the list; ids of other lists are ignored. */
export async function removeLines(db: Db, user: ListUser, params: { id: number; lineIds: number[] }): Promise<{ removed: number; lineCount: number }> {
  await loadList(db, user, params.id, 'lines');
  const removed = await db.delete(requisitionListLines)
    .where(and(eq(requisitionListLines.listId, params.id), inArray(requisitionListLines.id, params.lineIds)))
    .returning({ id: requisitionListLines.id });
  await db.update(requisitionLists).set({ updatedAt: sql`now()` }).where(eq(requisitionLists.id, params.id));
  const [n] = await db.select({ n: count() }).from(requisitionListLines).where(eq(requisitionListLines.listId, params.id));
  return { removed: removed.length, lineCount: Number(n?.n ?? 0) };
}
