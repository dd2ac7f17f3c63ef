import 'server-only';
import { and, asc, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  CompanyUserDto, ContactDto, SubAccountsDto, UserAddInput, UserListDto, UserListInput, UserUpdateInput,
} from '@/contracts/company';
import { hashPassword } from '@/server/auth/passwords';
import { revokeOtherSessions } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { companies, departments, roles, userRoles, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { recordAudit } from '@/server/modules/audit/record';
import { getRateLimits } from '@/server/modules/rate-limit/limits';
import { TAKEN_LOGIN_NOTICES_PER_TARGET } from '@/server/modules/rate-limit/policies';
import { deliverNotice } from '@/server/modules/verification/notify';
import { companyAdminId, notFound, requireCompanyRoles, type CompanyActor } from './context';
import { checkAddedCompanyUser, checkCompanyGrants, lockCompanyGrants } from './grants';

/**
 * Sub-accounts in use count against `companies.sub_account_limit`: the active accounts of type `sub`,
 * exactly the rows the user table marks 子账号 and not 停用. Employee accounts and the main account do not.
 */
const countsAsSubAccount = and(eq(users.accountType, 'sub'), eq(users.active, true));

export async function subAccountUsage(db: Db, companyId: number): Promise<SubAccountsDto> {
  const [company] = await db.select({ limit: companies.subAccountLimit }).from(companies).where(eq(companies.id, companyId));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.companyId, companyId), countsAsSubAccount));
  return { used: row?.n ?? 0, limit: company?.limit ?? 0 };
}

/** Locks the company row, then refuses when one more sub-account would pass the limit. */
async function assertSubAccountRoom(tx: Db, companyId: number): Promise<void> {
  const [company] = await tx.select({ limit: companies.subAccountLimit }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.companyId, companyId), countsAsSubAccount));
  const limit = company?.limit ?? 0;
  if ((row?.n ?? 0) >= limit) throw new AppError(409, 'subAccountLimit', { limit });
}

async function requireDepartment(db: Db, companyId: number, departmentId: number | null | undefined): Promise<void> {
  if (departmentId === null || departmentId === undefined) return;
  const [row] = await db.select({ id: departments.id }).from(departments).where(and(eq(departments.id, departmentId), eq(departments.companyId, companyId)));
  if (!row) throw notFound('departmentNotFound');
}

async function rolesOf(db: Db, companyId: number, userIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.companyId, companyId)))
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(asc(roles.name));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.userId, list);
  }
  return out;
}

const userColumns = {
  id: users.id, loginName: users.loginName, name: users.name, email: users.email, phone: users.phone, job: users.job,
  branch: users.branch, userinfoNo: users.userinfoNo, departmentId: users.departmentId, departmentName: departments.name,
  accountType: users.accountType, active: users.active, activated: sql<boolean>`(${users.passwordHash} <> '')`,
  monthlyLimit: users.monthlyLimit, createdAt: users.createdAt,
};

type UserRow = {
  id: number; loginName: string; name: string; email: string | null; phone: string | null; job: string; branch: string;
  userinfoNo: string; departmentId: number | null; departmentName: string | null; accountType: 'user' | 'employee' | 'sub';
  active: boolean; activated: boolean; monthlyLimit: string | null; createdAt: Date;
};

function toDto(row: UserRow, roleMap: Map<number, { id: number; name: string }[]>, adminId: number | null): CompanyUserDto {
  return {
    id: row.id, loginName: row.loginName, name: row.name, email: row.email, phone: row.phone, job: row.job, branch: row.branch,
    userinfoNo: row.userinfoNo,
    department: row.departmentId !== null && row.departmentName !== null ? { id: row.departmentId, name: row.departmentName } : null,
    roles: roleMap.get(row.id) ?? [], accountType: row.accountType, active: row.active, activated: Boolean(row.activated),
    isAdmin: row.id === adminId, monthlyLimit: row.monthlyLimit, createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** One page of the company's users with search, filters and sorting, the total and the sub-account usage. */
export async function listCompanyUsers(db: Db, params: UserListInput & { companyId: number }): Promise<UserListDto> {
  const conditions: SQL[] = [eq(users.companyId, params.companyId)];
  if (params.key) {
    const like = `%${escapeLike(params.key)}%`;
    const match = or(ilike(users.name, like), ilike(users.loginName, like), ilike(users.userinfoNo, like), ilike(users.job, like));
    if (match) conditions.push(match);
  }
  if (params.departmentId) conditions.push(eq(users.departmentId, params.departmentId));
  if (params.roleId) {
    conditions.push(exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, params.roleId)))));
  }
  if (params.status === 'active') conditions.push(eq(users.active, true), ne(users.passwordHash, ''));
  if (params.status === 'disabled') conditions.push(eq(users.active, false));
  if (params.status === 'pending') conditions.push(eq(users.active, true), eq(users.passwordHash, ''));
  const where = and(...conditions);
  const direction = params.order === 'asc' ? asc : desc;
  const sortColumn = { createdAt: users.createdAt, name: users.name, loginName: users.loginName, department: departments.name }[params.sort];
  const [rows, [count], adminId, subAccounts] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      .orderBy(direction(sortColumn), direction(users.id))
      .limit(params.limit)
      .offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
    companyAdminId(db, params.companyId),
    subAccountUsage(db, params.companyId),
  ]);
  const roleMap = await rolesOf(db, params.companyId, rows.map((r) => r.id));
  return { list: (rows as UserRow[]).map((r) => toDto(r, roleMap, adminId)), total: count?.n ?? 0, subAccounts };
}

export async function getCompanyUser(db: Db, companyId: number, id: number): Promise<CompanyUserDto> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
  if (!row) throw notFound('userNotFound');
  return toDto(row as UserRow, await rolesOf(db, companyId, [id]), await companyAdminId(db, companyId));
}

async function setRoles(tx: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

async function roleIdsOf(tx: Db, userId: number): Promise<number[]> {
  const rows = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.roleId));
  return rows.map((r) => r.roleId);
}

/**
 * Tells the owner of an existing login that a company tried to add it, in Chinese then English (the
 * owner's language is not known to the adding company): by e-mail, or by SMS for a mobile number. At
 * most TAKEN_LOGIN_NOTICES_PER_TARGET a day per login; beyond them nothing is sent and nothing is said.
 * A failure to deliver is logged. Answers what happened.
 */
export async function noticeLoginTaken(loginName: string): Promise<'sent' | 'skipped' | 'failed'> {
  try {
    if ((await getRateLimits().take(TAKEN_LOGIN_NOTICES_PER_TARGET, loginName)) > 0) {
      log('info', 'company.login_taken_notice_skipped', {});
      return 'skipped';
    }
    await deliverNotice(loginName, ['zh', 'en'], 'addedElsewhere');
    return 'sent';
  } catch (error) {
    log('warn', 'company.login_taken_notice_failed', { error: error instanceof Error ? error.message : String(error) });
    return 'failed';
  }
}

/**
 * Adds an employee account (no password: it activates through "register as employee" with a code,
 * ADR 0011) or a sub-account with the password the administrator chose, within the sub-account limit.
 * A login that already exists (in any company) is answered exactly as a new one, so that the answer
 * never tells whether an account exists: the same password hashing, grant check and insert statement
 * run for both, nothing is written for a taken login, and its owner gets a notice sent in the
 * background (the answer never waits for it). Accounts never move between companies.
 */
export async function addCompanyUser(db: Db, actor: CompanyActor, input: UserAddInput): Promise<{ ok: true }> {
  const passwordHash = input.accountType === 'sub' && input.password ? await hashPassword(input.password) : '';
  const added = await db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    if (input.accountType === 'sub') await assertSubAccountRoom(tx, actor.companyId);
    await requireDepartment(tx, actor.companyId, input.departmentId);
    await requireCompanyRoles(tx, actor.companyId, input.roleIds);
    // The grant rule answers before the login is looked up, alike for a new and an existing one.
    checkAddedCompanyUser(actor, grants, { roleIds: input.roleIds, monthlyLimit: input.monthlyLimit ?? null });
    const isEmail = input.loginName.includes('@');
    // One statement for a new and a taken login (another request may take it at any moment): no row for a taken one.
    const [row] = await tx
      .insert(users)
      .values({
        companyId: actor.companyId, departmentId: input.departmentId ?? null, loginName: input.loginName,
        email: isEmail ? input.loginName : null, phone: isEmail ? null : input.loginName, passwordHash,
        name: input.name, job: input.job, branch: input.branch, userinfoNo: input.userinfoNo,
        monthlyLimit: input.monthlyLimit ?? null, accountType: input.accountType, active: true,
      })
      .onConflictDoNothing({ target: users.loginName })
      .returning({ id: users.id });
    if (row) await setRoles(tx, row.id, input.roleIds);
    await checkCompanyGrants(tx, actor, grants);
    if (!row) return false;
    await recordAudit(tx, actor.audit, {
      action: 'create', entity: 'user', entityId: row.id, companyId: actor.companyId,
      after: {
        loginName: input.loginName, name: input.name, job: input.job, branch: input.branch, userinfoNo: input.userinfoNo,
        departmentId: input.departmentId ?? null, roleIds: [...new Set(input.roleIds)].sort((a, b) => a - b),
        monthlyLimit: input.monthlyLimit ?? null, accountType: input.accountType,
      },
    });
    return true;
  });
  if (!added) {
    log('info', 'company.user_add_login_taken', { companyId: actor.companyId });
    void noticeLoginTaken(input.loginName);
  }
  return { ok: true };
}

function refuseSelfOrAdmin(actor: CompanyActor, adminId: number | null, userId: number): void {
  if (userId === actor.userId) throw new AppError(409, 'cannotDisableSelf');
  if (userId === adminId) throw new AppError(409, 'cannotDisableAdmin');
}

/** The administrator edits a user; disabling ends every session of the user in the same transaction. */
export async function updateCompanyUser(db: Db, actor: CompanyActor, input: UserUpdateInput): Promise<CompanyUserDto> {
  await db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    const [before] = await tx
      .select({
        name: users.name, job: users.job, branch: users.branch, userinfoNo: users.userinfoNo, departmentId: users.departmentId,
        active: users.active, monthlyLimit: users.monthlyLimit, accountType: users.accountType,
      })
      .from(users)
      .where(and(eq(users.id, input.id), eq(users.companyId, actor.companyId)))
      .for('update');
    if (!before) throw notFound('userNotFound');
    const adminId = await companyAdminId(tx, actor.companyId);
    if (input.active === false && before.active) refuseSelfOrAdmin(actor, adminId, input.id);
    if (input.active === true && !before.active && before.accountType === 'sub') await assertSubAccountRoom(tx, actor.companyId);
    await requireDepartment(tx, actor.companyId, input.departmentId);
    const beforeRoles = await roleIdsOf(tx, input.id);
    const patch = {
      name: input.name, job: input.job, branch: input.branch, userinfoNo: input.userinfoNo, departmentId: input.departmentId,
      active: input.active, monthlyLimit: input.monthlyLimit,
    };
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await tx.update(users).set(set).where(and(eq(users.id, input.id), eq(users.companyId, actor.companyId)));
    let afterRoles: number[] | undefined;
    if (input.roleIds) {
      await requireCompanyRoles(tx, actor.companyId, input.roleIds);
      await setRoles(tx, input.id, input.roleIds);
      afterRoles = [...new Set(input.roleIds)].sort((a, b) => a - b);
    }
    await checkCompanyGrants(tx, actor, grants);
    if (input.active === false && before.active) await revokeOtherSessions(tx, { subjectType: 'user', subjectId: input.id });
    await recordAudit(tx, actor.audit, {
      action: input.active === false && before.active ? 'disable' : 'update', entity: 'user', entityId: input.id, companyId: actor.companyId,
      before: { ...before, accountType: undefined, roleIds: beforeRoles },
      after: { ...patch, roleIds: afterRoles },
    });
  });
  return getCompanyUser(db, actor.companyId, input.id);
}

/** Disables users ("delete" of docs/requirements/account.md#company-administration): their sessions end at once; never oneself or the administrator. */
export async function disableCompanyUsers(db: Db, actor: CompanyActor, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    const rows = await tx
      .select({ id: users.id, active: users.active })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), inArray(users.id, unique)))
      .for('update');
    if (rows.length !== unique.length) throw notFound('userNotFound');
    const adminId = await companyAdminId(tx, actor.companyId);
    for (const id of unique) refuseSelfOrAdmin(actor, adminId, id);
    let changed = 0;
    for (const row of rows) {
      if (!row.active) continue;
      await tx.update(users).set({ active: false }).where(and(eq(users.id, row.id), eq(users.companyId, actor.companyId)));
      await revokeOtherSessions(tx, { subjectType: 'user', subjectId: row.id });
      await recordAudit(tx, actor.audit, { action: 'disable', entity: 'user', entityId: row.id, companyId: actor.companyId, before: { active: true }, after: { active: false } });
      changed++;
    }
    await checkCompanyGrants(tx, actor, grants);
    return changed;
  });
}

/** Puts users into a department (or none). */
export async function assignDepartment(db: Db, actor: CompanyActor, params: { ids: readonly number[]; departmentId: number | null }): Promise<number> {
  const unique = [...new Set(params.ids)];
  return db.transaction(async (tx) => {
    await requireDepartment(tx, actor.companyId, params.departmentId);
    const rows = await tx
      .select({ id: users.id, departmentId: users.departmentId })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), inArray(users.id, unique)));
    if (rows.length !== unique.length) throw notFound('userNotFound');
    await tx.update(users).set({ departmentId: params.departmentId }).where(and(eq(users.companyId, actor.companyId), inArray(users.id, unique)));
    for (const row of rows) {
      await recordAudit(tx, actor.audit, {
        action: 'update', entity: 'user', entityId: row.id, companyId: actor.companyId,
        before: { departmentId: row.departmentId }, after: { departmentId: params.departmentId },
      });
    }
    return rows.length;
  });
}

/** Replaces a user's roles, as the grant rule allows. */
export async function assignRoles(db: Db, actor: CompanyActor, params: { id: number; roleIds: readonly number[] }): Promise<CompanyUserDto> {
  await db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, params.id), eq(users.companyId, actor.companyId)));
    if (!user) throw notFound('userNotFound');
    await requireCompanyRoles(tx, actor.companyId, params.roleIds);
    const before = await roleIdsOf(tx, params.id);
    await setRoles(tx, params.id, params.roleIds);
    await checkCompanyGrants(tx, actor, grants);
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'user', entityId: params.id, companyId: actor.companyId,
      before: { roleIds: before }, after: { roleIds: [...new Set(params.roleIds)].sort((a, b) => a - b) },
    });
  });
  return getCompanyUser(db, actor.companyId, params.id);
}

/** Colleagues of the company who can be reached: active users, by name. */
export async function listContacts(db: Db, companyId: number): Promise<ContactDto[]> {
  return db
    .select({ id: users.id, name: users.name, department: departments.name, job: users.job, email: users.email, phone: users.phone })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.companyId, companyId), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
}
