import 'server-only';
import type { ApprovalEntityType } from '@/contracts/approvals';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';
import { applyContractOutcome } from '@/server/modules/contracts/contracts';
import { applyRefundOutcome } from '@/server/modules/complaints/complaints';
import { applyExpenseOutcome } from '@/server/modules/expenses/outcome';
import { applyQuotationOutcome } from '@/server/modules/quotations/outcome';
import { applyAgreementOutcome } from '@/server/modules/price-agreements/outcome';

/**
 * Where a final decision goes: each entity type that uses the engine names the function that moves
 * its entity (through that entity's own transition function) in the decision's transaction. `at`: when
 * the decision was made, if not now; a record the outcome makes (a credit note) is dated and numbered by it.
 */
export async function applyApprovalOutcome(
  tx: Db, actor: AuditActor, entityType: ApprovalEntityType, entityId: number, outcome: 'approved' | 'rejected', at?: Date,
): Promise<void> {
  switch (entityType) {
    case 'contract':
      return applyContractOutcome(tx, actor, entityId, outcome);
    case 'expense':
      return applyExpenseOutcome(tx, actor, entityId, outcome);
    case 'quotation':
      return applyQuotationOutcome(tx, actor, entityId, outcome);
    case 'price_agreement':
      return applyAgreementOutcome(tx, actor, entityId, outcome);
    case 'refund':
      return applyRefundOutcome(tx, actor, entityId, outcome, at);
    default:
      throw new AppError(409, 'approvalEntityUnsupported', { entityType });
  }
}
