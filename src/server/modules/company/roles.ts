import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FunctionGroupDto, RoleAddInput, RoleDto, RoleUpdateInput } from '@/contracts/company';
import type { Lang } from '@/lib/lang';
import { PERMISSION_REGISTRY, permissionsOfScope, type Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { rolePermissions, roles, userRoles, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '@/server/modules/audit/record';
import { nameList, notFound, type CompanyActor } from './context';
import { checkCompanyGrants, lockCompanyGrants } from './grants';

/** How `/functions/all` groups the company permissions. */
const FUNCTION_GROUPS: readonly { key: string; zh: string; en: string; codes: readonly Permission[] }[] = [
  { key: 'orders', zh: '订单', en: 'Orders', codes: ['SALE.VIEW', 'SALE.CREATE', 'ORDER.APPROVE'] },
  { key: 'administration', zh: '单位管理', en: 'Company administration', codes: ['USER.VIEW', 'USER.EDIT', 'ROLE.EDIT', 'DEPARTMENT.EDIT', 'ADDRESS.EDIT'] },
  { key: 'inventory', zh: '库存', en: 'Inventory', codes: ['INVENTORY.VIEW', 'INVENTORY.EDIT', 'INVENTORY.CONTROLLED'] },
];

/** The company-scope permissions with their labels, grouped; a permission added later lands in "other". */
export function listFunctions(lang: Lang): FunctionGroupDto[] {
  const company = permissionsOfScope('company');
  const label = (code: Permission) => {
    const entry = PERMISSION_REGISTRY.find((p) => p.code === code);
    return entry ? entry[lang] : code;
  };
  const grouped = new Set(FUNCTION_GROUPS.flatMap((g) => g.codes));
  const groups = FUNCTION_GROUPS.map((g) => ({
    key: g.key, label: g[lang], functions: g.codes.filter((c) => company.includes(c)).map((code) => ({ code, label: label(code) })),
  }));
  const rest = company.filter((c) => !grouped.has(c));
  if (rest.length > 0) groups.push({ key: 'other', label: lang === 'zh' ? '其他' : 'Other', functions: rest.map((code) => ({ code, label: label(code) })) });
  return groups;
}

/** Company permissions only, each once; anything else is a 400 naming the field. */
function checkPermissions(list: readonly string[]): Permission[] {
  const allowed = permissionsOfScope('company') as string[];
  const bad = list.filter((p) => !allowed.includes(p));
  if (bad.length > 0) throw new AppError(400, 'validation', [{ field: 'permissions', message: 'unknownPermission' }]);
  return [...new Set(list)].sort() as Permission[];
}

export async function listRoles(db: Db, companyId: number): Promise<RoleDto[]> {
  const [rows, perms, counts] = await Promise.all([
    db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.id)),
    db.select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission }).from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId)).where(eq(roles.companyId, companyId)),
    db.select({ roleId: userRoles.roleId, n: sql<number>`count(*)::int` }).from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(roles.companyId, companyId)).groupBy(userRoles.roleId),
  ]);
  return rows.map((r) => ({
    ...r,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.permission).sort(),
    userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
  }));
}

async function getRole(db: Db, companyId: number, id: number): Promise<RoleDto> {
  const role = (await listRoles(db, companyId)).find((r) => r.id === id);
  if (!role) throw notFound('roleNotFound');
  return role;
}

async function assertNameFree(tx: Db, companyId: number, name: string, exceptId?: number): Promise<void> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, companyId), eq(roles.name, name)));
  if (row && row.id !== exceptId) throw new AppError(409, 'roleNameTaken', [{ field: 'name', message: 'roleNameTaken' }]);
}

export async function addRole(db: Db, actor: CompanyActor, input: RoleAddInput): Promise<RoleDto> {
  const permissions = checkPermissions(input.permissions);
  const id = await db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    await assertNameFree(tx, actor.companyId, input.name);
    const [row] = await tx.insert(roles).values({ companyId: actor.companyId, name: input.name, description: input.description }).returning({ id: roles.id });
    if (!row) throw new Error('Role was not inserted');
    if (permissions.length > 0) await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: row.id, permission })));
    await checkCompanyGrants(tx, actor, grants);
    await recordAudit(tx, actor.audit, {
      action: 'create', entity: 'role', entityId: row.id, companyId: actor.companyId,
      after: { name: input.name, description: input.description, permissions },
    });
    return row.id;
  });
  return getRole(db, actor.companyId, id);
}

/** Renames a role or replaces its permissions, as the grant rule allows. */
export async function updateRole(db: Db, actor: CompanyActor, input: RoleUpdateInput): Promise<RoleDto> {
  const permissions = input.permissions ? checkPermissions(input.permissions) : undefined;
  await db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    const [before] = await tx.select({ name: roles.name, description: roles.description }).from(roles)
      .where(and(eq(roles.id, input.id), eq(roles.companyId, actor.companyId))).for('update');
    if (!before) throw notFound('roleNotFound');
    if (input.name !== undefined) await assertNameFree(tx, actor.companyId, input.name, input.id);
    const set = Object.fromEntries(Object.entries({ name: input.name, description: input.description }).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await tx.update(roles).set(set).where(and(eq(roles.id, input.id), eq(roles.companyId, actor.companyId)));
    const beforePermissions = (await tx.select({ p: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, input.id))).map((r) => r.p).sort();
    if (permissions) {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, input.id));
      if (permissions.length > 0) await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: input.id, permission })));
      await checkCompanyGrants(tx, actor, grants);
    }
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'role', entityId: input.id, companyId: actor.companyId,
      before: { ...before, permissions: beforePermissions },
      after: { name: input.name, description: input.description, permissions },
    });
  });
  return getRole(db, actor.companyId, input.id);
}

/**
 * Deletes roles. A role still assigned to users is refused with their names (409 roleInUse): the
 * administrator first gives those users another role, so nobody loses permissions by surprise.
 */
export async function deleteRoles(db: Db, actor: CompanyActor, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    const rows = await tx.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles)
      .where(and(eq(roles.companyId, actor.companyId), inArray(roles.id, unique))).for('update');
    if (rows.length !== unique.length) throw notFound('roleNotFound');
    const holders = await tx.select({ role: roles.name, user: users.name }).from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId)).innerJoin(users, eq(users.id, userRoles.userId))
      .where(inArray(userRoles.roleId, unique)).orderBy(asc(users.name));
    if (holders.length > 0) {
      throw new AppError(409, 'roleInUse', { role: holders[0]?.role ?? '', users: nameList([...new Set(holders.map((h) => h.user))]) });
    }
    for (const row of rows) {
      const permissions = (await tx.select({ p: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, row.id))).map((r) => r.p).sort();
      await tx.delete(roles).where(and(eq(roles.id, row.id), eq(roles.companyId, actor.companyId)));
      await recordAudit(tx, actor.audit, {
        action: 'delete', entity: 'role', entityId: row.id, companyId: actor.companyId,
        before: { name: row.name, description: row.description, permissions },
      });
    }
    await checkCompanyGrants(tx, actor, grants);
    return rows.length;
  });
}
