import 'server-only';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { APPROVAL_RULE_KINDS, type ApprovalRuleDto, type ApprovalSaveInput, type ApprovalSettingsDto } from '@/contracts/company';
import { effectivePermissions } from '@/server/auth/grants';
import type { Db } from '@/server/db/client';
import { approvalRules, companyFiles, departments, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '@/server/modules/audit/record';
import { boundByApprovalRules } from '@/server/modules/orders/access';
import { loosensApproval } from '@/server/modules/orders/rules';
import type { CompanyActor } from './context';
import { checkCompanyGrants, lockCompanyGrants } from './grants';

/** The four rules of a company (a kind without a row is off), as the rule engine reads them. */
export async function listApprovalRules(db: Db, companyId: number): Promise<ApprovalRuleDto[]> {
  const rows = await db.select({ kind: approvalRules.kind, active: approvalRules.active, amount: approvalRules.amount, requirePermit: approvalRules.requirePermit })
    .from(approvalRules).where(eq(approvalRules.companyId, companyId));
  return APPROVAL_RULE_KINDS.map((kind) => rows.find((r) => r.kind === kind) ?? { kind, active: false, amount: null, requirePermit: false });
}

/** Whether the company has a permit on file that is valid today (no end date, or ending today or later). */
export async function hasValidPermit(db: Db, companyId: number, today = new Date()): Promise<boolean> {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companyFiles).where(and(
    eq(companyFiles.companyId, companyId), eq(companyFiles.kind, 'permit'),
    or(isNull(companyFiles.validUntil), gte(companyFiles.validUntil, start)),
  ));
  return (row?.n ?? 0) > 0;
}

/** The rules, every active user's monthly limit, and whether a valid permit is on file. */
export async function getApprovalSettings(db: Db, companyId: number): Promise<ApprovalSettingsDto> {
  const [rules, buyers, validPermit] = await Promise.all([
    listApprovalRules(db, companyId),
    db.select({ id: users.id, name: users.name, department: departments.name, monthlyLimit: users.monthlyLimit })
      .from(users).leftJoin(departments, eq(departments.id, users.departmentId))
      .where(and(eq(users.companyId, companyId), eq(users.active, true))).orderBy(asc(users.name), asc(users.id)),
    hasValidPermit(db, companyId),
  ]);
  return { rules, buyers, validPermit };
}

/**
 * Saves the four rules at once (one row per company and kind), each change in the audit log. Someone the
 * rules bind (who may not approve orders) may tighten them but not loosen them: switch one off, raise the
 * amount, or stop requiring a permit.
 */
export async function saveApprovalRules(db: Db, actor: CompanyActor, input: ApprovalSaveInput): Promise<ApprovalSettingsDto> {
  const wanted: Record<(typeof APPROVAL_RULE_KINDS)[number], { active: boolean; amount: string | null; requirePermit: boolean }> = {
    total_above: { active: input.totalAboveActive, amount: input.totalAboveAmount ?? null, requirePermit: false },
    hazardous: { active: input.hazardousActive, amount: null, requirePermit: false },
    controlled: { active: input.controlledActive, amount: null, requirePermit: input.controlledRequirePermit },
    monthly_limit: { active: input.monthlyLimitActive, amount: null, requirePermit: false },
  };
  await db.transaction(async (tx) => {
    const grants = await lockCompanyGrants(tx, actor.companyId);
    const before = await listApprovalRules(tx, actor.companyId);
    for (const kind of APPROVAL_RULE_KINDS) {
      const next = wanted[kind];
      await tx.insert(approvalRules).values({ companyId: actor.companyId, kind, ...next })
        .onConflictDoUpdate({ target: [approvalRules.companyId, approvalRules.kind], set: next });
      const old = before.find((r) => r.kind === kind);
      await recordAudit(tx, actor.audit, {
        action: 'update', entity: 'approval_rule', entityId: kind, companyId: actor.companyId,
        before: old ? { active: old.active, amount: old.amount === null ? null : Number(old.amount).toFixed(2), requirePermit: old.requirePermit } : null,
        after: { active: next.active, amount: next.amount === null ? null : Number(next.amount).toFixed(2), requirePermit: next.requirePermit },
      });
    }
    // Switching the monthly-limit rule changes the limit of everyone who has one, the actor included.
    await checkCompanyGrants(tx, actor, grants);
    // Nor loosen the rules that hold one's own orders for someone else's approval.
    const after = APPROVAL_RULE_KINDS.map((kind) => ({ kind, ...wanted[kind] }));
    if (boundByApprovalRules(effectivePermissions(grants.world, actor.userId)) && loosensApproval(before, after)) {
      throw new AppError(409, 'grantOwnApprovalRules');
    }
  });
  return getApprovalSettings(db, actor.companyId);
}
