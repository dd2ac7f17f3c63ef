import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { StaffMemberDto } from '@/contracts/admin';
import { sha256Hex } from '@/lib/sha256';
import type { Lang } from '@/lib/lang';
import { hashPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/client';
import { sessions, staff, staffRoleAssignments, staffRoles, staffTeams } from '@/server/db/schema';
import { escapeLike } from '@/server/db/like';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate } from '@/server/modules/mail/templates';
import { withAccessChanged } from '@/server/auth/grants';
import { checkStaffGrants, lockStaffGrants } from './grants';

type StaffSort = 'createdAt' | '-createdAt' | 'name' | '-name' | 'loginName' | '-loginName';

export async function listStaff(
  db: Db,
  params: { key?: string; active?: boolean; roleId?: number; sort: StaffSort; limit: number; offset: number },
): Promise<{ total: number; items: StaffMemberDto[] }> {
  const conditions: (SQL | undefined)[] = [];
  if (params.key) {
    const like = `%${escapeLike(params.key)}%`;
    conditions.push(or(ilike(staff.name, like), ilike(staff.loginName, like), ilike(staff.email, like), ilike(staff.phone, like)));
  }
  if (params.active !== undefined) conditions.push(eq(staff.active, params.active));
  if (params.roleId) {
    conditions.push(inArray(staff.id, db.select({ id: staffRoleAssignments.staffId }).from(staffRoleAssignments).where(eq(staffRoleAssignments.roleId, params.roleId))));
  }
  const where = and(...conditions);
  const column = { createdAt: staff.createdAt, name: staff.name, loginName: staff.loginName }[params.sort.replace('-', '') as 'createdAt' | 'name' | 'loginName'];
  const order = params.sort.startsWith('-') ? desc(column) : asc(column);
  const [totalRow] = await db.select({ n: count() }).from(staff).where(where);
  const rows = await db.select().from(staff).where(where).orderBy(order, asc(staff.id))
    .limit(params.limit).offset((params.offset - 1) * params.limit);
  return { total: totalRow?.n ?? 0, items: await withRoles(db, rows) };
}

export async function getStaffMember(db: Db, params: { id: number }): Promise<StaffMemberDto> {
  const rows = await db.select().from(staff).where(eq(staff.id, params.id));
  const [member] = await withRoles(db, rows);
  if (!member) throw new AppError(404, 'adminStaffNotFound');
  return member;
}

async function withRoles(db: Db, rows: (typeof staff.$inferSelect)[]): Promise<StaffMemberDto[]> {
  if (rows.length === 0) return [];
  const assigned = await db.select({ staffId: staffRoleAssignments.staffId, id: staffRoles.id, name: staffRoles.name })
    .from(staffRoleAssignments).innerJoin(staffRoles, eq(staffRoles.id, staffRoleAssignments.roleId))
    .where(inArray(staffRoleAssignments.staffId, rows.map((r) => r.id))).orderBy(asc(staffRoles.id));
  const teamIds = [...new Set(rows.map((r) => r.teamId).filter((id): id is number => id !== null))];
  const teams = teamIds.length ? await db.select().from(staffTeams).where(inArray(staffTeams.id, teamIds)) : [];
  return rows.map((r) => ({
    id: r.id, loginName: r.loginName, name: r.name, email: r.email, phone: r.phone, active: r.active,
    roles: assigned.filter((a) => a.staffId === r.id).map((a) => ({ id: a.id, name: a.name })),
    teamId: r.teamId, teamZh: teams.find((x) => x.id === r.teamId)?.nameZh ?? null, teamEn: teams.find((x) => x.id === r.teamId)?.nameEn ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function checkRoles(db: Db, roleIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(roleIds)].sort((a, b) => a - b);
  if (ids.length === 0) return ids;
  const found = await db.select({ id: staffRoles.id }).from(staffRoles).where(inArray(staffRoles.id, ids));
  if (found.length !== ids.length) throw new AppError(400, 'validation', [{ field: 'roleIds', message: 'adminRoleNotFound' }]);
  return ids;
}

async function roleNames(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.select({ name: staffRoles.name }).from(staffRoles).where(inArray(staffRoles.id, [...ids])).orderBy(asc(staffRoles.id))).map((r) => r.name);
}

interface StaffFields { name: string; email: string; phone: string; roleIds: readonly number[]; teamId?: number | null }

async function checkTeam(db: Db, teamId: number | null | undefined): Promise<void> {
  if (teamId === null || teamId === undefined) return;
  const [found] = await db.select({ id: staffTeams.id }).from(staffTeams).where(eq(staffTeams.id, teamId));
  if (!found) throw new AppError(400, 'validation', [{ field: 'teamId', message: 'adminTeamNotFound' }]);
}

async function teamName(db: Db, teamId: number | null): Promise<string | null> {
  if (teamId === null) return null;
  const [found] = await db.select({ name: staffTeams.nameZh }).from(staffTeams).where(eq(staffTeams.id, teamId));
  return found?.name ?? null;
}

export async function createStaffMember(
  db: Db,
  params: StaffFields & { actor: AuditActor; loginName: string; passwordDigest: string },
): Promise<StaffMemberDto> {
  const passwordHash = await hashPassword(params.passwordDigest);
  const id = await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const roleIds = await checkRoles(tx, params.roleIds);
    await checkTeam(tx, params.teamId);
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.loginName, params.loginName));
    if (taken) throw new AppError(409, 'adminLoginNameTaken', [{ field: 'loginName', message: 'adminLoginNameTaken' }]);
    const [row] = await tx.insert(staff)
      .values({ loginName: params.loginName, passwordHash, name: params.name, email: params.email, phone: params.phone, teamId: params.teamId ?? null })
      .returning({ id: staff.id });
    if (!row) throw new AppError(500);
    if (roleIds.length > 0) await tx.insert(staffRoleAssignments).values(roleIds.map((roleId) => ({ staffId: row.id, roleId })));
    await checkStaffGrants(tx, params.actor, grants);
    await recordAudit(tx, params.actor, {
      action: 'create', entity: 'staff', entityId: row.id,
      after: { loginName: params.loginName, name: params.name, email: params.email, phone: params.phone, roles: await roleNames(tx, roleIds), team: await teamName(tx, params.teamId ?? null) },
    });
    return row.id;
  });
  return getStaffMember(db, { id });
}

export async function updateStaffMember(db: Db, params: StaffFields & { actor: AuditActor; id: number }): Promise<StaffMemberDto> {
  await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const [before] = await tx.select().from(staff).where(eq(staff.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'adminStaffNotFound');
    const roleIds = await checkRoles(tx, params.roleIds);
    await checkTeam(tx, params.teamId);
    const teamId = params.teamId === undefined ? before.teamId : params.teamId;
    const beforeRoleIds = (await tx.select({ id: staffRoleAssignments.roleId }).from(staffRoleAssignments)
      .where(eq(staffRoleAssignments.staffId, params.id))).map((r) => r.id).sort((a, b) => a - b);
    await tx.update(staff).set({ name: params.name, email: params.email, phone: params.phone, teamId }).where(eq(staff.id, params.id));
    await tx.delete(staffRoleAssignments).where(eq(staffRoleAssignments.staffId, params.id));
    if (roleIds.length > 0) await tx.insert(staffRoleAssignments).values(roleIds.map((roleId) => ({ staffId: params.id, roleId })));
    await checkStaffGrants(tx, params.actor, grants);
    await recordAudit(tx, params.actor, {
      action: 'update', entity: 'staff', entityId: params.id,
      before: { name: before.name, email: before.email, phone: before.phone, roles: await roleNames(tx, beforeRoleIds), team: await teamName(tx, before.teamId) },
      after: { name: params.name, email: params.email, phone: params.phone, roles: await roleNames(tx, roleIds), team: await teamName(tx, teamId) },
    });
  });
  return getStaffMember(db, { id: params.id });
}

/**
 * The one transition of a staff member's state: enabled ⇄ disabled. Disabling ends every session of
 * the member in the same transaction, so the next request with any of them is a guest's.
 */
export async function setStaffActive(
  db: Db,
  params: { actor: AuditActor; id: number; active: boolean },
): Promise<StaffMemberDto> {
  await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const [before] = await tx.select().from(staff).where(eq(staff.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'adminStaffNotFound');
    if (!params.active && params.id === params.actor.id) throw new AppError(409, 'adminCannotDisableSelf');
    if (before.active === params.active) throw new AppError(409, params.active ? 'adminAlreadyEnabled' : 'adminAlreadyDisabled');
    await tx.update(staff).set({ active: params.active }).where(eq(staff.id, params.id));
    await checkStaffGrants(tx, params.actor, grants);
    let ended = 0;
    if (!params.active) ended = await endSessions(tx, params.id);
    await recordAudit(tx, params.actor, {
      action: params.active ? 'enable' : 'disable', entity: 'staff', entityId: params.id,
      before: { active: before.active }, after: { active: params.active },
      ...(params.active ? {} : { note: { sessionsEnded: ended } }),
    });
  });
  return getStaffMember(db, { id: params.id });
}

async function endSessions(tx: Db, staffId: number): Promise<number> {
  const ended = await tx.update(sessions).set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.subjectType, 'staff'), eq(sessions.subjectId, staffId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Resets a staff member's password to a random one mailed to their address; their sessions end. A
 * member without an e-mail address cannot be reset this way (409).
 */
export async function resetStaffPassword(db: Db, params: { actor: AuditActor; id: number; lang: Lang }): Promise<{ sent: boolean }> {
  const password = randomPassword();
  const passwordHash = await hashPassword(await sha256Hex(password));
  // The member and their address are read under the grant lock, as this transaction changes them.
  const member = await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const [row] = await tx.select({ name: staff.name, loginName: staff.loginName, email: staff.email }).from(staff).where(eq(staff.id, params.id)).for('update');
    if (!row) throw new AppError(404, 'adminStaffNotFound');
    if (!row.email) throw new AppError(409, 'adminStaffNoEmail');
    await checkStaffGrants(tx, params.actor, grants, withAccessChanged(grants, params.id));
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, params.id));
    const ended = await endSessions(tx, params.id);
    await recordAudit(tx, params.actor, { action: 'resetPassword', entity: 'staff', entityId: params.id, note: { sessionsEnded: ended, mailedTo: row.email } });
    return { ...row, email: row.email };
  });
  const m = serverMessages(params.lang).admin.mail;
  const values = { name: member.name, loginName: member.loginName, password };
  await sendMail({ to: member.email, subject: m.resetSubject, text: fillTemplate(m.resetBody, values) });
  return { sent: true };
}

/** 12 characters from an alphabet without look-alikes, with a digit, a capital and a sign as password rules want. */
function randomPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(9);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out}A7#`;
}

