import 'server-only';
import { eq } from 'drizzle-orm';
import { CONTRACT_REASON_MAX, CONTRACT_TRANSITIONS, type ContractActorKind, type ContractStateName } from '@/contracts/contracts';
import type { Db } from '@/server/db/client';
import { contracts } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/** What the table's conditions read. */
export interface ContractFacts {
  /** A countersigned scan is attached (signing needs one). */
  hasSignedScan: boolean;
  /** The cancellation reason given with the move. */
  reason: string;
}

/**
 * The legality of a move (pure): the table allows it for this kind of actor, and its conditions hold —
 * `signed` needs a countersigned scan attached, `cancelled` a reason of 1–50 characters. Answers the
 * refusal (status, key, field) or null when the move is legal.
 */
export function contractMoveRefusal(from: ContractStateName, to: ContractStateName, kind: ContractActorKind, facts: ContractFacts): { status: 400 | 403 | 409; key: string; field?: string } | null {
  const who = CONTRACT_TRANSITIONS[from][to];
  if (!who) return { status: 409, key: 'contractTransitionInvalid' };
  if (!who.includes(kind)) return { status: 403, key: 'contractMoveNotYours' };
  if (to === 'signed' && !facts.hasSignedScan) return { status: 409, key: 'contractSignedScanRequired' };
  if (to === 'cancelled') {
    const reason = facts.reason.trim();
    if (!reason) return { status: 400, key: 'contractReasonRequired', field: 'reason' };
    if (reason.length > CONTRACT_REASON_MAX) return { status: 400, key: 'reasonTooLong', field: 'reason' };
  }
  return null;
}

export interface ContractMove {
  id: number;
  companyId: number;
  from: ContractStateName;
  to: ContractStateName;
  kind: ContractActorKind;
  actor: AuditActor;
  facts: ContractFacts;
}

/**
 * The one transition function of contracts, inside the caller's transaction (the row locked by the
 * caller): checks the move is legal for this actor, writes the new state (and a cancellation's
 * reason) and its audit row.
 */
export async function transitionContract(tx: Db, move: ContractMove): Promise<ContractStateName> {
  const refusal = contractMoveRefusal(move.from, move.to, move.kind, move.facts);
  if (refusal) {
    if (refusal.field) throw new AppError(refusal.status, 'validation', [{ field: refusal.field, message: refusal.key }]);
    throw new AppError(refusal.status, refusal.key, { from: move.from, to: move.to });
  }
  const reason = move.to === 'cancelled' ? move.facts.reason.trim() : '';
  await tx.update(contracts).set({ state: move.to, updatedAt: new Date(), ...(reason ? { cancelReason: reason } : {}) }).where(eq(contracts.id, move.id));
  await recordAudit(tx, move.actor, {
    action: move.kind === 'approval' ? (move.to === 'approved' ? 'approve' : 'reject') : 'status', entity: 'contract', entityId: move.id, companyId: move.companyId,
    before: { state: move.from }, after: { state: move.to }, note: { by: move.kind, ...(reason ? { reason } : {}) },
  });
  return move.to;
}
