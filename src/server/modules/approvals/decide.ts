import 'server-only';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ApprovalEntityType, ApprovalRequestDto } from '@/contracts/approvals';
import { rowsOf, type Db } from '@/server/db/client';
import { staffApprovalRequests, staffApprovalSteps } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sql } from 'drizzle-orm';
import { loadApprovalRequest, waitsFor, type Approver } from './engine';
import { applyApprovalOutcome } from './outcomes';

/**
 * One decision on one step, in one transaction that first locks the request row (SELECT … FOR
 * UPDATE), so two parallel decisions on a step make one (the second finds it decided: 409
 * `approvalAlreadyDecided`). The sequence is enforced: a step whose earlier tier has not decided
 * is refused (409 `approvalOutOfSequence`); the applicant never decides their own request (403
 * `approvalSelfRefused`); anyone the step does not wait for is refused (403 `approvalNotApprover`).
 * Approving passes the request to the next tier, or approves it after the last; rejecting ends it.
 * The final decision moves the entity through its own transition function. Every decision is audited.
 */
export async function decideStep(
  db: Db,
  /** `at`: when the decision was made, if not now (the demo's decisions, made with their own dates). */
  params: { actor: AuditActor; approver: Approver; stepId: number; decision: 'approve' | 'reject'; comment: string; at?: Date },
): Promise<ApprovalRequestDto> {
  const requestId = await db.transaction(async (tx) => {
    const [probe] = await tx.select({ requestId: staffApprovalSteps.requestId }).from(staffApprovalSteps).where(eq(staffApprovalSteps.id, params.stepId));
    if (!probe) throw new AppError(404, 'approvalStepNotFound');
    const [request] = await tx.select().from(staffApprovalRequests).where(eq(staffApprovalRequests.id, probe.requestId)).for('update');
    if (!request) throw new AppError(404, 'approvalStepNotFound');
    const [step] = await tx.select().from(staffApprovalSteps).where(eq(staffApprovalSteps.id, params.stepId));
    if (!step) throw new AppError(404, 'approvalStepNotFound');
    if (request.applicantId === params.approver.staffId) throw new AppError(403, 'approvalSelfRefused');
    if (step.status === 'waiting') throw new AppError(409, 'approvalOutOfSequence');
    if (step.status !== 'pending' || request.status !== 'pending') throw new AppError(409, 'approvalAlreadyDecided');
    const eligible = rowsOf<{ ok: boolean }>(await tx.execute(sql`
      select true as ok from staff_approval_steps s join staff_approval_requests r on r.id = s.request_id
      where s.id = ${step.id} and ${waitsFor(params.approver)}`));
    if (!eligible.length) throw new AppError(403, 'approvalNotApprover');
    const now = params.at ?? new Date();
    const approved = params.decision === 'approve';
    await tx.update(staffApprovalSteps).set({
      status: approved ? 'approved' : 'rejected', decidedBy: params.approver.staffId, decidedByName: params.actor.name.slice(0, 100),
      comment: params.comment, decidedAt: now,
    }).where(eq(staffApprovalSteps.id, step.id));
    const [next] = approved
      ? await tx.select().from(staffApprovalSteps).where(and(eq(staffApprovalSteps.requestId, request.id), gt(staffApprovalSteps.seq, step.seq))).orderBy(asc(staffApprovalSteps.seq)).limit(1)
      : [];
    let status: 'pending' | 'approved' | 'rejected' = 'pending';
    if (next) {
      await tx.update(staffApprovalSteps).set({ status: 'pending', activatedAt: now }).where(eq(staffApprovalSteps.id, next.id));
      await tx.update(staffApprovalRequests).set({ currentSeq: next.seq }).where(eq(staffApprovalRequests.id, request.id));
    } else {
      status = approved ? 'approved' : 'rejected';
      await tx.update(staffApprovalSteps).set({ status: 'cancelled' }).where(and(eq(staffApprovalSteps.requestId, request.id), eq(staffApprovalSteps.status, 'waiting')));
      await tx.update(staffApprovalRequests).set({ status, currentSeq: null, decidedAt: now }).where(eq(staffApprovalRequests.id, request.id));
    }
    await recordAudit(tx, params.actor, {
      action: params.decision, entity: 'approval_request', entityId: request.id,
      before: { status: 'pending', currentSeq: step.seq }, after: { status, currentSeq: next?.seq ?? null },
      note: { stepId: step.id, seq: step.seq, comment: params.comment, entityType: request.entityType, entityId: request.entityId },
    });
    if (status !== 'pending') await applyApprovalOutcome(tx, params.actor, request.entityType as ApprovalEntityType, request.entityId, status, params.at);
    return request.id;
  });
  const dto = await loadApprovalRequest(db, requestId);
  if (!dto) throw new AppError(404, 'approvalStepNotFound');
  return dto;
}
