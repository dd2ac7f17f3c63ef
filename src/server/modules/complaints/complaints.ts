import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { centsToMoney, type ComplaintDetailDto, type ComplaintTransitionInput } from '@/contracts/complaints';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { complaints, creditNotes } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { openApproval, withdrawApproval, type Approver } from '@/server/modules/approvals/engine';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { getComplaint, loadComplaint } from './queries';
import { assertComplaintWithinLines } from './refund-cap';
import { transitionComplaint } from './status';
import { numberDay } from '@/server/business-time';

export type ComplaintStaff = Approver & { audit: AuditActor };

/**
 * A staff member's move of a complaint, through `transitionComplaint`, in one transaction with its
 * audit row: `approving` records the approved refund (never above the applied one, and only while the
 * complaint's order lines are within their amounts, ADR 0056) and opens the
 * refund's approval request (entity type `refund`); `approving → reviewing` withdraws that request;
 * `rejected` records the review-failure reason.
 */
export async function moveComplaint(db: Db, me: ComplaintStaff, input: ComplaintTransitionInput, lang: Lang): Promise<ComplaintDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadComplaint(tx, me, input.id, true);
    const applied = Number(row.applied_refund_cents);
    const next = transitionComplaint(row.status, input.to, 'staff', { reason: input.reason, appliedCents: applied, approvedCents: input.approvedRefund ?? null });
    if (next === 'approving') await assertComplaintWithinLines(tx, input.id);
    const set: Partial<typeof complaints.$inferInsert> = { status: next, updatedAt: new Date() };
    if (next === 'rejected') set.reviewFailureReason = input.reason.trim();
    if (next === 'approving') set.approvedRefundCents = input.approvedRefund ?? null;
    if (row.status === 'approving' && next === 'reviewing') {
      set.approvedRefundCents = null;
      await withdrawApproval(tx, me.audit, 'refund', input.id);
    }
    await tx.update(complaints).set(set).where(eq(complaints.id, input.id));
    if (next === 'approving') {
      await openApproval(tx, {
        actor: me.audit, entityType: 'refund', entityId: input.id, applicantId: me.staffId, teamId: me.teamId,
        amount: centsToMoney(input.approvedRefund ?? 0), category: null, subject: `${row.complaint_no} · ${row.company_name}`.slice(0, 100),
      });
    }
    await recordAudit(tx, me.audit, {
      action: 'status', entity: 'complaint', entityId: input.id, companyId: Number(row.company_id),
      before: { status: row.status, approvedRefund: row.approved_refund_cents === null ? null : centsToMoney(Number(row.approved_refund_cents)) },
      after: { status: next, approvedRefund: set.approvedRefundCents === undefined ? undefined : set.approvedRefundCents === null ? null : centsToMoney(set.approvedRefundCents) },
      ...(input.reason.trim() ? { note: { reason: input.reason.trim() } } : {}),
    });
  });
  return getComplaint(db, me, input.id, lang);
}

/**
 * The approval engine's final decision on a refund, inside the decision's transaction: approved moves
 * the complaint to `passed` and records its credit note (the approved amount; the order lines locked
 * and within their amounts, ADR 0056); rejected sends it back
 * to `reviewing`. Both through `transitionComplaint`, both audited.
 */
export async function applyRefundOutcome(tx: Db, actor: AuditActor, complaintId: number, outcome: 'approved' | 'rejected', at?: Date): Promise<void> {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update');
  if (!row) throw new AppError(404, 'complaintNotFound');
  const facts = { reason: '', appliedCents: row.appliedRefundCents, approvedCents: row.approvedRefundCents };
  const next = transitionComplaint(row.status, outcome === 'approved' ? 'passed' : 'reviewing', 'approval', facts);
  if (next === 'passed') await assertComplaintWithinLines(tx, complaintId);
  await tx.update(complaints).set({ status: next, updatedAt: new Date(), ...(next === 'reviewing' ? { approvedRefundCents: null } : {}) }).where(eq(complaints.id, complaintId));
  await recordAudit(tx, actor, {
    action: outcome === 'approved' ? 'approve' : 'reject', entity: 'complaint', entityId: complaintId, companyId: row.companyId,
    before: { status: row.status }, after: { status: next },
  });
  if (next !== 'passed') return;
  const amount = row.approvedRefundCents;
  if (amount === null || amount <= 0 || amount > row.appliedRefundCents) throw new AppError(409, 'refundAboveApplied');
  const [seq] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('credit_notes', 'id'))::int as id`));
  if (!seq) throw new AppError(500);
  const creditNo = `CN${numberDay(at)}${String(seq.id).padStart(5, '0')}`;
  await tx.insert(creditNotes).values({ id: seq.id, creditNo, complaintId, companyId: row.companyId, orderId: row.orderId, amountCents: amount, ...(at ? { createdAt: at } : {}) });
  await recordAudit(tx, actor, {
    action: 'create', entity: 'credit_note', entityId: seq.id, companyId: row.companyId,
    after: { creditNo, complaintNo: row.complaintNo, amount: centsToMoney(amount) },
  });
}
