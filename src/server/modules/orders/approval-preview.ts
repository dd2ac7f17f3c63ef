import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { ApprovalNoteDto, HazardDto } from '@/contracts/hazards';
import type { Db } from '@/server/db/client';
import { preparedPerHandle } from '@/server/db/prepared';
import { approvalRules } from '@/server/db/schema';
import { evaluateRules } from './rules';
import { hasValidPermit } from './submit';

const rulesOfCompany = preparedPerHandle((db: Db) => db
  .select({ kind: approvalRules.kind, amount: approvalRules.amount, requirePermit: approvalRules.requirePermit, active: approvalRules.active })
  .from(approvalRules)
  .where(eq(approvalRules.companyId, sql.placeholder('companyId')))
  .prepare('approval_rules_of_company'));

/**
 * What the company's approval rules will say about a product before the buyer commits: the rules of
 * the order's approval reasons (`evaluateRules`) run on one line of that product, so the product page,
 * quick order and the cart say "needs approval: precursor permit" exactly when the order would. Only
 * the rules a product decides (dangerous goods, controlled chemicals) can match a line alone; the total
 * and the monthly limit belong to the order. Reads the rules (and the permit, when a rule wants one) once.
 */
export async function approvalPreview(db: Db, companyId: number): Promise<(hazard: HazardDto) => ApprovalNoteDto | null> {
  const rules = await rulesOfCompany(db).execute({ companyId });
  const wantsPermit = rules.some((r) => r.active && r.kind === 'controlled' && r.requirePermit);
  const permitMissing = wantsPermit ? !(await hasValidPermit(db, companyId)) : false;
  return (hazard) => {
    if (!hazard.hazardous && hazard.controlClass === null) return null;
    const outcome = evaluateRules({ rules, total: 0n, lines: [{ itemNo: '', ...hazard }], monthSpent: 0n, monthlyLimit: null });
    const reasons = outcome.matches.flatMap((m) => (m.kind === 'hazardous' || m.kind === 'controlled' ? [m.kind] : []));
    if (reasons.length === 0) return null;
    return { reasons, permit: outcome.permitRequired, permitMissing: outcome.permitRequired && permitMissing };
  };
}
