import 'server-only';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApprovalRuleDto, ApprovalRuleInput, ApprovalRuleOptionsDto } from '@/contracts/approvals';
import { isPermission, permissionNames, permissionsOfScope } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { staff, staffApprovalRequests, staffApprovalRuleTiers, staffApprovalRules, staffTeams } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/** Every rule with its tiers, by entity type and priority. */
export async function listApprovalRules(db: Db): Promise<ApprovalRuleDto[]> {
  const rules = await db.select().from(staffApprovalRules).orderBy(asc(staffApprovalRules.entityType), asc(staffApprovalRules.priority), asc(staffApprovalRules.id));
  const tiers = rules.length
    ? await db.select().from(staffApprovalRuleTiers).where(inArray(staffApprovalRuleTiers.ruleId, rules.map((r) => r.id))).orderBy(asc(staffApprovalRuleTiers.seq))
    : [];
  const teams = new Map((await db.select({ id: staffTeams.id, name: staffTeams.nameZh }).from(staffTeams)).map((t) => [t.id, t.name]));
  const members = new Map((await db.select({ id: staff.id, name: staff.name }).from(staff)).map((s) => [s.id, s.name]));
  return rules.map((r) => ({
    id: r.id, entityType: r.entityType as ApprovalRuleDto['entityType'], name: r.name, amountAbove: r.amountAbove, amountUpTo: r.amountUpTo,
    category: r.category, teamId: r.teamId, teamName: r.teamId === null ? null : (teams.get(r.teamId) ?? null), priority: r.priority, active: r.active,
    tiers: tiers.filter((t) => t.ruleId === r.id).map((t) => ({
      seq: t.seq, approverKind: t.approverKind, permission: t.permission, teamId: t.teamId, teamName: t.teamId === null ? null : (teams.get(t.teamId) ?? null),
      staffId: t.staffId, staffName: t.staffId === null ? null : (members.get(t.staffId) ?? null),
    })),
  }));
}

/** Checks a rule's parts refer to what exists: the range, teams, members and permissions (400 with the field). */
async function checkRule(db: Db, input: ApprovalRuleInput): Promise<void> {
  const fields: { field: string; message: string }[] = [];
  if (input.amountAbove !== undefined && input.amountUpTo !== undefined && Number(input.amountAbove) >= Number(input.amountUpTo)) {
    fields.push({ field: 'amountUpTo', message: 'approvalRangeInvalid' });
  }
  const teamIds = [input.teamId, ...input.tiers.map((t) => t.teamId)].filter((v): v is number => v !== undefined);
  const known = teamIds.length ? await db.select({ id: staffTeams.id }).from(staffTeams).where(inArray(staffTeams.id, teamIds)) : [];
  if (input.teamId !== undefined && !known.some((t) => t.id === input.teamId)) fields.push({ field: 'teamId', message: 'approvalTeamUnknown' });
  for (const [i, tier] of input.tiers.entries()) {
    if (tier.approverKind === 'permission' && (!tier.permission || !isPermission(tier.permission))) fields.push({ field: `tiers.${i}.permission`, message: 'unknownPermission' });
    if (tier.teamId !== undefined && !known.some((t) => t.id === tier.teamId)) fields.push({ field: `tiers.${i}.teamId`, message: 'approvalTeamUnknown' });
    if (tier.approverKind === 'staff') {
      const [member] = tier.staffId === undefined ? [] : await db.select({ id: staff.id }).from(staff).where(eq(staff.id, tier.staffId));
      if (!member) fields.push({ field: `tiers.${i}.staffId`, message: 'adminStaffNotFound' });
    }
  }
  if (fields.length) throw new AppError(400, 'validation', fields);
}

function ruleValues(input: ApprovalRuleInput) {
  return {
    entityType: input.entityType, name: input.name, amountAbove: input.amountAbove ?? null, amountUpTo: input.amountUpTo ?? null,
    category: input.category ?? null, teamId: input.teamId ?? null, priority: input.priority, active: input.active,
  };
}

function tierValues(ruleId: number, input: ApprovalRuleInput) {
  return input.tiers.map((t, i) => ({
    ruleId, seq: i + 1, approverKind: t.approverKind,
    permission: t.approverKind === 'permission' ? (t.permission ?? null) : null,
    teamId: t.approverKind === 'permission' ? (t.teamId ?? null) : null,
    staffId: t.approverKind === 'staff' ? (t.staffId ?? null) : null,
  }));
}

const audited = (input: ApprovalRuleInput) => ({
  entityType: input.entityType, name: input.name, amountAbove: input.amountAbove ?? null, amountUpTo: input.amountUpTo ?? null,
  category: input.category ?? null, teamId: input.teamId ?? null, priority: input.priority, active: input.active,
  tiers: input.tiers.map((t) => `${t.approverKind}:${t.permission ?? ''}:${t.teamId ?? ''}:${t.staffId ?? ''}`),
});

export async function createApprovalRule(db: Db, actor: AuditActor, input: ApprovalRuleInput): Promise<ApprovalRuleDto[]> {
  await checkRule(db, input);
  await db.transaction(async (tx) => {
    const [rule] = await tx.insert(staffApprovalRules).values(ruleValues(input)).returning({ id: staffApprovalRules.id });
    if (!rule) throw new AppError(500);
    await tx.insert(staffApprovalRuleTiers).values(tierValues(rule.id, input));
    await recordAudit(tx, actor, { action: 'create', entity: 'approval_rule', entityId: rule.id, after: audited(input) });
  });
  return listApprovalRules(db);
}

/** Replaces a rule and its tiers; requests already open keep the steps they were given. */
export async function updateApprovalRule(db: Db, actor: AuditActor, id: number, input: ApprovalRuleInput): Promise<ApprovalRuleDto[]> {
  await checkRule(db, input);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffApprovalRules).where(eq(staffApprovalRules.id, id)).for('update');
    if (!before) throw new AppError(404, 'approvalRuleNotFound');
    await tx.update(staffApprovalRules).set({ ...ruleValues(input), updatedAt: new Date() }).where(eq(staffApprovalRules.id, id));
    await tx.delete(staffApprovalRuleTiers).where(eq(staffApprovalRuleTiers.ruleId, id));
    await tx.insert(staffApprovalRuleTiers).values(tierValues(id, input));
    await recordAudit(tx, actor, {
      action: 'update', entity: 'approval_rule', entityId: id,
      before: { name: before.name, amountAbove: before.amountAbove, amountUpTo: before.amountUpTo, category: before.category, teamId: before.teamId, priority: before.priority, active: before.active },
      after: audited(input),
    });
  });
  return listApprovalRules(db);
}

/** Deletes a rule no request used; a used one is refused (409 `approvalRuleInUse`: deactivate it instead). */
export async function deleteApprovalRule(db: Db, actor: AuditActor, id: number): Promise<ApprovalRuleDto[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffApprovalRules).where(eq(staffApprovalRules.id, id)).for('update');
    if (!before) throw new AppError(404, 'approvalRuleNotFound');
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(staffApprovalRequests).where(eq(staffApprovalRequests.ruleId, id));
    if (Number(used?.n ?? 0) > 0) throw new AppError(409, 'approvalRuleInUse');
    await tx.delete(staffApprovalRules).where(eq(staffApprovalRules.id, id));
    await recordAudit(tx, actor, { action: 'delete', entity: 'approval_rule', entityId: id, before: { name: before.name, entityType: before.entityType } });
  });
  return listApprovalRules(db);
}

/** What a rule's form chooses from: the teams, the active staff and the staff permissions. */
export async function approvalRuleOptions(db: Db): Promise<ApprovalRuleOptionsDto> {
  const [teams, members] = await Promise.all([
    db.select({ id: staffTeams.id, nameZh: staffTeams.nameZh, nameEn: staffTeams.nameEn }).from(staffTeams).orderBy(asc(staffTeams.sort), asc(staffTeams.id)),
    db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.active, true)).orderBy(asc(staff.id)),
  ]);
  return { teams, staff: members, permissions: permissionsOfScope('staff').map((code) => ({ code, ...permissionNames(code) })) };
}
