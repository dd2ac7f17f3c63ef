import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderApprovalLogs, orders, type OrderStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';

export type OrderAction = 'approve' | 'reject' | 'cancel' | 'place';

/** The order state machine (ADR 0026). Submission creates an order in `reviewing` or `passed`. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }>> = {
  approve: { from: ['reviewing'], to: 'passed' },
  reject: { from: ['reviewing'], to: 'rejected' },
  cancel: { from: ['reviewing', 'passed'], to: 'cancelled' },
  place: { from: ['passed'], to: 'placed' },
};

export interface LogEntry {
  orderId: number;
  companyId: number;
  actor: { userId: number | null; name: string };
  action: string;
  fromStatus?: OrderStatus | null;
  toStatus?: OrderStatus | null;
  reason?: string;
  data?: Record<string, unknown>;
}

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
  });
}

/**
 * The one way an order changes state: a conditional update on the current status (so that two
 * parallel approvals make one transition — the second finds the status changed and gets 409) and
 * its timeline row, in the caller's transaction.
 */
export async function transitionOrder(
  tx: Db,
  params: { orderId: number; companyId: number; action: OrderAction; actor: { userId: number | null; name: string }; reason?: string; data?: Record<string, unknown> },
): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const rule = ORDER_TRANSITIONS[params.action];
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, params.orderId), eq(orders.companyId, params.companyId)))
    .for('update');
  if (!current) throw new AppError(404, 'orderNotFound');
  if (!rule.from.includes(current.status)) throw new AppError(409, 'orderStateChanged', { status: current.status });
  const stamp = sql`now()`;
  const updated = await tx
    .update(orders)
    .set({
      status: rule.to,
      updatedAt: stamp,
      ...(params.action === 'approve' || params.action === 'reject' ? { decidedAt: stamp } : {}),
      ...(params.action === 'reject' ? { rejectReason: params.reason ?? '' } : {}),
      ...(params.action === 'place' ? { placedAt: stamp } : {}),
    })
    .where(and(eq(orders.id, params.orderId), eq(orders.companyId, params.companyId), eq(orders.status, current.status)))
    .returning({ id: orders.id });
  if (updated.length === 0) throw new AppError(409, 'orderStateChanged');
  await logOrderEvent(tx, {
    orderId: params.orderId, companyId: params.companyId, actor: params.actor, action: params.action,
    fromStatus: current.status, toStatus: rule.to, reason: params.reason, data: params.data,
  });
  return { from: current.status, to: rule.to };
}
