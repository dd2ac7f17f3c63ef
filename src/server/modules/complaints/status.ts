import 'server-only';
import { COMPLAINT_TRANSITIONS, REASON_MAX_COMPLAINT, type ComplaintActorKind, type ComplaintStatusName } from '@/contracts/complaints';
import { AppError } from '@/server/errors';

export interface ComplaintMoveFacts {
  /** The review-failure reason (a rejection needs one, at most 50 characters). */
  reason: string;
  /** The refund applied for, in cents. */
  appliedCents: number;
  /** The refund proposed for approval, in cents (moving to `approving` needs one, never above the applied refund). */
  approvedCents: number | null;
}

/**
 * The one transition function of complaints: answers the new status when `COMPLAINT_TRANSITIONS`
 * allows the move for this kind of actor and its conditions hold — a rejection carries a reason
 * (at most 50 characters); a refund sent for approval is more than 0 and not above the applied
 * refund — else refuses (409 `complaintTransitionInvalid`, 403 `complaintMoveNotYours`, 400 with the
 * field).
 */
export function transitionComplaint(from: ComplaintStatusName, to: ComplaintStatusName, actor: ComplaintActorKind, facts: ComplaintMoveFacts): ComplaintStatusName {
  const allowed = COMPLAINT_TRANSITIONS[from][to];
  if (!allowed) throw new AppError(409, 'complaintTransitionInvalid', { from, to });
  if (!allowed.includes(actor)) throw new AppError(403, 'complaintMoveNotYours', { from, to });
  if (to === 'rejected') {
    if (!facts.reason.trim()) throw new AppError(400, 'validation', [{ field: 'reason', message: 'reasonRequired' }]);
    if (facts.reason.trim().length > REASON_MAX_COMPLAINT) throw new AppError(400, 'validation', [{ field: 'reason', message: 'reasonTooLong' }]);
  }
  if (to === 'approving') {
    if (facts.approvedCents === null || !Number.isInteger(facts.approvedCents) || facts.approvedCents <= 0) {
      throw new AppError(400, 'validation', [{ field: 'approvedRefund', message: 'refundZero' }]);
    }
    if (facts.approvedCents > facts.appliedCents) throw new AppError(400, 'validation', [{ field: 'approvedRefund', message: 'refundAboveApplied' }]);
  }
  return to;
}
