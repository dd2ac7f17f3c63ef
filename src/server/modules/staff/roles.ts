import 'server-only';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { PermissionGroupDto, RoleDto } from '@/contracts/admin';
import { localised, type Lang } from '@/lib/lang';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { PERMISSION_REGISTRY, permissionsOfScope, type Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { staffRoleAssignments, staffRolePermissions, staffRoles } from '@/server/db/schema';
import { escapeLike } from '@/server/db/like';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { checkStaffGrants, lockStaffGrants } from './grants';


/** The staff permissions of the registry grouped by their prefix (`STAFF.VIEW` → `STAFF`), for the permission tree. */
export function listPermissionGroups(lang: Lang): PermissionGroupDto[] {
  const labels = serverMessages(lang).admin.permissionGroups as Record<string, string>;
  const groups = new Map<string, PermissionGroupDto>();
  for (const p of PERMISSION_REGISTRY) {
    if (p.scope !== 'staff') continue;
    const key = p.code.split('.')[0] ?? p.code;
    const group = groups.get(key) ?? { group: labels[key] ?? key, permissions: [] };
    group.permissions.push({ code: p.code, name: localised({ nameZh: p.zh, nameEn: p.en }, 'name', lang) });
    groups.set(key, group);
  }
  return [...groups.values()];
}

const STAFF_PERMISSIONS: readonly string[] = permissionsOfScope('staff');

/** Refuses codes that are not staff permissions of the registry (400 with the field's error). */
export function checkStaffPermissions(codes: readonly string[]): Permission[] {
  const unknown = codes.filter((c) => !STAFF_PERMISSIONS.includes(c));
  if (unknown.length > 0) throw new AppError(400, 'validation', [{ field: 'permissions', message: 'adminPermissionUnknown' }]);
  return [...new Set(codes)].sort() as Permission[];
}

export async function listRoles(db: Db, params: { key?: string; limit: number; offset: number }): Promise<{ total: number; items: RoleDto[] }> {
  const where = params.key
    ? or(ilike(staffRoles.name, `%${escapeLike(params.key)}%`), ilike(staffRoles.description, `%${escapeLike(params.key)}%`))
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(staffRoles).where(where);
  const rows = await db.select().from(staffRoles).where(where).orderBy(asc(staffRoles.id))
    .limit(params.limit).offset((params.offset - 1) * params.limit);
  return { total: totalRow?.n ?? 0, items: await withDetails(db, rows) };
}

export async function getRole(db: Db, params: { id: number }): Promise<RoleDto> {
  const rows = await db.select().from(staffRoles).where(eq(staffRoles.id, params.id));
  const [role] = await withDetails(db, rows);
  if (!role) throw new AppError(404, 'adminRoleNotFound');
  return role;
}

async function withDetails(db: Db, rows: { id: number; name: string; description: string }[]): Promise<RoleDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [perms, counts] = await Promise.all([
    db.select().from(staffRolePermissions).where(inArray(staffRolePermissions.roleId, ids)).orderBy(asc(staffRolePermissions.permission)),
    db.select({ roleId: staffRoleAssignments.roleId, n: count() }).from(staffRoleAssignments)
      .where(inArray(staffRoleAssignments.roleId, ids)).groupBy(staffRoleAssignments.roleId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.permission),
    staffCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
  }));
}

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db.select({ id: staffRoles.id }).from(staffRoles)
    .where(and(sql`lower(${staffRoles.name}) = lower(${name})`, exceptId ? ne(staffRoles.id, exceptId) : undefined));
  if (taken) throw new AppError(409, 'adminRoleNameTaken', [{ field: 'name', message: 'adminRoleNameTaken' }]);
}

export async function createRole(
  db: Db,
  params: { actor: AuditActor; name: string; description: string; permissions: readonly string[] },
): Promise<RoleDto> {
  const permissions = checkStaffPermissions(params.permissions);
  const id = await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    await assertNameFree(tx, params.name);
    const [row] = await tx.insert(staffRoles).values({ name: params.name, description: params.description }).returning({ id: staffRoles.id });
    if (!row) throw new AppError(500);
    if (permissions.length > 0) await tx.insert(staffRolePermissions).values(permissions.map((permission) => ({ roleId: row.id, permission })));
    await checkStaffGrants(tx, params.actor, grants);
    await recordAudit(tx, params.actor, {
      action: 'create', entity: 'role', entityId: row.id,
      after: { name: params.name, description: params.description, permissions },
    });
    return row.id;
  });
  return getRole(db, { id });
}

export async function updateRole(
  db: Db,
  params: { actor: AuditActor; id: number; name: string; description: string },
): Promise<RoleDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffRoles).where(eq(staffRoles.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'adminRoleNotFound');
    await assertNameFree(tx, params.name, params.id);
    await tx.update(staffRoles).set({ name: params.name, description: params.description }).where(eq(staffRoles.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'update', entity: 'role', entityId: params.id,
      before: { name: before.name, description: before.description },
      after: { name: params.name, description: params.description },
    });
  });
  return getRole(db, { id: params.id });
}

/**
 * Sets a role's permissions (the grouped tree of the registry). "Reset" (docs/requirements/back-office.md#roles-and-staff: authority reset) is the
 * same with only the back-office entry permission left.
 */
export async function setRolePermissions(
  db: Db,
  params: { actor: AuditActor; id: number; permissions: readonly string[]; action?: 'setPermissions' | 'reset' },
): Promise<RoleDto> {
  const permissions = checkStaffPermissions(params.permissions);
  await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const [role] = await tx.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.id, params.id)).for('update');
    if (!role) throw new AppError(404, 'adminRoleNotFound');
    const before = (await tx.select().from(staffRolePermissions).where(eq(staffRolePermissions.roleId, params.id)))
      .map((p) => p.permission).sort();
    await tx.delete(staffRolePermissions).where(eq(staffRolePermissions.roleId, params.id));
    if (permissions.length > 0) await tx.insert(staffRolePermissions).values(permissions.map((permission) => ({ roleId: params.id, permission })));
    await checkStaffGrants(tx, params.actor, grants);
    await recordAudit(tx, params.actor, {
      action: params.action ?? 'setPermissions', entity: 'role', entityId: params.id,
      before: { permissions: before }, after: { permissions },
    });
  });
  return getRole(db, { id: params.id });
}

export const RESET_PERMISSIONS: readonly Permission[] = ['ADMIN.ACCESS'];

/** Deletes a role nobody holds; a role still assigned is refused (409). */
export async function deleteRole(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const [before] = await tx.select().from(staffRoles).where(eq(staffRoles.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'adminRoleNotFound');
    const [held] = await tx.select({ n: count() }).from(staffRoleAssignments).where(eq(staffRoleAssignments.roleId, params.id));
    if ((held?.n ?? 0) > 0) throw new AppError(409, 'adminRoleInUse');
    const perms = (await tx.select().from(staffRolePermissions).where(eq(staffRolePermissions.roleId, params.id))).map((p) => p.permission).sort();
    await tx.delete(staffRoles).where(eq(staffRoles.id, params.id));
    await checkStaffGrants(tx, params.actor, grants);
    await recordAudit(tx, params.actor, {
      action: 'delete', entity: 'role', entityId: params.id,
      before: { name: before.name, description: before.description, permissions: perms },
    });
  });
}
