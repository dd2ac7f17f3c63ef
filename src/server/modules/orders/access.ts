import 'server-only';
import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { companies, orders, rolePermissions, roles, userRoles, users } from '@/server/db/schema';

/** The signed-in customer as the order module needs it. */
export interface OrderActor {
  userId: number;
  companyId: number;
  name: string;
  permissions: readonly string[];
}

export const canApproveOrders = (actor: OrderActor): boolean => actor.permissions.includes('ORDER.APPROVE');

/**
 * Whether the company's approval rules bind an account holding `permissions`: its orders wait for
 * someone else's approval and it may not approve any (no ORDER.APPROVE). Such an account may tighten
 * the rules but never loosen them.
 */
export const boundByApprovalRules = (permissions: ReadonlySet<string>): boolean => !permissions.has('ORDER.APPROVE');

/**
 * Which of the company's orders the actor may read: their own, or — for holders of ORDER.APPROVE —
 * every order of the company, and always those assigned to them. The company is in the condition.
 */
export function visibleOrders(actor: OrderActor): SQL {
  const own = or(eq(orders.userId, actor.userId), eq(orders.approverId, actor.userId))!;
  return and(eq(orders.companyId, actor.companyId), canApproveOrders(actor) ? sql`true` : own)!;
}

/** Orders waiting for this actor's decision: reviewing, not their own, open to them. */
export function awaitingActor(actor: OrderActor): SQL {
  const open = canApproveOrders(actor)
    ? or(sql`${orders.approverId} is null`, eq(orders.approverId, actor.userId))!
    : eq(orders.approverId, actor.userId);
  return and(eq(orders.companyId, actor.companyId), eq(orders.status, 'reviewing'), ne(orders.userId, actor.userId), open)!;
}

/** Whether the actor may decide on an order: never their own; holders of ORDER.APPROVE, or its assigned approver. */
export function mayDecide(actor: OrderActor, order: { userId: number; approverId: number | null }): boolean {
  if (order.userId === actor.userId) return false;
  return canApproveOrders(actor) || order.approverId === actor.userId;
}

/** Active users of a company holding ORDER.APPROVE, other than `exceptUserId`. */
export async function approversOf(db: Db, companyId: number, exceptUserId: number): Promise<{ id: number; name: string; email: string | null }[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.companyId, users.companyId)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.roleId, roles.id), eq(rolePermissions.permission, 'ORDER.APPROVE')))
    .where(and(eq(users.companyId, companyId), eq(users.active, true), ne(users.id, exceptUserId), ne(users.passwordHash, '')));
}

/** The company administrator (or, for older data, its first user account). */
export async function companyAdministrator(db: Db, companyId: number): Promise<{ id: number; name: string; email: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.active, true)))
    .orderBy(sql`(${users.id} = ${companies.adminUserId}) desc`, sql`(${users.accountType} = 'user') desc`, users.id)
    .limit(1);
  return row ?? null;
}
