import 'server-only';
import { sql } from 'drizzle-orm';
import {
  assertGrant, heldPermissions, STAFF_ADMINISTRATOR, withinSeen, type GrantBounds, type GrantRealm, type GrantSubject, type GrantWorld,
} from '@/server/auth/grants';
import type { Db } from '@/server/db/client';
import { staff, staffRoleAssignments, staffRolePermissions, staffRoles, staffTeams } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';

/** The staff realm of the grant rule (src/server/auth/grants.ts). */
export const STAFF_REALM: GrantRealm = { administrator: STAFF_ADMINISTRATOR, keepers: [], within: withinSeen };

/**
 * The back-office roles and staff as the grant rule reads them. What bounds a member is the records
 * they see (ownedRecordVisibleTo): their own, their teammates' and those of the teams they manage;
 * everything for a holder of CRM.VIEW_ALL; nobody gives another member a view wider than their own.
 * Their sign-in is their e-mail address (password resets go there).
 */
export async function loadStaffGrants(tx: Db): Promise<GrantWorld> {
  const [roleRows, permRows, staffRows, assignRows, teamRows] = await Promise.all([
    tx.select({ id: staffRoles.id }).from(staffRoles),
    tx.select({ roleId: staffRolePermissions.roleId, permission: staffRolePermissions.permission }).from(staffRolePermissions),
    tx.select({ id: staff.id, active: staff.active, email: staff.email, teamId: staff.teamId }).from(staff),
    tx.select({ staffId: staffRoleAssignments.staffId, roleId: staffRoleAssignments.roleId }).from(staffRoleAssignments),
    tx.select({ id: staffTeams.id, managerId: staffTeams.managerId }).from(staffTeams),
  ]);
  const roles = new Map<number, string[]>(roleRows.map((r) => [r.id, []]));
  for (const p of permRows) roles.get(p.roleId)?.push(p.permission);
  const partial = new Map<number, GrantSubject>(staffRows.map((s) => [s.id, {
    active: s.active, access: s.email ?? '', bounds: { kind: 'sees', ids: 'all' },
    roleIds: assignRows.filter((a) => a.staffId === s.id).map((a) => a.roleId),
  }]));
  const world: GrantWorld = { roles, subjects: partial };
  const subjects = new Map<number, GrantSubject>();
  for (const s of staffRows) {
    const subject = partial.get(s.id);
    if (!subject) continue;
    let bounds: GrantBounds = { kind: 'sees', ids: 'all' };
    if (!heldPermissions(world, s.id).has('CRM.VIEW_ALL')) {
      const managed = new Set(teamRows.filter((t) => t.managerId === s.id).map((t) => t.id));
      const seen = staffRows.filter((o) => o.id === s.id || (o.teamId !== null && (o.teamId === s.teamId || managed.has(o.teamId))));
      bounds = { kind: 'sees', ids: seen.map((o) => o.id).sort((a, b) => a - b) };
    }
    subjects.set(s.id, { active: subject.active, roleIds: subject.roleIds, access: subject.access, bounds });
  }
  return { roles, subjects };
}

/** Serialises the changes of staff grants (one at a time), then reads them: the world before a change. */
export async function lockStaffGrants(tx: Db): Promise<GrantWorld> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grants:staff'))`);
  return loadStaffGrants(tx);
}

function staffActorId(actor: AuditActor): number {
  if (actor.type !== 'staff' || actor.id === null) throw new AppError(403);
  return actor.id;
}

/** After the change's writes, in its transaction: refuses it (rolling it back) unless the grant rule allows it. */
export async function checkStaffGrants(tx: Db, actor: AuditActor, before: GrantWorld, after?: GrantWorld): Promise<void> {
  assertGrant(STAFF_REALM, staffActorId(actor), before, after ?? (await loadStaffGrants(tx)));
}
