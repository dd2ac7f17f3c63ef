import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { orderAllocations, orderApprovalLogs, orderItems, orders, shipments, type FulfilmentStatus, type OrderStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { deriveFulfilment } from './fulfilment-state';

/** The spec's state changes (ADR 0026); `void` is staff cancelling an order, placed or not, before anything shipped (ADR 0074). */
export type OrderStatusAction = 'approve' | 'reject' | 'cancel' | 'place' | 'void';
/**
 * The warehouse's changes of a placed order (ADR 0074): `hold` for finance and `release`; `fulfil` after
 * its allocations, shipments or deliveries changed, which reads the new fulfilment state from the rows.
 */
export type OrderFulfilmentAction = 'hold' | 'release' | 'fulfil';
export type OrderAction = OrderStatusAction | OrderFulfilmentAction;

/** The order state machine (ADR 0026). Submission creates an order in `reviewing` or `passed`. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusAction, { from: readonly OrderStatus[]; to: OrderStatus }>> = {
  approve: { from: ['reviewing'], to: 'passed' },
  reject: { from: ['reviewing'], to: 'rejected' },
  cancel: { from: ['reviewing', 'passed'], to: 'cancelled' },
  place: { from: ['passed'], to: 'placed' },
  void: { from: ['reviewing', 'passed', 'placed'], to: 'cancelled' },
};

/** The fulfilment states each warehouse action starts from (the order is `placed`). */
export const FULFILMENT_FROM: Readonly<Record<OrderFulfilmentAction, readonly FulfilmentStatus[]>> = {
  hold: ['none', 'backordered', 'allocated'],
  release: ['held'],
  fulfil: ['none', 'backordered', 'allocated', 'partly_shipped', 'shipped'],
};

const isStatusAction = (a: OrderAction): a is OrderStatusAction => a in ORDER_TRANSITIONS;

export interface LogEntry {
  orderId: number;
  companyId: number;
  actor: { userId: number | null; name: string };
  action: string;
  fromStatus?: OrderStatus | null;
  toStatus?: OrderStatus | null;
  reason?: string;
  data?: Record<string, unknown>;
  /** When it happened, if not now (the demo's backdated records). */
  at?: Date;
}

/**
 * The actor of a change the shop makes by its own rule, not at a person's request (a credit hold when an order is
 * placed, ADR 0074): a row without a user or a name, which the timeline shows as the system's, in the reader's language.
 */
export const SYSTEM_ACTOR: LogEntry['actor'] = { userId: null, name: '' };

/** Appends one row to an order's approval timeline (call it in the change's transaction). */
export async function logOrderEvent(tx: Db, entry: LogEntry): Promise<void> {
  await tx.insert(orderApprovalLogs).values({
    orderId: entry.orderId,
    companyId: entry.companyId,
    userId: entry.actor.userId,
    actorName: entry.actor.name,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    reason: entry.reason ?? '',
    data: entry.data ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** The order's fulfilment as its rows say (live lines' units, allocated and shipped units, shipments received). */
async function fulfilmentFromRows(tx: Db, orderId: number): Promise<Exclude<FulfilmentStatus, 'none' | 'held'>> {
  const n = (q: ReturnType<typeof sql>) => sql<number>`(${q})`.mapWith(Number);
  const [row] = await tx
    .select({
      units: n(sql`select coalesce(sum(${orderItems.num}), 0) from ${orderItems} where ${orderItems.orderId} = ${orderId} and not ${orderItems.cancelled}`),
      allocated: n(sql`select coalesce(sum(${orderAllocations.quantity}), 0) from ${orderAllocations} where ${orderAllocations.orderId} = ${orderId}`),
      shipped: n(sql`select coalesce(sum(${orderAllocations.shipped}), 0) from ${orderAllocations} where ${orderAllocations.orderId} = ${orderId}`),
      shipments: n(sql`select count(*) from ${shipments} where ${shipments.orderId} = ${orderId}`),
      delivered: n(sql`select count(*) from ${shipments} where ${shipments.orderId} = ${orderId} and ${shipments.status} = 'delivered'`),
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return deriveFulfilment({
    units: row?.units ?? 0, allocated: row?.allocated ?? 0, shipped: row?.shipped ?? 0, shipments: row?.shipments ?? 0, delivered: row?.delivered ?? 0,
  });
}

export interface TransitionParams {
  orderId: number;
  companyId: number;
  action: OrderAction;
  actor: { userId: number | null; name: string };
  reason?: string;
  data?: Record<string, unknown>;
  /** `hold`: why finance holds the order (`overdue`, `credit_limit`). */
  holdReason?: string;
  /** When the change happened, if not now (the demo's backdated shipments and receipts): the order's stamps and its timeline row carry it. */
  at?: Date;
}

export interface TransitionResult {
  from: OrderStatus;
  to: OrderStatus;
  fulfilmentFrom: FulfilmentStatus;
  fulfilment: FulfilmentStatus;
}

/**
 * The one way an order changes state — the spec's status and, once placed, its fulfilment (ADR 0074): a
 * conditional update on the current state (so that two parallel changes make one transition — the second
 * finds the state changed and gets 409) and its timeline row, in the caller's transaction. A `fulfil`
 * that finds the state unchanged leaves the order as it is and answers the state; it writes the timeline
 * row all the same when the call carries data (a shipment, a receipt, an allocation), none without.
 */
export async function transitionOrder(tx: Db, params: TransitionParams): Promise<TransitionResult> {
  const [current] = await tx
    .select({ status: orders.status, fulfilment: orders.fulfilment })
    .from(orders)
    .where(and(eq(orders.id, params.orderId), eq(orders.companyId, params.companyId)))
    .for('update');
  if (!current) throw new AppError(404, 'orderNotFound');
  const stamp = params.at ? sql`${params.at.toISOString()}::timestamptz` : sql`now()`;
  let to: OrderStatus = current.status;
  let fulfilment: FulfilmentStatus = current.fulfilment;
  const set: PgUpdateSetSource<typeof orders> = { updatedAt: stamp };
  if (isStatusAction(params.action)) {
    const rule = ORDER_TRANSITIONS[params.action];
    if (!rule.from.includes(current.status)) throw new AppError(409, 'orderStateChanged', { status: current.status });
    if (params.action === 'void' && ['partly_shipped', 'shipped', 'delivered'].includes(current.fulfilment)) {
      throw new AppError(409, 'orderStateChanged', { status: current.status });
    }
    to = rule.to;
    set.status = to;
    if (params.action === 'approve' || params.action === 'reject') set.decidedAt = stamp;
    if (params.action === 'reject') set.rejectReason = params.reason ?? '';
    if (params.action === 'place') {
      set.placedAt = stamp;
      // The buyer's invoice details become the order's invoice request (ADR 0074).
      set.invoiceStatus = sql`case when ${orders.invoiceType} = 'none' then 'none' else 'requested' end`;
    }
    if (params.action === 'void') { fulfilment = 'none'; set.fulfilment = 'none'; set.holdReason = ''; }
  } else {
    if (current.status !== 'placed' || !FULFILMENT_FROM[params.action].includes(current.fulfilment)) {
      throw new AppError(409, 'orderStateChanged', { status: current.status, fulfilment: current.fulfilment });
    }
    if (params.action === 'hold') {
      fulfilment = 'held';
      set.holdReason = params.holdReason ?? '';
    } else {
      fulfilment = await fulfilmentFromRows(tx, params.orderId);
      if (params.action === 'release') set.holdReason = '';
      if (params.action === 'fulfil' && fulfilment === current.fulfilment) {
        // The state stands; a change the call describes (a shipment, a receipt, an allocation) still goes on the timeline.
        if (params.data && Object.keys(params.data).length > 0) {
          await logOrderEvent(tx, {
            orderId: params.orderId, companyId: params.companyId, actor: params.actor, action: params.action,
            fromStatus: current.status, toStatus: to, reason: params.reason, data: { ...params.data, fulfilmentFrom: current.fulfilment, fulfilment },
            ...(params.at ? { at: params.at } : {}),
          });
        }
        return { from: current.status, to, fulfilmentFrom: current.fulfilment, fulfilment };
      }
    }
    set.fulfilment = fulfilment;
    if ((fulfilment === 'shipped' || fulfilment === 'partly_shipped') && current.fulfilment !== 'partly_shipped') set.shippedAt = stamp;
    if (fulfilment === 'delivered') set.deliveredAt = stamp;
  }
  const updated = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, params.orderId), eq(orders.companyId, params.companyId), eq(orders.status, current.status), eq(orders.fulfilment, current.fulfilment)))
    .returning({ id: orders.id });
  if (updated.length === 0) throw new AppError(409, 'orderStateChanged');
  await logOrderEvent(tx, {
    orderId: params.orderId, companyId: params.companyId, actor: params.actor, action: params.action,
    fromStatus: current.status, toStatus: to, reason: params.reason,
    data: isStatusAction(params.action) && params.action !== 'void' ? params.data : { ...params.data, fulfilmentFrom: current.fulfilment, fulfilment },
    ...(params.at ? { at: params.at } : {}),
  });
  return { from: current.status, to, fulfilmentFrom: current.fulfilment, fulfilment };
}
