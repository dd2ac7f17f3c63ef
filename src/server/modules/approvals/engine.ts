import 'server-only';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalEntityType, ApprovalRequestDto, ApprovalStepDto } from '@/contracts/approvals';
import { rowsOf, type Db } from '@/server/db/client';
import { staff, staffApprovalRequests, staffApprovalRuleTiers, staffApprovalRules, staffApprovalSteps, staffTeams } from '@/server/db/schema';
import { permissionNames } from '@/server/auth/permissions';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/** The part of a staff actor the engine needs: who, which team, which permissions. */
export interface Approver {
  staffId: number;
  teamId: number | null;
  permissions: readonly string[];
}

/** The staff member's team, read from the database (the session carries roles, not the team). */
export async function approverOf(db: Db, actor: { staffId: number; permissions: readonly string[] }): Promise<Approver> {
  const [row] = await db.select({ teamId: staff.teamId }).from(staff).where(eq(staff.id, actor.staffId));
  return { staffId: actor.staffId, teamId: row?.teamId ?? null, permissions: actor.permissions };
}

/**
 * The condition "this pending step waits for this member", over the aliases `s` (step) and `r`
 * (request): the step's named member, or a holder of the step's permission (in its team when it
 * names one) — never the applicant.
 */
export function waitsFor(me: Approver): SQL {
  const perms = me.permissions.length ? sql`s.permission in (${sql.join(me.permissions.map((p) => sql`${p}`), sql`, `)})` : sql`false`;
  const team = me.teamId === null ? sql`s.team_id is null` : sql`(s.team_id is null or s.team_id = ${me.teamId})`;
  return sql`(s.status = 'pending' and r.applicant_id <> ${me.staffId}
    and (s.approver_id = ${me.staffId} or (s.approver_kind = 'permission' and ${perms} and ${team})))`;
}

export interface OpenApprovalInput {
  actor: AuditActor;
  entityType: ApprovalEntityType;
  entityId: number;
  applicantId: number;
  teamId: number | null;
  amount: string;
  category: string | null;
  subject: string;
}

/**
 * Opens an approval request for an entity, inside the caller's transaction: the first active rule of
 * the entity type whose conditions hold (amount range, category, team; lowest priority first) gives
 * the tiers; a team-manager tier is resolved to the applicant team's manager now. The first step is
 * pending, the others wait. Refused with 409 when no rule applies (`approvalNoRule`), or a tier has
 * nobody but the applicant to decide (`approvalNoApprover`). Audited.
 */
export async function openApproval(tx: Db, input: OpenApprovalInput): Promise<number> {
  const [rule] = await tx.select().from(staffApprovalRules).where(and(
    eq(staffApprovalRules.entityType, input.entityType),
    eq(staffApprovalRules.active, true),
    sql`(${staffApprovalRules.amountAbove} is null or ${input.amount}::numeric > ${staffApprovalRules.amountAbove})`,
    sql`(${staffApprovalRules.amountUpTo} is null or ${input.amount}::numeric <= ${staffApprovalRules.amountUpTo})`,
    sql`(${staffApprovalRules.category} is null or ${staffApprovalRules.category} = ${input.category ?? ''})`,
    input.teamId === null ? sql`${staffApprovalRules.teamId} is null` : sql`(${staffApprovalRules.teamId} is null or ${staffApprovalRules.teamId} = ${input.teamId})`,
  )).orderBy(asc(staffApprovalRules.priority), asc(staffApprovalRules.id)).limit(1);
  if (!rule) throw new AppError(409, 'approvalNoRule');
  const tiers = await tx.select().from(staffApprovalRuleTiers).where(eq(staffApprovalRuleTiers.ruleId, rule.id)).orderBy(asc(staffApprovalRuleTiers.seq));
  if (!tiers.length) throw new AppError(409, 'approvalNoRule');
  const resolved: { seq: number; approverKind: typeof tiers[number]['approverKind']; permission: string | null; teamId: number | null; approverId: number | null }[] = [];
  for (const tier of tiers) {
    if (tier.approverKind === 'team_manager') {
      const [team] = input.teamId === null ? [] : await tx.select({ managerId: staffTeams.managerId }).from(staffTeams).where(eq(staffTeams.id, input.teamId));
      const managerId = team?.managerId ?? null;
      if (managerId === null || managerId === input.applicantId) throw new AppError(409, 'approvalNoApprover');
      resolved.push({ seq: tier.seq, approverKind: tier.approverKind, permission: null, teamId: input.teamId, approverId: managerId });
    } else if (tier.approverKind === 'staff') {
      if (tier.staffId === null || tier.staffId === input.applicantId) throw new AppError(409, 'approvalNoApprover');
      resolved.push({ seq: tier.seq, approverKind: tier.approverKind, permission: null, teamId: null, approverId: tier.staffId });
    } else {
      const holders = rowsOf<{ n: number }>(await tx.execute(sql`
        select count(*)::int as n from staff m
        join staff_role_assignments a on a.staff_id = m.id
        join staff_role_permissions p on p.role_id = a.role_id and p.permission = ${tier.permission ?? ''}
        where m.active and m.id <> ${input.applicantId} ${tier.teamId === null ? sql`` : sql`and m.team_id = ${tier.teamId}`}`));
      if (!tier.permission || !holders[0]?.n) throw new AppError(409, 'approvalNoApprover');
      resolved.push({ seq: tier.seq, approverKind: tier.approverKind, permission: tier.permission, teamId: tier.teamId, approverId: null });
    }
  }
  const first = resolved[0]!;
  const [request] = await tx.insert(staffApprovalRequests).values({
    entityType: input.entityType, entityId: input.entityId, ruleId: rule.id, applicantId: input.applicantId, teamId: input.teamId,
    subject: input.subject, amount: input.amount, category: input.category, status: 'pending', currentSeq: first.seq,
  }).returning({ id: staffApprovalRequests.id });
  if (!request) throw new AppError(500);
  const now = new Date();
  await tx.insert(staffApprovalSteps).values(resolved.map((t, i) => ({
    requestId: request.id, seq: t.seq, approverKind: t.approverKind, permission: t.permission, teamId: t.teamId, approverId: t.approverId,
    status: i === 0 ? 'pending' as const : 'waiting' as const, activatedAt: i === 0 ? now : null,
  })));
  await recordAudit(tx, input.actor, {
    action: 'submit', entity: 'approval_request', entityId: request.id, after: { status: 'pending', currentSeq: first.seq },
    note: { entityType: input.entityType, entityId: input.entityId, ruleId: rule.id, amount: input.amount, tiers: resolved.length },
  });
  return request.id;
}

/** Withdraws the entity's pending request (its steps are cancelled), inside the caller's transaction; audited. */
export async function withdrawApproval(tx: Db, actor: AuditActor, entityType: ApprovalEntityType, entityId: number): Promise<void> {
  const [request] = await tx.select().from(staffApprovalRequests)
    .where(and(eq(staffApprovalRequests.entityType, entityType), eq(staffApprovalRequests.entityId, entityId), eq(staffApprovalRequests.status, 'pending')))
    .for('update');
  if (!request) return;
  await tx.update(staffApprovalRequests).set({ status: 'withdrawn', currentSeq: null, decidedAt: new Date() }).where(eq(staffApprovalRequests.id, request.id));
  await tx.update(staffApprovalSteps).set({ status: 'cancelled' })
    .where(and(eq(staffApprovalSteps.requestId, request.id), sql`${staffApprovalSteps.status} in ('pending', 'waiting')`));
  await recordAudit(tx, actor, { action: 'withdraw', entity: 'approval_request', entityId: request.id, before: { status: 'pending' }, after: { status: 'withdrawn' }, note: { entityType, entityId } });
}

/** Who decides, in words of each language: the member, or the permission's name (in the team). */
function approverWords(row: { approverKind: string; approverName: string | null; permission: string | null; teamZh: string | null; teamEn: string | null }): { zh: string; en: string } {
  if (row.approverKind !== 'permission') return { zh: row.approverName ?? '', en: row.approverName ?? '' };
  const names = permissionNames(row.permission ?? '');
  return {
    zh: row.teamZh ? `${names.zh} · ${row.teamZh}` : names.zh,
    en: row.teamEn ? `${names.en} · ${row.teamEn}` : names.en,
  };
}

/** One request with its steps, in tier order. */
export async function loadApprovalRequest(db: Db, requestId: number): Promise<ApprovalRequestDto | null> {
  const [r] = await db.select({ request: staffApprovalRequests, applicantName: staff.name }).from(staffApprovalRequests)
    .innerJoin(staff, eq(staff.id, staffApprovalRequests.applicantId)).where(eq(staffApprovalRequests.id, requestId));
  if (!r) return null;
  const steps = rowsOf<{
    id: number; seq: number; approver_kind: ApprovalStepDto['approverKind']; approver_name: string | null; permission: string | null; team_zh: string | null; team_en: string | null;
    status: ApprovalStepDto['status']; decided_by_name: string; comment: string; activated_at: string | Date | null; decided_at: string | Date | null;
  }>(await db.execute(sql`
    select s.id, s.seq, s.approver_kind, m.name as approver_name, s.permission, t.name_zh as team_zh, t.name_en as team_en, s.status, s.decided_by_name, s.comment, s.activated_at, s.decided_at
    from staff_approval_steps s left join staff m on m.id = s.approver_id left join staff_teams t on t.id = s.team_id
    where s.request_id = ${requestId} order by s.seq`));
  const when = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: r.request.id, entityType: r.request.entityType as ApprovalRequestDto['entityType'], entityId: r.request.entityId, subject: r.request.subject,
    amount: r.request.amount, applicantName: r.applicantName, status: r.request.status, currentSeq: r.request.currentSeq, createdAt: r.request.createdAt.toISOString(),
    steps: steps.map((s) => {
      const words = approverWords({ approverKind: s.approver_kind, approverName: s.approver_name, permission: s.permission, teamZh: s.team_zh, teamEn: s.team_en });
      return {
        id: Number(s.id), seq: Number(s.seq), approverKind: s.approver_kind, approver: words.zh, approverEn: words.en,
        status: s.status, decidedByName: s.decided_by_name, comment: s.comment, activatedAt: when(s.activated_at), decidedAt: when(s.decided_at),
      };
    }),
  };
}

/** The entity's latest request (pending or decided), or null when it was never submitted. */
export async function latestApprovalOf(db: Db, entityType: ApprovalEntityType, entityId: number): Promise<ApprovalRequestDto | null> {
  const [r] = await db.select({ id: staffApprovalRequests.id }).from(staffApprovalRequests)
    .where(and(eq(staffApprovalRequests.entityType, entityType), eq(staffApprovalRequests.entityId, entityId)))
    .orderBy(desc(staffApprovalRequests.id)).limit(1);
  return r ? loadApprovalRequest(db, r.id) : null;
}

/** The pending step of the entity's open request that waits for this member, if any. */
export async function myPendingStep(db: Db, me: Approver, entityType: ApprovalEntityType, entityId: number): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`
    select s.id from staff_approval_steps s join staff_approval_requests r on r.id = s.request_id
    where r.entity_type = ${entityType} and r.entity_id = ${entityId} and r.status = 'pending' and ${waitsFor(me)} limit 1`));
  return rows[0] ? Number(rows[0].id) : null;
}

