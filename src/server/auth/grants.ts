import 'server-only';
import { AppError } from '@/server/errors';
import { permissionNames, type Permission } from './permissions';

/**
 * The one rule of granting (docs/api.md "Granting roles and permissions"), for both realms: staff with
 * back-office roles, and each customer company with its own roles. A route that changes who holds what
 * (roles and their permissions, role assignments, accounts enabled or disabled, sign-in details, limits)
 * loads the realm as a `GrantWorld` before its writes and again after them, inside the same transaction
 * and under the realm's lock, and asks `assertGrant`:
 *
 * 1. Nobody changes their own roles, the permissions of a role they hold, or what bounds them (a monthly
 *    limit, the records they may see); and every account the change creates or whose bounds it changes
 *    ends within the actor's own bounds (`GrantRealm.within`). Ids of accounts the change creates are
 *    left out of every comparison of bounds: a new account owns nothing yet.
 * 2. Nobody grants or takes away a permission they do not hold: every role whose permissions change,
 *    and every role given to or taken from someone, holds only permissions the actor holds. Enabling,
 *    disabling or changing the sign-in of an account (e-mail, password reset) needs every permission the
 *    account holds.
 * 3. The last active administrator of the realm (every permission of `administrator`) stays one, and the
 *    realm's keepers (a company's own administrator account) keep the administrator permissions they hold.
 *
 * The actor's permissions are those of `before`, read in the transaction, not those of the session.
 */

/**
 * What bounds an account. A customer: their monthly limit in cents (null: none) and whether the company's
 * monthly-limit rule applies it. A staff member: the ids of the staff whose records they see, or all.
 */
export type GrantBounds =
  | { kind: 'monthlyLimit'; cents: bigint | null; applies: boolean }
  | { kind: 'sees'; ids: readonly number[] | 'all' };

export interface GrantSubject {
  active: boolean;
  roleIds: readonly number[];
  /** What bounds the subject (a monthly limit, the records they see): nobody changes their own. */
  bounds: GrantBounds;
  /** How the subject signs in, as text (e-mail, a reset): only someone holding all their permissions changes it. */
  access: string;
}

export interface GrantWorld {
  /** Every role of the realm with its permissions. */
  roles: ReadonlyMap<number, readonly string[]>;
  /** Every account of the realm. */
  subjects: ReadonlyMap<number, GrantSubject>;
}

export interface GrantRealm {
  /** The permissions that together make an administrator of the realm. */
  administrator: readonly Permission[];
  /** Accounts that keep the administrator permissions they hold and stay active. */
  keepers: readonly number[];
  /** Whether `target` lies within `actor`: what the actor may give someone else. */
  within: (target: GrantBounds, actor: GrantBounds) => boolean;
}

/** A customer: within an actor whose monthly limit applies when the target's limit is set and no higher. */
export function withinMonthlyLimit(target: GrantBounds, actor: GrantBounds): boolean {
  if (target.kind !== 'monthlyLimit' || actor.kind !== 'monthlyLimit') return false;
  if (actor.cents === null || !actor.applies) return true;
  return target.cents !== null && target.cents <= actor.cents;
}

/** A staff member: within an actor who sees all, or when the target sees no one the actor does not. */
export function withinSeen(target: GrantBounds, actor: GrantBounds): boolean {
  if (target.kind !== 'sees' || actor.kind !== 'sees') return false;
  if (actor.ids === 'all') return true;
  if (target.ids === 'all') return false;
  const mine = new Set(actor.ids);
  return target.ids.every((id) => mine.has(id));
}

/** `bounds` without the accounts in `created` (a new account owns nothing to be seen). */
function withoutCreated(bounds: GrantBounds, created: ReadonlySet<number>): GrantBounds {
  if (bounds.kind !== 'sees' || bounds.ids === 'all') return bounds;
  return { kind: 'sees', ids: bounds.ids.filter((id) => !created.has(id)) };
}

function sameBounds(a: GrantBounds | undefined, b: GrantBounds | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind === 'monthlyLimit' && b.kind === 'monthlyLimit') return a.cents === b.cents && a.applies === b.applies;
  if (a.kind === 'sees' && b.kind === 'sees') {
    if (a.ids === 'all' || b.ids === 'all') return a.ids === b.ids;
    return sameSet(a.ids, b.ids);
  }
  return false;
}

/** Staff: whoever opens the back-office and manages authorities. */
export const STAFF_ADMINISTRATOR: readonly Permission[] = ['ADMIN.ACCESS', 'AUTHORITY.EDIT'];
/** A customer company: whoever manages its users and its roles. */
export const COMPANY_ADMINISTRATOR: readonly Permission[] = ['USER.EDIT', 'ROLE.EDIT'];

/** The permissions an account holds through its roles (whether or not it is active). */
export function heldPermissions(world: GrantWorld, id: number): Set<string> {
  const out = new Set<string>();
  for (const roleId of world.subjects.get(id)?.roleIds ?? []) for (const p of world.roles.get(roleId) ?? []) out.add(p);
  return out;
}

/** The permissions an account may use: those it holds while active, none otherwise. */
export function effectivePermissions(world: GrantWorld, id: number): Set<string> {
  return world.subjects.get(id)?.active ? heldPermissions(world, id) : new Set();
}

function isAdministrator(realm: GrantRealm, world: GrantWorld, id: number): boolean {
  const held = effectivePermissions(world, id);
  return realm.administrator.every((p) => held.has(p));
}

function administrators(realm: GrantRealm, world: GrantWorld): number {
  return [...world.subjects.keys()].filter((id) => isAdministrator(realm, world, id)).length;
}

const sameSet = (a: Iterable<string | number>, b: Iterable<string | number>): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

function names(codes: readonly string[]): { permissions: string[]; permissionsZh: string; permissionsEn: string } {
  return {
    permissions: [...codes],
    permissionsZh: codes.map((c) => permissionNames(c).zh).join('、'),
    permissionsEn: codes.map((c) => permissionNames(c).en).join(', '),
  };
}

/** Why the change from `before` to `after` made by `actorId` is refused, or null when it may be made. */
export function grantRefusal(realm: GrantRealm, actorId: number, before: GrantWorld, after: GrantWorld): AppError | null {
  const mine = effectivePermissions(before, actorId);
  const lacking = (codes: Iterable<string>): string[] => [...new Set(codes)].filter((c) => !mine.has(c)).sort();
  const rolesOf = (id: number): Set<string> => new Set([...(before.roles.get(id) ?? []), ...(after.roles.get(id) ?? [])]);

  // 1. Oneself.
  const meBefore = before.subjects.get(actorId);
  const meAfter = after.subjects.get(actorId);
  if (!sameSet(meBefore?.roleIds ?? [], meAfter?.roleIds ?? [])) return new AppError(409, 'grantOwnRoles');
  const myRoles = new Set([...(meBefore?.roleIds ?? []), ...(meAfter?.roleIds ?? [])]);
  for (const roleId of myRoles) {
    if (!sameSet(before.roles.get(roleId) ?? [], after.roles.get(roleId) ?? [])) return new AppError(409, 'grantOwnRolePermissions');
  }
  const created = new Set([...after.subjects.keys()].filter((id) => !before.subjects.has(id)));
  const boundsOf = (world: GrantWorld, id: number): GrantBounds | undefined => {
    const bounds = world.subjects.get(id)?.bounds;
    return bounds && withoutCreated(bounds, created);
  };
  const myBounds = boundsOf(before, actorId);
  if (!sameBounds(myBounds, boundsOf(after, actorId))) return new AppError(409, 'grantOwnLimits');

  // 2. Only what one holds.
  const roleIds = new Set([...before.roles.keys(), ...after.roles.keys()]);
  for (const roleId of roleIds) {
    if (sameSet(before.roles.get(roleId) ?? [], after.roles.get(roleId) ?? [])) continue;
    const missing = lacking(rolesOf(roleId));
    if (missing.length > 0) return new AppError(403, 'grantNotHeld', names(missing));
  }
  const subjectIds = new Set([...before.subjects.keys(), ...after.subjects.keys()]);
  for (const id of subjectIds) {
    const was = before.subjects.get(id);
    const now = after.subjects.get(id);
    const had = new Set(was?.roleIds ?? []);
    const has = new Set(now?.roleIds ?? []);
    const moved = [...has].filter((r) => !had.has(r)).concat([...had].filter((r) => !has.has(r)));
    const missing = lacking(moved.flatMap((r) => [...rolesOf(r)]));
    if (missing.length > 0) return new AppError(403, 'grantNotHeld', names(missing));
    if (id !== actorId && (was?.active !== now?.active || was?.access !== now?.access)) {
      const over = lacking([...heldPermissions(before, id), ...heldPermissions(after, id)]);
      if (over.length > 0) return new AppError(403, 'grantAccountNotHeld');
    }
  }

  // Nor bounds beyond one's own: to an account made or changed by the change.
  for (const id of after.subjects.keys()) {
    if (id === actorId) continue;
    const now = boundsOf(after, id);
    if (!now || (!created.has(id) && sameBounds(boundsOf(before, id), now))) continue;
    if (!myBounds || !realm.within(now, myBounds)) return new AppError(403, 'grantBoundsNotHeld');
  }

  // 3. The realm keeps an administrator.
  for (const id of realm.keepers) {
    const kept = effectivePermissions(after, id);
    const lost = realm.administrator.filter((p) => effectivePermissions(before, id).has(p) && !kept.has(p));
    if (lost.length > 0) return new AppError(409, 'grantKeeperKeepsAdministration', names(realm.administrator));
  }
  if (administrators(realm, before) > 0 && administrators(realm, after) === 0) {
    return new AppError(409, 'grantLastAdministrator', names(realm.administrator));
  }
  return null;
}

/** Throws the refusal of `grantRefusal`, if any. */
export function assertGrant(realm: GrantRealm, actorId: number, before: GrantWorld, after: GrantWorld): void {
  const refusal = grantRefusal(realm, actorId, before, after);
  if (refusal) throw refusal;
}

/** `world` with the sign-in of one account changed (a password reset), the rest as it is. */
export function withAccessChanged(world: GrantWorld, id: number): GrantWorld {
  const subject = world.subjects.get(id);
  if (!subject) return world;
  const subjects = new Map(world.subjects);
  subjects.set(id, { ...subject, access: `${subject.access}\u0000reset` });
  return { roles: world.roles, subjects };
}
