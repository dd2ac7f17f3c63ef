import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { StaffTeamDto, StaffTeamInput } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { staff, staffTeams } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { checkStaffGrants, lockStaffGrants } from './grants';

const columns = {
  id: staffTeams.id, nameZh: staffTeams.nameZh, nameEn: staffTeams.nameEn, managerId: staffTeams.managerId, sort: staffTeams.sort,
  managerName: sql<string | null>`(select m.name from staff m where m.id = "staff_teams"."manager_id")`,
  members: sql<number>`(select count(*)::int from staff m where m.team_id = "staff_teams"."id")`,
};

const toDto = (r: { id: number; nameZh: string; nameEn: string; managerId: number | null; sort: number; managerName: string | null; members: number }): StaffTeamDto =>
  ({ ...r, members: Number(r.members) });

/** The teams by their order, with manager and member count. */
export async function listTeams(db: Db): Promise<StaffTeamDto[]> {
  return (await db.select(columns).from(staffTeams).orderBy(asc(staffTeams.sort), asc(staffTeams.id))).map(toDto);
}

async function getTeam(db: Db, id: number): Promise<StaffTeamDto> {
  const [row] = await db.select(columns).from(staffTeams).where(eq(staffTeams.id, id));
  if (!row) throw new AppError(404, 'adminTeamNotFound');
  return toDto(row);
}

async function checkInput(tx: Db, input: StaffTeamInput, id: number | null): Promise<void> {
  if (input.managerId !== null) {
    const [manager] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, input.managerId));
    if (!manager) throw new AppError(400, 'validation', [{ field: 'managerId', message: 'adminStaffNotFound' }]);
  }
  const [taken] = await tx.select({ id: staffTeams.id }).from(staffTeams).where(eq(staffTeams.nameZh, input.nameZh));
  if (taken && taken.id !== id) throw new AppError(409, 'adminTeamNameTaken', [{ field: 'nameZh', message: 'adminTeamNameTaken' }]);
}

const fields = (t: { nameZh: string; nameEn: string; managerId: number | null; sort: number }) => ({ nameZh: t.nameZh, nameEn: t.nameEn, managerId: t.managerId, sort: t.sort });

/** Adds a team; audited. Naming oneself its manager changes what one sees: refused by the grant rule. */
export async function createTeam(db: Db, actor: AuditActor, input: StaffTeamInput): Promise<StaffTeamDto> {
  const id = await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    await checkInput(tx, input, null);
    const [row] = await tx.insert(staffTeams).values(fields(input)).returning({ id: staffTeams.id });
    if (!row) throw new Error('Team was not inserted');
    await checkStaffGrants(tx, actor, grants);
    await recordAudit(tx, actor, { action: 'create', entity: 'staffTeam', entityId: row.id, after: fields(input) });
    return row.id;
  });
  return getTeam(db, id);
}

/** Renames a team, names its manager or moves it in the order; audited (nobody names or unnames themselves manager). */
export async function updateTeam(db: Db, actor: AuditActor, id: number, input: StaffTeamInput): Promise<StaffTeamDto> {
  await db.transaction(async (tx) => {
    const grants = await lockStaffGrants(tx);
    const [before] = await tx.select().from(staffTeams).where(eq(staffTeams.id, id)).for('update');
    if (!before) throw new AppError(404, 'adminTeamNotFound');
    await checkInput(tx, input, id);
    await tx.update(staffTeams).set(fields(input)).where(eq(staffTeams.id, id));
    await checkStaffGrants(tx, actor, grants);
    await recordAudit(tx, actor, { action: 'update', entity: 'staffTeam', entityId: id, before: fields(before), after: fields(input) });
  });
  return getTeam(db, id);
}

/** Deletes a team without members (409 while any member remains); audited. */
export async function deleteTeam(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffTeams).where(eq(staffTeams.id, id)).for('update');
    if (!before) throw new AppError(404, 'adminTeamNotFound');
    const [members] = await tx.select({ n: sql<number>`count(*)::int` }).from(staff).where(eq(staff.teamId, id));
    if (Number(members?.n ?? 0) > 0) throw new AppError(409, 'adminTeamHasMembers');
    await tx.delete(staffTeams).where(eq(staffTeams.id, id));
    await recordAudit(tx, actor, { action: 'delete', entity: 'staffTeam', entityId: id, before: fields(before) });
  });
}
