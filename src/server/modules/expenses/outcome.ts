import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { expenses } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { transitionExpense } from './status';

/** The approval engine's final decision on an expense, inside the decision's transaction: approved or rejected, audited. */
export async function applyExpenseOutcome(tx: Db, actor: AuditActor, expenseId: number, outcome: 'approved' | 'rejected'): Promise<void> {
  const [row] = await tx.select({ status: expenses.status }).from(expenses).where(eq(expenses.id, expenseId)).for('update');
  if (!row) throw new AppError(404, 'expenseNotFound');
  const next = transitionExpense(row.status, outcome, 'approval');
  await tx.update(expenses).set({ status: next, updatedAt: new Date() }).where(eq(expenses.id, expenseId));
  await recordAudit(tx, actor, { action: outcome === 'approved' ? 'approve' : 'reject', entity: 'expense', entityId: expenseId, before: { status: row.status }, after: { status: next } });
}
