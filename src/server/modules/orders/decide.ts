import 'server-only';
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import { CONTROL_CLASSES } from '@/contracts/hazards';
import type { ApproveInput } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { orderItems, orders, type OrderStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { mayDecide, type OrderActor } from './access';
import { approverQuantityChanges } from './approver-edits';
import { centsText, orderMoney, toCents } from './money';
import { permitMissingFor } from './queries';
import { allocateOrder } from './allocation';
import { creditHold, type HoldReason } from './credit-hold';
import { logOrderEvent, SYSTEM_ACTOR, transitionOrder } from './transition';

export interface OrderStep {
  orderId: number;
  orderNo: string;
  buyerId: number;
  companyId: number;
  action: 'approve' | 'reject' | 'cancel' | 'place';
  status: OrderStatus;
  reason: string;
}

/** The order row, locked for the rest of the transaction; 404 unless it is the company's. */
async function lockOrder(tx: Db, actor: OrderActor, id: number) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, actor.companyId)))
    .for('update');
  if (!order) throw new AppError(404, 'orderNotFound');
  return order;
}

/** Recomputes an order's subtotal, tax, total and line count from its live lines (a cancelled line leaves them, ADR 0074). */
export async function recomputeTotals(
  tx: Db, order: { id: number; companyId: number; taxRate: string; taxIncluded: boolean; deliveryFee: string },
): Promise<void> {
  const lines = await tx.select({ lineTotal: orderItems.lineTotal }).from(orderItems).where(and(eq(orderItems.orderId, order.id), not(orderItems.cancelled)));
  const subtotal = lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0n);
  // The order keeps its tax model and its delivery fee (ADR 0065).
  const { tax, total } = orderMoney({
    subtotal, deliveryFee: toCents(order.deliveryFee), taxIncluded: order.taxIncluded, percent: BigInt(Math.round(Number(order.taxRate))),
  });
  await tx
    .update(orders)
    .set({ subtotal: centsText(subtotal), taxAmount: centsText(tax), total: centsText(total), lineCount: lines.length })
    .where(and(eq(orders.id, order.id), eq(orders.companyId, order.companyId)));
}

/** Removes lines of a reviewing order and logs each; an order keeps at least one line. */
async function removeLines(tx: Db, actor: OrderActor, order: { id: number; companyId: number; status: OrderStatus }, itemIds: number[]): Promise<void> {
  const lines = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.companyId, order.companyId))).orderBy(asc(orderItems.id));
  const doomed = lines.filter((l) => itemIds.includes(l.id));
  if (doomed.length !== new Set(itemIds).size) throw new AppError(404, 'orderLineNotFound');
  if (doomed.length >= lines.length) throw new AppError(400, 'orderWouldBeEmpty');
  await tx.delete(orderItems).where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, doomed.map((l) => l.id))));
  for (const line of doomed) {
    await logOrderEvent(tx, {
      orderId: order.id, companyId: order.companyId, actor: { userId: actor.userId, name: actor.name }, action: 'remove',
      fromStatus: order.status, toStatus: order.status, data: { itemNo: line.itemNo, size: line.size, num: line.num },
    });
  }
}

/**
 * An approver's decision. Approving first applies the removals and the quantity changes (each logged;
 * a quantity may be lowered, never raised: `approverQuantityChanges`), reprices the order, then moves
 * it to `passed`; rejecting moves it to `rejected` with the reason.
 * Nobody decides on their own order. Two parallel decisions: the row lock orders them and the
 * second finds the order decided (409).
 */
export async function decideOrder(db: Db, actor: OrderActor, input: ApproveInput): Promise<OrderStep> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, input.id);
    if (!mayDecide(actor, order)) throw new AppError(order.userId === actor.userId ? 403 : 404, order.userId === actor.userId ? 'ownOrderApproval' : 'orderNotFound');
    if (order.status !== 'reviewing') throw new AppError(409, 'orderStateChanged', { status: order.status });
    if (input.decision === 'approve') {
      const lines = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.companyId, order.companyId)));
      const removed = new Set(input.removeItemIds ?? []);
      // Checked before anything is written: lowering only, on lines that stay.
      const changes = approverQuantityChanges(lines.filter((l) => !removed.has(l.id)), input.changes);
      if (input.removeItemIds?.length) await removeLines(tx, actor, order, input.removeItemIds);
      for (const { line, num } of changes) {
        // Lowered, the line keeps the stock it had at submission; what the new quantity still lacks stays backordered.
        const backorderQty = Math.max(0, num - (line.num - line.backorderQty));
        await tx
          .update(orderItems)
          .set({ num, lineTotal: centsText(toCents(line.unitPrice) * BigInt(num)), backorderQty, leadTimeDays: backorderQty > 0 ? line.leadTimeDays : 0 })
          .where(and(eq(orderItems.id, line.id), eq(orderItems.orderId, order.id)));
        await logOrderEvent(tx, {
          orderId: order.id, companyId: order.companyId, actor: { userId: actor.userId, name: actor.name }, action: 'change',
          fromStatus: 'reviewing', toStatus: 'reviewing', data: { itemNo: line.itemNo, size: line.size, from: line.num, to: num },
        });
      }
      if (changes.length > 0 || input.removeItemIds?.length) await recomputeTotals(tx, order);
    }
    const action = input.decision === 'approve' ? 'approve' : 'reject';
    const moved = await transitionOrder(tx, {
      orderId: order.id, companyId: order.companyId, action, actor: { userId: actor.userId, name: actor.name }, reason: input.reason,
    });
    return { orderId: order.id, orderNo: order.orderNo, buyerId: order.userId, companyId: order.companyId, action, status: moved.to, reason: input.reason };
  });
}

/** The buyer cancels orders not yet placed (reviewing or passed); each is one transition. */
export async function cancelOrders(db: Db, actor: OrderActor, ids: number[]): Promise<OrderStep[]> {
  return db.transaction(async (tx) => {
    const steps: OrderStep[] = [];
    for (const id of [...new Set(ids)]) {
      const order = await lockOrder(tx, actor, id);
      if (order.userId !== actor.userId) throw new AppError(404, 'orderNotFound');
      const moved = await transitionOrder(tx, { orderId: id, companyId: actor.companyId, action: 'cancel', actor: { userId: actor.userId, name: actor.name } });
      steps.push({ orderId: id, orderNo: order.orderNo, buyerId: order.userId, companyId: order.companyId, action: 'cancel', status: moved.to, reason: '' });
    }
    return steps;
  });
}

/**
 * The buyer confirms a passed order, which places it with the supplier. Idempotent: confirming a
 * placed order again answers it unchanged (and sends nothing). A controlled line with a permit rule
 * needs a valid permit on file.
 */
export async function placeOrder(
  db: Db, actor: OrderActor, id: number,
): Promise<{ step: OrderStep | null; orderNo: string; status: OrderStatus; hold: HoldReason | null }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, id);
    if (order.userId !== actor.userId) throw new AppError(404, 'orderNotFound');
    if (order.status === 'placed') return { step: null, orderNo: order.orderNo, status: order.status, hold: null };
    const controlled = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, id), eq(orderItems.companyId, actor.companyId), inArray(orderItems.controlClass, [...CONTROL_CLASSES])))
      .limit(1);
    if (order.status === 'passed' && (await permitMissingFor(tx, actor.companyId, controlled.length > 0))) throw new AppError(400, 'permitRequired');
    const who = { userId: actor.userId, name: actor.name };
    const moved = await transitionOrder(tx, { orderId: id, companyId: actor.companyId, action: 'place', actor: who });
    // Placed: finance's credit rule first; an order it does not hold takes its stock now (ADR 0074). Both follow
    // the shop's rules, not the buyer's choice, so the timeline shows them as the system's.
    const hold = await creditHold(tx, actor.companyId, order.total, id);
    if (hold) await transitionOrder(tx, { orderId: id, companyId: actor.companyId, action: 'hold', holdReason: hold, actor: SYSTEM_ACTOR, data: { holdReason: hold } });
    else await allocateOrder(tx, { orderId: id, companyId: actor.companyId, actor: SYSTEM_ACTOR });
    return {
      hold,
      step: { orderId: id, orderNo: order.orderNo, buyerId: order.userId, companyId: order.companyId, action: 'place', status: moved.to, reason: '' },
      orderNo: order.orderNo,
      status: moved.to,
    };
  });
}

/** The buyer edits the purchase-order number, cost centre or note of an order not yet placed. */
export async function updateOrder(
  db: Db,
  actor: OrderActor,
  input: { id: number; poNumber?: string; costCentre?: string; note?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, input.id);
    if (order.userId !== actor.userId) throw new AppError(404, 'orderNotFound');
    if (order.status !== 'reviewing' && order.status !== 'passed') throw new AppError(409, 'orderStateChanged', { status: order.status });
    const patch = { poNumber: input.poNumber, costCentre: input.costCentre, note: input.note };
    const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== order[k as keyof typeof patch]));
    if (Object.keys(changed).length === 0) return;
    await tx.update(orders).set(changed).where(and(eq(orders.id, order.id), eq(orders.companyId, actor.companyId)));
    await logOrderEvent(tx, {
      orderId: order.id, companyId: actor.companyId, actor: { userId: actor.userId, name: actor.name }, action: 'edit',
      fromStatus: order.status, toStatus: order.status,
      data: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, { from: order[k as keyof typeof patch], to: v }])),
    });
  });
}

/** Removes one line of a reviewing order: by its buyer, or by an approver before deciding. */
export async function deleteOrderLine(db: Db, actor: OrderActor, input: { id: number; itemId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, input.id);
    if (order.userId !== actor.userId && !mayDecide(actor, order)) throw new AppError(404, 'orderNotFound');
    if (order.status !== 'reviewing') throw new AppError(409, 'orderStateChanged', { status: order.status });
    await removeLines(tx, actor, order, [input.itemId]);
    await recomputeTotals(tx, order);
  });
}
