import 'server-only';
import { EXPENSE_TRANSITIONS, type ExpenseStatusName } from '@/contracts/expenses';
import { AppError } from '@/server/errors';

/**
 * The one transition function of expense applications: answers the new status when the table
 * `EXPENSE_TRANSITIONS` allows the move for this kind of actor (the applicant, or the approval
 * engine), else refuses with 409 (`expenseTransitionInvalid`).
 */
export function transitionExpense(from: ExpenseStatusName, to: ExpenseStatusName, by: 'applicant' | 'approval'): ExpenseStatusName {
  if (!EXPENSE_TRANSITIONS[from].some((t) => t.to === to && t.by === by)) throw new AppError(409, 'expenseTransitionInvalid', { from, to });
  return to;
}
