import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { assertGrant, COMPANY_ADMINISTRATOR, withinMonthlyLimit, type GrantBounds, type GrantRealm, type GrantWorld } from '@/server/auth/grants';
import type { Db } from '@/server/db/client';
import { approvalRules, companies, rolePermissions, roles, userRoles, users } from '@/server/db/schema';
import { toCents } from '@/server/modules/orders/money';
import type { CompanyActor } from './context';

/** A company as the grant rule (src/server/auth/grants.ts) reads it: its realm and its roles and users. */
export interface CompanyGrants {
  realm: GrantRealm;
  world: GrantWorld;
  /** Whether the company's monthly-limit rule is on (it applies the limit of whoever has one). */
  limitsApply: boolean;
}

/** A monthly limit (numeric text, null: none) as the grant rule compares it. */
export function monthlyLimitBounds(limit: string | null, limitsApply: boolean): GrantBounds {
  // Without a limit, the rule has nothing to apply: switching it changes nothing of the account.
  return limit === null ? { kind: 'monthlyLimit', cents: null, applies: false } : { kind: 'monthlyLimit', cents: toCents(limit), applies: limitsApply };
}

/**
 * The company's roles and users. What bounds a user is their monthly limit and whether the company's
 * monthly-limit rule applies it to their orders (nobody whose limit applies gives anyone no limit or a
 * higher one); the company's own administrator account (companies.admin_user_id) keeps managing users
 * and roles.
 */
export async function loadCompanyGrants(tx: Db, companyId: number): Promise<CompanyGrants> {
  const [[company], roleRows, permRows, userRows, assignRows, [limitRule]] = await Promise.all([
    tx.select({ adminUserId: companies.adminUserId }).from(companies).where(eq(companies.id, companyId)),
    tx.select({ id: roles.id }).from(roles).where(eq(roles.companyId, companyId)),
    tx.select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission }).from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId)).where(eq(roles.companyId, companyId)),
    tx.select({ id: users.id, active: users.active, monthlyLimit: users.monthlyLimit }).from(users).where(eq(users.companyId, companyId)),
    tx.select({ userId: userRoles.userId, roleId: userRoles.roleId }).from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(roles.companyId, companyId)),
    tx.select({ active: approvalRules.active }).from(approvalRules)
      .where(and(eq(approvalRules.companyId, companyId), eq(approvalRules.kind, 'monthly_limit'))),
  ]);
  const rolesById = new Map<number, string[]>(roleRows.map((r) => [r.id, []]));
  for (const p of permRows) rolesById.get(p.roleId)?.push(p.permission);
  const limitsApply = limitRule?.active ?? false;
  const subjects = new Map(userRows.map((u) => [u.id, {
    active: u.active,
    roleIds: assignRows.filter((a) => a.userId === u.id).map((a) => a.roleId),
    bounds: monthlyLimitBounds(u.monthlyLimit, limitsApply),
    access: '',
  }]));
  const keepers = company?.adminUserId ? [company.adminUserId] : [];
  return { realm: { administrator: COMPANY_ADMINISTRATOR, keepers, within: withinMonthlyLimit }, world: { roles: rolesById, subjects }, limitsApply };
}

/** Serialises the changes of one company's grants (one at a time), then reads them: the company before a change. */
export async function lockCompanyGrants(tx: Db, companyId: number): Promise<CompanyGrants> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`grants:company:${companyId}`}))`);
  return loadCompanyGrants(tx, companyId);
}

/** After the change's writes, in its transaction: refuses it (rolling it back) unless the grant rule allows it. */
export async function checkCompanyGrants(tx: Db, actor: CompanyActor, before: CompanyGrants): Promise<void> {
  const after = await loadCompanyGrants(tx, actor.companyId);
  assertGrant(before.realm, actor.userId, before.world, after.world);
}

/**
 * Before any write: refuses adding an active account holding `roleIds` with `monthlyLimit` unless the
 * grant rule allows it, judged on the company as it would be with that account (id 0, never a real
 * one). The answer is the same whether the login turns out to be new or taken.
 */
export function checkAddedCompanyUser(
  actor: CompanyActor, before: CompanyGrants, added: { roleIds: readonly number[]; monthlyLimit: string | null },
): void {
  const subjects = new Map(before.world.subjects);
  subjects.set(0, { active: true, roleIds: [...new Set(added.roleIds)], bounds: monthlyLimitBounds(added.monthlyLimit, before.limitsApply), access: '' });
  assertGrant(before.realm, actor.userId, before.world, { roles: before.world.roles, subjects });
}
