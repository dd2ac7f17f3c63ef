import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AllocationMoveInput, FulfilmentResultDto, LineCancelInput, OrderReasonInput } from '@/contracts/orders-allocation';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { orderAllocations, orderItems, orders, productLots, type FulfilmentStatus, type OrderStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { orderVisibleToStaff } from './admin-queries';
import { allocateOrder, liveLine, lockAllocations, lotExpired, refreshLines, releaseAllocation } from './allocation';
import { recomputeTotals } from './decide';
import { logOrderEvent, transitionOrder } from './transition';
import { businessToday } from '@/server/business-time';

/** A staff member changing an order: their scope, and who they are for the audit log and the timeline. */
export interface DeskStaff extends ScopedStaff { name: string; audit: AuditActor }

interface DeskOrder { id: number; companyId: number; orderNo: string; status: OrderStatus; fulfilment: FulfilmentStatus; taxRate: string; taxIncluded: boolean; deliveryFee: string }

/** The order, locked for the transaction, when the member sees it (404 `orderNotFound` otherwise, as for one that does not exist). */
async function lockDeskOrder(tx: Db, actor: DeskStaff, id: number): Promise<DeskOrder> {
  const [row] = rowsOf<{ id: number; company_id: number; order_no: string; status: OrderStatus; fulfilment: FulfilmentStatus; tax_rate: string; tax_included: boolean; delivery_fee: string }>(
    await tx.execute(sql`select o.id, o.company_id, o.order_no, o.status, o.fulfilment, o.tax_rate::text as tax_rate, o.tax_included, o.delivery_fee::text as delivery_fee
      from orders o where o.id = ${id} and ${orderVisibleToStaff(actor)} for update of o`),
  );
  if (!row) throw new AppError(404, 'orderNotFound');
  return {
    id: Number(row.id), companyId: Number(row.company_id), orderNo: row.order_no, status: row.status, fulfilment: row.fulfilment,
    taxRate: row.tax_rate, taxIncluded: Boolean(row.tax_included), deliveryFee: row.delivery_fee,
  };
}

const timelineActor = (actor: DeskStaff) => ({ userId: null, name: actor.name });
const result = (status: OrderStatus, fulfilment: FulfilmentStatus, allocated = 0): FulfilmentResultDto => ({ status, fulfilment, allocated });

/** Staff allocate a placed order again: what its lines still lack, from the stock that arrived (ADR 0074). */
export async function allocateAgain(db: Db, actor: DeskStaff, id: number): Promise<FulfilmentResultDto> {
  return db.transaction(async (tx) => {
    const order = await lockDeskOrder(tx, actor, id);
    const done = await allocateOrder(tx, { orderId: order.id, companyId: order.companyId, actor: timelineActor(actor) });
    await recordAudit(tx, actor.audit, {
      action: 'allocate', entity: 'order', entityId: order.id, companyId: order.companyId,
      before: { fulfilment: order.fulfilment }, after: { fulfilment: done.fulfilment }, note: { orderNo: order.orderNo, allocated: done.allocated },
    });
    return result(done.to, done.fulfilment, done.allocated);
  });
}

/**
 * Staff move units of a line between lots of its pack, or give them back to its backorder (ADR 0074): only
 * units not shipped; the target lot must be the line's pack's, in date and hold the units. With a reason,
 * on the order's timeline and in the audit log.
 */
export async function moveAllocation(db: Db, actor: DeskStaff, input: AllocationMoveInput): Promise<FulfilmentResultDto> {
  return db.transaction(async (tx) => {
    const order = await lockDeskOrder(tx, actor, input.id);
    if (order.status !== 'placed' || !['backordered', 'allocated', 'partly_shipped'].includes(order.fulfilment)) {
      throw new AppError(409, 'orderStateChanged', { status: order.status, fulfilment: order.fulfilment });
    }
    const [line] = await tx.select().from(orderItems).where(liveLine(input.itemId, order.id));
    if (!line) throw new AppError(404, 'orderLineNotFound');
    const lotIds = [input.fromLotId, ...(input.toLotId ? [input.toLotId] : [])];
    // The lots' rows (the line's and the target) in id order, as allocation locks them, then the line's allocations.
    const allocations = await lockAllocations(tx, order.id, line.id, lotIds);
    const lots = await tx.select().from(productLots).where(inArray(productLots.id, lotIds));
    const from = allocations.find((a) => a.lotId === input.fromLotId);
    if (!from) throw new AppError(404, 'allocationNotFound');
    if (input.quantity > from.quantity - from.shipped) throw new AppError(409, 'allocationShipped', { unshipped: from.quantity - from.shipped });
    const to = input.toLotId ? lots.find((l) => l.id === input.toLotId) : null;
    if (input.toLotId) {
      if (!to || to.packId !== line.packId || lotExpired(to, businessToday())) throw new AppError(400, 'lotNotAllocatable', [{ field: 'toLotId', message: 'lotNotAllocatable' }]);
      if (to.quantity < input.quantity) throw new AppError(409, 'lotShort', { available: to.quantity });
    }
    await releaseAllocation(tx, from, input.quantity);
    if (to) {
      await tx.update(productLots).set({ quantity: sql`${productLots.quantity} - ${input.quantity}`, updatedAt: sql`now()` }).where(eq(productLots.id, to.id));
      await tx
        .insert(orderAllocations)
        .values({ orderId: order.id, orderItemId: line.id, companyId: order.companyId, packId: line.packId, lotId: to.id, lotNo: to.lotNo, quantity: input.quantity })
        .onConflictDoUpdate({ target: [orderAllocations.orderItemId, orderAllocations.lotId], set: { quantity: sql`${orderAllocations.quantity} + excluded.quantity`, updatedAt: sql`now()` } });
    }
    await refreshLines(tx, order.id);
    const data = { itemNo: line.itemNo, size: line.size, fromLot: from.lotNo, toLot: to?.lotNo ?? '', quantity: input.quantity };
    await logOrderEvent(tx, {
      orderId: order.id, companyId: order.companyId, actor: timelineActor(actor), action: to ? 'allocationMove' : 'allocationRelease',
      fromStatus: order.status, toStatus: order.status, reason: input.reason, data,
    });
    const moved = await transitionOrder(tx, { orderId: order.id, companyId: order.companyId, action: 'fulfil', actor: timelineActor(actor) });
    await recordAudit(tx, actor.audit, {
      action: 'change', entity: 'order', entityId: order.id, companyId: order.companyId,
      before: { fulfilment: order.fulfilment }, after: { fulfilment: moved.fulfilment }, note: { orderNo: order.orderNo, reason: input.reason, ...data },
    });
    return result(moved.to, moved.fulfilment);
  });
}

/** Refuses a change to units that left: a line or order with shipped units cannot be cancelled. */
function refuseShipped(allocations: readonly { shipped: number }[], code: 'orderLineShipped' | 'orderShipped'): void {
  const shipped = allocations.reduce((sum, a) => sum + a.shipped, 0);
  if (shipped > 0) throw new AppError(409, code, { shipped });
}

/**
 * Staff cancel an order that has not shipped (ADR 0074): its allocations go back to their lots and the order
 * is voided (`transitionOrder` 'void'), with the reason, in the audit log.
 */
export async function voidOrder(db: Db, actor: DeskStaff, input: OrderReasonInput): Promise<FulfilmentResultDto> {
  return db.transaction(async (tx) => {
    const order = await lockDeskOrder(tx, actor, input.id);
    if (order.status === 'cancelled' || order.status === 'rejected') throw new AppError(409, 'orderStateChanged', { status: order.status });
    const allocations = await lockAllocations(tx, order.id);
    refuseShipped(allocations, 'orderShipped');
    const released = await releaseEach(tx, allocations);
    if (released > 0) await refreshLines(tx, order.id);
    const moved = await transitionOrder(tx, {
      orderId: order.id, companyId: order.companyId, action: 'void', actor: timelineActor(actor), reason: input.reason, data: { released },
    });
    await recordAudit(tx, actor.audit, {
      action: 'cancel', entity: 'order', entityId: order.id, companyId: order.companyId,
      before: { status: order.status }, after: { status: moved.to }, note: { orderNo: order.orderNo, reason: input.reason, released },
    });
    return result(moved.to, moved.fulfilment);
  });
}

async function releaseEach(tx: Db, allocations: readonly (typeof orderAllocations.$inferSelect)[]): Promise<number> {
  let released = 0;
  for (const a of allocations) released += await releaseAllocation(tx, a);
  return released;
}

/**
 * Staff cancel a line that has not shipped (ADR 0074): its allocation goes back to its lots, the line leaves
 * the order's totals (recomputed by the order's own totals code), and cancelling the last live line voids the
 * order. On the timeline and in the audit log, with the reason.
 */
export async function cancelLine(db: Db, actor: DeskStaff, input: LineCancelInput): Promise<FulfilmentResultDto> {
  return db.transaction(async (tx) => {
    const order = await lockDeskOrder(tx, actor, input.id);
    if (order.status === 'cancelled' || order.status === 'rejected') throw new AppError(409, 'orderStateChanged', { status: order.status });
    const [line] = await tx.select().from(orderItems).where(liveLine(input.itemId, order.id));
    if (!line) throw new AppError(404, 'orderLineNotFound');
    const allocations = await lockAllocations(tx, order.id, line.id);
    refuseShipped(allocations, 'orderLineShipped');
    const released = await releaseEach(tx, allocations);
    await tx.update(orderItems).set({ cancelled: true, backorderQty: 0, leadTimeDays: 0 }).where(and(eq(orderItems.id, line.id), eq(orderItems.orderId, order.id)));
    const data = { itemNo: line.itemNo, size: line.size, num: line.num, released };
    await logOrderEvent(tx, { orderId: order.id, companyId: order.companyId, actor: timelineActor(actor), action: 'cancelLine', fromStatus: order.status, toStatus: order.status, reason: input.reason, data });
    const [live] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from order_items where order_id = ${order.id} and not cancelled`));
    let status: OrderStatus = order.status;
    let fulfilment = order.fulfilment;
    if (Number(live?.n ?? 0) === 0) {
      const moved = await transitionOrder(tx, { orderId: order.id, companyId: order.companyId, action: 'void', actor: timelineActor(actor), reason: input.reason });
      ({ to: status, fulfilment } = moved);
    } else {
      await recomputeTotals(tx, order);
      if (order.status === 'placed' && order.fulfilment !== 'held' && order.fulfilment !== 'none') {
        ({ to: status, fulfilment } = await transitionOrder(tx, { orderId: order.id, companyId: order.companyId, action: 'fulfil', actor: timelineActor(actor) }));
      }
    }
    const [totals] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, order.id));
    await recordAudit(tx, actor.audit, {
      action: 'cancel', entity: 'order', entityId: order.id, companyId: order.companyId,
      before: { status: order.status, fulfilment: order.fulfilment }, after: { status, fulfilment },
      note: { orderNo: order.orderNo, reason: input.reason, ...data, total: totals?.total ?? '' },
    });
    return result(status, fulfilment);
  });
}

/** Finance releases an order held for credit (ADR 0074): the order leaves `held` and takes its stock now. */
export async function releaseHold(db: Db, actor: DeskStaff, input: OrderReasonInput): Promise<FulfilmentResultDto> {
  return db.transaction(async (tx) => {
    const order = await lockDeskOrder(tx, actor, input.id);
    if (order.status !== 'placed' || order.fulfilment !== 'held') throw new AppError(409, 'orderNotHeld', { status: order.status, fulfilment: order.fulfilment });
    await transitionOrder(tx, { orderId: order.id, companyId: order.companyId, action: 'release', actor: timelineActor(actor), reason: input.reason });
    const done = await allocateOrder(tx, { orderId: order.id, companyId: order.companyId, actor: timelineActor(actor) });
    await recordAudit(tx, actor.audit, {
      action: 'release', entity: 'order', entityId: order.id, companyId: order.companyId,
      before: { fulfilment: 'held' }, after: { fulfilment: done.fulfilment }, note: { orderNo: order.orderNo, reason: input.reason, allocated: done.allocated },
    });
    return result(done.to, done.fulfilment, done.allocated);
  });
}
