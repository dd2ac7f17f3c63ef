import 'server-only';
import { CASE_TRANSITIONS, type CaseStatusName } from '@/contracts/cases';
import { AppError } from '@/server/errors';

/**
 * The one transition function of testing cases: answers the new status when `CASE_TRANSITIONS`
 * allows the move and its conditions hold — a rejection and a loss carry a reason (at most 50
 * characters), resolving needs the report — else refuses (409 `caseTransitionInvalid`, 400 with the
 * field for a missing reason, 409 `caseReportMissing`).
 */
export function transitionCase(from: CaseStatusName, to: CaseStatusName, facts: { reason: string; hasReport: boolean }): CaseStatusName {
  if (!CASE_TRANSITIONS[from].includes(to)) throw new AppError(409, 'caseTransitionInvalid', { from, to });
  if ((to === 'rejected' || to === 'lost') && !facts.reason.trim()) throw new AppError(400, 'validation', [{ field: 'reason', message: 'reasonRequired' }]);
  if (facts.reason.length > 50) throw new AppError(400, 'validation', [{ field: 'reason', message: 'reasonTooLong' }]);
  if (to === 'resolved' && !facts.hasReport) throw new AppError(409, 'caseReportMissing');
  return to;
}
