import 'server-only';
import { eq } from 'drizzle-orm';
import { AGREEMENT_TRANSITIONS, type AgreementActorKind, type AgreementStateName } from '@/contracts/price-agreements';
import type { Db } from '@/server/db/client';
import { priceAgreements } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/** What the table's conditions read: whether any rule prices below the floor, and whether it has rules. */
export interface AgreementFacts {
  belowFloor: boolean;
  hasRules: boolean;
}

/**
 * The legality of a move (pure): the table allows it for this kind of actor, and its conditions hold —
 * a draft is submitted only with rules; below the price floor it goes to approval and never straight
 * to active, at or above it it becomes active without one. Answers the error's key, or null when legal.
 */
export function agreementMoveRefusal(from: AgreementStateName, to: AgreementStateName, kind: AgreementActorKind, facts: AgreementFacts): string | null {
  const who = AGREEMENT_TRANSITIONS[from][to];
  if (!who) return 'agreementTransitionInvalid';
  if (!who.includes(kind)) return 'agreementTransitionNotYours';
  if (from === 'draft' && !facts.hasRules) return 'agreementRulesRequired';
  if (from === 'draft' && to === 'active' && facts.belowFloor) return 'agreementNeedsApproval';
  if (to === 'pending_approval' && !facts.belowFloor) return 'agreementNoApprovalNeeded';
  return null;
}

/** Where a draft's submission goes: to approval below the floor, else straight to active. */
export const submitTarget = (facts: AgreementFacts): AgreementStateName => (facts.belowFloor ? 'pending_approval' : 'active');

export interface AgreementMove {
  id: number;
  companyId: number;
  from: AgreementStateName;
  to: AgreementStateName;
  kind: AgreementActorKind;
  actor: AuditActor;
  facts: AgreementFacts;
  comment?: string;
}

/**
 * The one transition function of price agreements, inside the caller's transaction (the row locked by
 * the caller): checks the move is legal for this actor, writes the new state and its audit row.
 */
export async function transitionAgreement(tx: Db, move: AgreementMove): Promise<AgreementStateName> {
  const refusal = agreementMoveRefusal(move.from, move.to, move.kind, move.facts);
  if (refusal) throw new AppError(refusal === 'agreementTransitionNotYours' ? 403 : 409, refusal, { from: move.from, to: move.to });
  await tx.update(priceAgreements).set({ state: move.to, belowFloor: move.facts.belowFloor, updatedAt: new Date() }).where(eq(priceAgreements.id, move.id));
  await recordAudit(tx, move.actor, {
    action: 'status', entity: 'price_agreement', entityId: move.id, companyId: move.companyId, before: { state: move.from }, after: { state: move.to },
    note: { by: move.kind, ...(move.comment ? { comment: move.comment } : {}) },
  });
  return move.to;
}
