import 'server-only';
import { and, asc, eq, gt, inArray, isNull, not, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { orderAllocations, orderItems, orders, productLots, productPacks } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { businessNowSql } from '@/server/business-time';
import { transitionOrder, type TransitionResult } from './transition';

/** A lot as the planner reads it: its units not yet allocated and its dates (ISO days). */
export interface PlanLot { id: number; packId: number; lotNo: string; quantity: number; expiresOn: string | null; retestOn: string | null }
/** A line's units still to allocate, in the order lines are served (the order's line order). */
export interface PlanLine { itemId: number; packId: number; need: number }
export interface PlannedLine { itemId: number; takes: { lotId: number; lotNo: string; quantity: number }[]; short: number }

/** First expiring first: the expiry (or, for a lot without one, the retest day) soonest, undated last, then by lot number. */
export function fefoCompare(a: PlanLot, b: PlanLot): number {
  const da = a.expiresOn ?? a.retestOn;
  const db = b.expiresOn ?? b.retestOn;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da < db ? -1 : 1;
  }
  if (a.lotNo !== b.lotNo) return a.lotNo < b.lotNo ? -1 : 1;
  return a.id - b.id;
}

/** Whether a lot is past its use-by day on `today` (a lot is usable through its expiry day). */
export const lotExpired = (lot: Pick<PlanLot, 'expiresOn'>, today: string): boolean => lot.expiresOn !== null && lot.expiresOn < today;

/**
 * The FEFO plan (ADR 0074): each line, in turn, takes its units from its own pack's lots, first expiring
 * first, never from a lot expired on `today`, never more than a lot holds; what the lots lack is the
 * line's shortfall (its backorder). Pure: the lots passed are not changed.
 */
export function planAllocation(lots: readonly PlanLot[], lines: readonly PlanLine[], today: string): PlannedLine[] {
  const left = new Map(lots.map((l) => [l.id, Math.max(0, l.quantity)]));
  const usable = lots.filter((l) => !lotExpired(l, today)).sort(fefoCompare);
  return lines.map((line) => {
    let need = Math.max(0, line.need);
    const takes: PlannedLine['takes'] = [];
    for (const lot of usable) {
      if (need === 0) break;
      if (lot.packId !== line.packId) continue;
      const quantity = Math.min(need, left.get(lot.id) ?? 0);
      if (quantity === 0) continue;
      left.set(lot.id, (left.get(lot.id) ?? 0) - quantity);
      takes.push({ lotId: lot.id, lotNo: lot.lotNo, quantity });
      need -= quantity;
    }
    return { itemId: line.itemId, takes, short: need };
  });
}

export interface AllocationActor { userId: number | null; name: string }

export interface AllocationResult extends TransitionResult {
  /** Units allocated by this call, and the units the order's live lines still lack. */
  allocated: number;
  backordered: number;
}

const todaySql = () => sql`(${businessNowSql()})::date`;

/** The order's live lines with the units they hold already; the order must be the company's, placed and not held. */
async function linesToServe(tx: Db, orderId: number, companyId: number) {
  const [order] = await tx
    .select({ status: orders.status, fulfilment: orders.fulfilment })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .for('update');
  if (!order) throw new AppError(404, 'orderNotFound');
  if (order.status !== 'placed' || ['held', 'shipped', 'delivered'].includes(order.fulfilment)) {
    throw new AppError(409, 'orderStateChanged', { status: order.status, fulfilment: order.fulfilment });
  }
  return rowsOf<{ id: number; pack_id: number; num: number; lead_time_days: number; allocated: number }>(await tx.execute(sql`
    select i.id, i.pack_id, i.num, i.lead_time_days,
      coalesce((select sum(a.quantity) from ${orderAllocations} a where a.order_item_id = i.id), 0)::int as allocated
    from ${orderItems} i where i.order_id = ${orderId} and i.company_id = ${companyId} and not i.cancelled order by i.id`))
    .map((r) => ({ id: Number(r.id), packId: Number(r.pack_id), num: Number(r.num), leadTimeDays: Number(r.lead_time_days), allocated: Number(r.allocated) }));
}

/**
 * Sets each line's backorder (what its allocations lack), its lead time while it waits (the line's own, else
 * its pack's) and its lot (its COA link): the first expiring of the lots it holds, none when it holds none.
 */
export async function refreshLines(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`
    update ${orderItems} i set
      backorder_qty = greatest(0, i.num - coalesce(s.allocated, 0)),
      lead_time_days = case when i.num - coalesce(s.allocated, 0) > 0
        then case when i.lead_time_days > 0 then i.lead_time_days else coalesce((select k.lead_time_days from ${productPacks} k where k.id = i.pack_id), 0) end
        else 0 end,
      lot_no = coalesce((
        select a.lot_no from ${orderAllocations} a join ${productLots} l on l.id = a.lot_id
        where a.order_item_id = i.id order by coalesce(l.expires_on, l.retest_on) asc nulls last, l.lot_no, l.id limit 1
      ), case when i.cancelled then i.lot_no end)
    from (select i2.id, (select sum(a.quantity) from ${orderAllocations} a where a.order_item_id = i2.id)::int as allocated
          from ${orderItems} i2 where i2.order_id = ${orderId}) s
    where i.id = s.id and i.order_id = ${orderId} and not i.cancelled`);
}

/**
 * Allocates what the order's live lines still lack (ADR 0074), in the caller's transaction: the packs' usable
 * lots (in stock, not expired on China's date) are locked in lot-id order (so that parallel allocations wait
 * for one another instead of deadlocking), planned first expiring first, taken from `product_lots.quantity`
 * and written as `order_allocations`; the lines' backorders and lots follow, and the fulfilment state is read
 * again from the rows (`transitionOrder` 'fulfil', with the units allocated when there are any, so that an
 * allocation that leaves the state as it was is on the timeline all the same). Used when an order is placed, when finance releases a
 * held one, and when staff allocate a backordered order again.
 */
export async function allocateOrder(tx: Db, params: { orderId: number; companyId: number; actor: AllocationActor }): Promise<AllocationResult> {
  const lines = await linesToServe(tx, params.orderId, params.companyId);
  const wanted = lines.filter((l) => l.num > l.allocated);
  let allocated = 0;
  if (wanted.length > 0) {
    const lots = await tx
      .select({
        id: productLots.id, packId: productLots.packId, lotNo: productLots.lotNo, quantity: productLots.quantity,
        expiresOn: productLots.expiresOn, retestOn: productLots.retestOn,
      })
      .from(productLots)
      .where(and(
        inArray(productLots.packId, [...new Set(wanted.map((l) => l.packId))]), gt(productLots.quantity, 0),
        or(isNull(productLots.expiresOn), sql`${productLots.expiresOn} >= ${todaySql()}`),
      ))
      .orderBy(asc(productLots.id))
      .for('update');
    const [day] = rowsOf<{ today: string }>(await tx.execute(sql`select to_char(${todaySql()}, 'YYYY-MM-DD') as today`));
    const plan = planAllocation(lots, wanted.map((l) => ({ itemId: l.id, packId: l.packId, need: l.num - l.allocated })), day?.today ?? '');
    const byLine = new Map(wanted.map((l) => [l.id, l]));
    for (const line of plan) {
      for (const take of line.takes) {
        const pack = byLine.get(line.itemId)!.packId;
        const taken = await tx
          .update(productLots)
          .set({ quantity: sql`${productLots.quantity} - ${take.quantity}`, updatedAt: sql`now()` })
          .where(and(eq(productLots.id, take.lotId), sql`${productLots.quantity} >= ${take.quantity}`))
          .returning({ id: productLots.id });
        if (taken.length === 0) throw new AppError(409, 'orderStateChanged');
        await tx
          .insert(orderAllocations)
          .values({ orderId: params.orderId, orderItemId: line.itemId, companyId: params.companyId, packId: pack, lotId: take.lotId, lotNo: take.lotNo, quantity: take.quantity })
          .onConflictDoUpdate({
            target: [orderAllocations.orderItemId, orderAllocations.lotId],
            set: { quantity: sql`${orderAllocations.quantity} + excluded.quantity`, updatedAt: sql`now()` },
          });
        allocated += take.quantity;
      }
    }
  }
  await refreshLines(tx, params.orderId);
  const moved = await transitionOrder(tx, {
    orderId: params.orderId, companyId: params.companyId, action: 'fulfil', actor: params.actor, ...(allocated > 0 ? { data: { allocated } } : {}),
  });
  const missing = lines.reduce((sum, l) => sum + l.num - l.allocated, 0) - allocated;
  return { ...moved, allocated, backordered: missing };
}

/** Gives an allocation's unshipped units (or `quantity` of them) back to its lot; deletes the row when nothing of it is left. */
export async function releaseAllocation(tx: Db, allocation: { id: number; lotId: number; quantity: number; shipped: number }, quantity?: number): Promise<number> {
  const give = quantity ?? allocation.quantity - allocation.shipped;
  if (give <= 0) return 0;
  if (give > allocation.quantity - allocation.shipped) throw new AppError(409, 'allocationShipped');
  await tx.update(productLots).set({ quantity: sql`${productLots.quantity} + ${give}`, updatedAt: sql`now()` }).where(eq(productLots.id, allocation.lotId));
  if (give === allocation.quantity) {
    await tx.delete(orderAllocations).where(eq(orderAllocations.id, allocation.id));
  } else {
    await tx.update(orderAllocations).set({ quantity: sql`${orderAllocations.quantity} - ${give}`, updatedAt: sql`now()` }).where(eq(orderAllocations.id, allocation.id));
  }
  return give;
}

/**
 * The allocations of an order (or one of its lines), locked: first the rows of their lots and of `alsoLots`
 * in one statement in lot-id order (as allocation locks them, so that no two writers wait for each other in
 * opposite orders), then the allocation rows.
 */
export async function lockAllocations(tx: Db, orderId: number, itemId?: number, alsoLots: readonly number[] = []) {
  const where = and(eq(orderAllocations.orderId, orderId), itemId === undefined ? undefined : eq(orderAllocations.orderItemId, itemId));
  const seen = await tx.select({ lotId: orderAllocations.lotId }).from(orderAllocations).where(where);
  const lotIds = [...new Set([...seen.map((r) => r.lotId), ...alsoLots])];
  if (lotIds.length > 0) await tx.select({ id: productLots.id }).from(productLots).where(inArray(productLots.id, lotIds)).orderBy(asc(productLots.id)).for('update');
  return tx.select().from(orderAllocations).where(where).orderBy(asc(orderAllocations.lotId)).for('update');
}

/** Live lines of the order (not cancelled), for the checks of the staff's changes. */
export const liveLine = (itemId: number, orderId: number) => and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), not(orderItems.cancelled));
