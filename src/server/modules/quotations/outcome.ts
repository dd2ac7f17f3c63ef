import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { quotations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';
import { transitionQuotation } from './status';
import { factsOf } from './versions';

/** The approval engine's final decision on a quotation below the price floor, inside the decision's transaction. */
export async function applyQuotationOutcome(tx: Db, actor: AuditActor, id: number, outcome: 'approved' | 'rejected'): Promise<void> {
  const [row] = await tx.select({ state: quotations.state, version: quotations.currentVersion }).from(quotations).where(eq(quotations.id, id)).for('update');
  if (!row) throw new AppError(404, 'quotationNotFound');
  await transitionQuotation(tx, { id, from: row.state, to: outcome, kind: 'approval', actor, facts: await factsOf(tx, id, row.version) });
}
