import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { preparedPerHandle } from '@/server/db/prepared';
import {
  companies, rolePermissions, staff, staffRoleAssignments, staffRolePermissions, staffRoles, userRoles, users, roles,
} from '@/server/db/schema';
import { isPermission, type Permission } from './permissions';
import { resolveSession, type SessionSubject } from './sessions';

export type Actor =
  | { kind: 'guest' }
  | {
      kind: 'user';
      sessionId: number;
      sessionExpiresAt: Date;
      /** When the session ends whatever its renewals. */
      sessionHardEnd: Date;
      userId: number;
      companyId: number;
      companyName: string;
      name: string;
      loginName: string;
      permissions: Permission[];
      roles: string[];
    }
  | {
      kind: 'staff';
      sessionId: number;
      sessionExpiresAt: Date;
      sessionHardEnd: Date;
      staffId: number;
      name: string;
      loginName: string;
      permissions: Permission[];
      roles: string[];
    };

export const GUEST: Actor = { kind: 'guest' };

export function hasPermission(actor: Actor, permission: Permission): boolean {
  return actor.kind !== 'guest' && actor.permissions.includes(permission);
}

/** Who is behind a session token: a customer user, a staff member, or a guest. */
export async function loadActor(db: Db, token: string | null | undefined): Promise<Actor> {
  if (!token) return GUEST;
  const session = await resolveSession(db, token);
  if (!session) return GUEST;
  return session.subjectType === 'user' ? loadUserActor(db, session) : loadStaffActor(db, session);
}

function sessionFields(session: SessionSubject) {
  return { sessionId: session.sessionId, sessionExpiresAt: session.expiresAt, sessionHardEnd: session.hardEnd };
}

const userWithRoles = preparedPerHandle((db: Db) => db
  .select({
    id: users.id, name: users.name, loginName: users.loginName, active: users.active,
    companyId: users.companyId, companyName: companies.name, role: roles.name, permission: rolePermissions.permission,
  })
  .from(users)
  .innerJoin(companies, eq(companies.id, users.companyId))
  .leftJoin(userRoles, eq(userRoles.userId, users.id))
  .leftJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.companyId, users.companyId)))
  .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
  .where(eq(users.id, sql.placeholder('id')))
  .prepare('actor_user'));

async function loadUserActor(db: Db, session: SessionSubject): Promise<Actor> {
  const rows = await userWithRoles(db).execute({ id: session.subjectId });
  const first = rows[0];
  if (!first || !first.active) return GUEST;
  return {
    kind: 'user',
    ...sessionFields(session),
    userId: first.id,
    companyId: first.companyId,
    companyName: first.companyName,
    name: first.name,
    loginName: first.loginName,
    permissions: collect(rows.map((r) => r.permission)).filter(isPermission),
    roles: collect(rows.map((r) => r.role)),
  };
}

const staffWithRoles = preparedPerHandle((db: Db) => db
  .select({
    id: staff.id, name: staff.name, loginName: staff.loginName, active: staff.active,
    role: staffRoles.name, permission: staffRolePermissions.permission,
  })
  .from(staff)
  .leftJoin(staffRoleAssignments, eq(staffRoleAssignments.staffId, staff.id))
  .leftJoin(staffRoles, eq(staffRoles.id, staffRoleAssignments.roleId))
  .leftJoin(staffRolePermissions, eq(staffRolePermissions.roleId, staffRoles.id))
  .where(eq(staff.id, sql.placeholder('id')))
  .prepare('actor_staff'));

async function loadStaffActor(db: Db, session: SessionSubject): Promise<Actor> {
  const rows = await staffWithRoles(db).execute({ id: session.subjectId });
  const first = rows[0];
  if (!first || !first.active) return GUEST;
  return {
    kind: 'staff',
    ...sessionFields(session),
    staffId: first.id,
    name: first.name,
    loginName: first.loginName,
    permissions: collect(rows.map((r) => r.permission)).filter(isPermission),
    roles: collect(rows.map((r) => r.role)),
  };
}

function collect(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))].sort();
}
