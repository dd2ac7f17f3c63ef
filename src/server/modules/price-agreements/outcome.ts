import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { priceAgreements } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';
import { transitionAgreement } from './status';

/** The approval engine's final decision on an agreement below the floor, inside the decision's transaction. */
export async function applyAgreementOutcome(tx: Db, actor: AuditActor, id: number, outcome: 'approved' | 'rejected'): Promise<void> {
  const [row] = await tx.select({ state: priceAgreements.state, companyId: priceAgreements.companyId, belowFloor: priceAgreements.belowFloor })
    .from(priceAgreements).where(eq(priceAgreements.id, id)).for('update');
  if (!row) throw new AppError(404, 'agreementNotFound');
  await transitionAgreement(tx, {
    id, companyId: row.companyId, from: row.state, to: outcome === 'approved' ? 'active' : 'rejected', kind: 'approval', actor, facts: { belowFloor: row.belowFloor, hasRules: true },
  });
}
