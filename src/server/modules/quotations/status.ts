import 'server-only';
import { eq } from 'drizzle-orm';
import { QUOTATION_TRANSITIONS, type QuotationActorKind, type QuotationStateName } from '@/contracts/quotations';
import type { Db } from '@/server/db/client';
import { quotations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/** What the table's conditions read: the current version's floor flag and lines, and whether its validity has passed. */
export interface QuotationFacts {
  belowFloor: boolean;
  hasLines: boolean;
  expired: boolean;
}

/**
 * The legality of a move (pure): the table allows it for this kind of actor, and its conditions hold —
 * a draft below the price floor goes to approval and never straight to the customer, a draft at or above
 * it is sent without one, a version is sent or approved only with lines, the customer answers only
 * before the validity date passes, and the system expires a quotation only after it.
 * Answers the error's key, or null when the move is legal.
 */
export function quotationMoveRefusal(from: QuotationStateName, to: QuotationStateName, kind: QuotationActorKind, facts: QuotationFacts): string | null {
  const who = QUOTATION_TRANSITIONS[from][to];
  if (!who) return 'quotationTransitionInvalid';
  if (!who.includes(kind)) return 'quotationTransitionNotYours';
  if ((to === 'sent' || to === 'pending_approval') && !facts.hasLines) return 'quoteLinesRequired';
  if (from === 'draft' && to === 'sent' && facts.belowFloor) return 'quotationNeedsApproval';
  if (to === 'pending_approval' && !facts.belowFloor) return 'quotationNoApprovalNeeded';
  if (from === 'sent' && kind === 'customer' && facts.expired) return 'quotationExpired';
  if (to === 'expired' && !facts.expired) return 'quotationNotExpired';
  return null;
}

export interface QuotationMove {
  id: number;
  from: QuotationStateName;
  to: QuotationStateName;
  kind: QuotationActorKind;
  actor: AuditActor;
  facts: QuotationFacts;
  comment?: string;
  /** Further columns written with the state (owner, current version, order, conversion error). */
  set?: Partial<typeof quotations.$inferInsert>;
}

/**
 * The one transition function of quotations, inside the caller's transaction (the row locked by the
 * caller): checks the move is legal for this actor, writes the new state, and its audit row.
 */
export async function transitionQuotation(tx: Db, move: QuotationMove): Promise<QuotationStateName> {
  const refusal = quotationMoveRefusal(move.from, move.to, move.kind, move.facts);
  if (refusal) throw new AppError(refusal === 'quotationTransitionNotYours' ? 403 : 409, refusal, { from: move.from, to: move.to });
  await tx.update(quotations).set({ ...move.set, state: move.to, updatedAt: new Date() }).where(eq(quotations.id, move.id));
  await recordAudit(tx, move.actor, {
    action: 'status', entity: 'quotation', entityId: move.id, before: { state: move.from }, after: { state: move.to },
    note: { by: move.kind, ...(move.comment ? { comment: move.comment } : {}) },
  });
  return move.to;
}
