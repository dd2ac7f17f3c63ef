import 'server-only';
import { eq } from 'drizzle-orm';
import { staffCreateInputSchema } from '@/contracts/admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/contracts/auth-rules';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword } from '@/server/auth/passwords';
import { permissionsOfScope } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { staff, staffRoleAssignments, staffRolePermissions, staffRoles } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, SYSTEM_ACTOR } from '@/server/modules/audit/record';
import { checkNewPassword } from '@/server/modules/auth/password-rules';
import { STANDARD_STAFF_ROLES, SUPER_ADMIN_ROLE } from './reference-data';

/** Why `npm run admin:create` refused, in a sentence for the operator's terminal. */
export class AdministratorRefused extends Error {}

/**
 * `npm run admin:create`: a super administrator (the role that holds every back-office permission), made from
 * the operator's terminal on a shop that has no staff yet or needs another. The login follows the staff
 * rules, the password the password policy (length, not a well-known password, not the login name); an
 * existing login is refused. One audit row, written by the system.
 */
export async function createAdministrator(db: Db, params: { loginName: string; password: string; name?: string }): Promise<{ id: number; loginName: string }> {
  const login = staffCreateInputSchema.shape.loginName.safeParse(params.loginName);
  if (!login.success) throw new AdministratorRefused('the login must be 3 to 40 characters: lower-case letters, digits, dot, dash or underscore, starting with a letter or digit.');
  const loginName = login.data;
  if (params.password.length < PASSWORD_MIN_LENGTH || params.password.length > PASSWORD_MAX_LENGTH) {
    throw new AdministratorRefused(`the password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`);
  }
  const digest = await sha256Hex(params.password);
  try {
    checkNewPassword({ loginName, password: digest, repeatPwd: digest });
  } catch (error) {
    if (error instanceof AppError) throw new AdministratorRefused('the password is too easy to guess (a well-known password, or the login itself): choose another.');
    throw error;
  }
  const name = (params.name ?? '').trim() || loginName;
  if (name.length > 40) throw new AdministratorRefused('the name may be at most 40 characters long.');
  const passwordHash = await hashPassword(digest);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.loginName, loginName));
    if (taken) throw new AdministratorRefused(`a staff member with the login "${loginName}" exists already: choose another login, or reset that member's password in the back-office.`);
    const roleId = await superAdministratorRole(tx);
    const [row] = await tx.insert(staff).values({ loginName, passwordHash, name }).returning({ id: staff.id });
    if (!row) throw new Error('the administrator was not inserted');
    await tx.insert(staffRoleAssignments).values({ staffId: row.id, roleId });
    await recordAudit(tx, SYSTEM_ACTOR, { action: 'create', entity: 'staff', entityId: row.id, after: { loginName, name, roles: [SUPER_ADMIN_ROLE] } });
    return { id: row.id, loginName };
  });
}

/**
 * The super administrator's role: made with every back-office permission when it is missing; refused when staff
 * have taken permissions from it (the new member would not be a super administrator).
 */
async function superAdministratorRole(tx: Db): Promise<number> {
  const [existing] = await tx.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.name, SUPER_ADMIN_ROLE));
  const all = permissionsOfScope('staff');
  if (!existing) {
    const role = STANDARD_STAFF_ROLES.find((r) => r.name === SUPER_ADMIN_ROLE);
    const [row] = await tx.insert(staffRoles).values({ name: SUPER_ADMIN_ROLE, description: role?.description ?? '' }).returning({ id: staffRoles.id });
    if (!row) throw new Error('the super administrator role was not inserted');
    await tx.insert(staffRolePermissions).values(all.map((permission) => ({ roleId: row.id, permission })));
    await recordAudit(tx, SYSTEM_ACTOR, { action: 'create', entity: 'role', entityId: row.id, after: { name: SUPER_ADMIN_ROLE, permissions: all } });
    return row.id;
  }
  const held = new Set((await tx.select({ permission: staffRolePermissions.permission }).from(staffRolePermissions)
    .where(eq(staffRolePermissions.roleId, existing.id))).map((r) => r.permission));
  const missing = all.filter((p) => !held.has(p));
  if (missing.length > 0) {
    throw new AdministratorRefused(`the role ${SUPER_ADMIN_ROLE} no longer holds every permission (${missing.join(', ')} missing): give it back in the back-office's roles page, or ask an administrator to add the member there.`);
  }
  return existing.id;
}
